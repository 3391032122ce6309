import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutbidMessage } from '../machines/live-messages.js';
import { topics } from '../live/topic-filter.js';
import { useMoney } from './Money.js';
import { OutbidToast, outbidVehicle } from './OutbidToast.js';
import { useProfile, useServices, useStore } from './services-context.js';

/**
 * What the live channel must tell on every page: a prominent "connection lost" banner (with a reconnect button) and,
 * for a dealer, the outbid notices of `user/{id}/outbid` as a banner with a link to the lot, a count in the tab title
 * and an assertive announcement for screen readers.
 */
export function LiveAlerts() {
  return (
    <>
      <ConnectionLost />
      <OutbidAlerts />
    </>
  );
}

function ConnectionLost() {
  const { live } = useServices();
  const stale = useStore(live.stale);
  const status = useStore(live.status);
  const { t } = useTranslation();
  if (!stale) return null;
  // The server itself not answering is told as such: the dealer's network is fine, nothing to fix on its side.
  const server = status === 'unreachable';
  return (
    <div className="live-banner live-banner-lost" role="alert" data-testid="connection-lost" data-reason={server ? 'server' : 'connection'}>
      <span>{server ? t('live.lostServer') : t('live.lost')}</span>
      <button type="button" className="btn btn-small" onClick={() => live.reconnect()} data-testid="connection-reconnect">{t('live.reconnect')}</button>
    </div>
  );
}

function OutbidAlerts() {
  const { live } = useServices();
  const profile = useProfile();
  const { t } = useTranslation();
  const money = useMoney();
  const [alerts, setAlerts] = useState<OutbidMessage[]>([]);
  const baseTitle = useRef<string | null>(null);
  const dealer = !!profile && profile.roles.includes('BUYER');

  useEffect(() => {
    if (!dealer || !profile) return;
    return live.subscribe(topics.outbid(profile.idUser), (_topic, payload) => {
      if (typeof payload !== 'object' || payload === null) return;
      const message = payload as OutbidMessage;
      // One notice per lot: the newest replaces an older one.
      setAlerts((list) => [message, ...list.filter((m) => m.idLot !== message.idLot || m.idAuction !== message.idAuction)].slice(0, 5));
    });
  }, [dealer, live, profile]);

  useEffect(() => {
    if (alerts.length === 0) {
      if (baseTitle.current !== null) document.title = baseTitle.current;
      baseTitle.current = null;
      return;
    }
    baseTitle.current ??= document.title;
    document.title = `${t('live.tabTitle', { count: alerts.length })} · ${baseTitle.current}`;
  }, [alerts, t]);
  useEffect(() => () => { if (baseTitle.current !== null) document.title = baseTitle.current; }, []);

  const dismiss = (m: OutbidMessage) => setAlerts((list) => list.filter((x) => x !== m));
  const latest = alerts[0];
  return (
    <>
      <div className="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="outbid-announcer">
        {latest ? `${outbidVehicle(latest)} ${t('live.outbid', { amount: money(latest.bestOffer), yours: money(latest.yourBestOffer) })}`.trim() : ''}
      </div>
      {alerts.length > 0 && (
        // A named region (a landmark): the notices sit outside <main>, and screen readers list them among the regions.
        <section className="live-toasts" aria-label={t('live.outbidNotices')} data-testid="outbid-notices">
          {alerts.map((m) => <OutbidToast key={`${m.idAuction}/${m.idLot}`} message={m} onDismiss={() => dismiss(m)} />)}
        </section>
      )}
    </>
  );
}
