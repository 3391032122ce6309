import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotMessage, OutbidMessage } from '../machines/live-messages.js';
import { topics } from '../live/topic-filter.js';
import { useMoney } from './Money.js';
import { useServices } from './services-context.js';

/**
 * The best offer on an outbid notice's lot, kept current: the notice's own figure until the lot's live topic says
 * more (a third dealer's later offer raises it; nobody is told "outbid" again, so the notice alone would stay behind).
 */
export function useCurrentBest(message: OutbidMessage): number {
  const { live } = useServices();
  const [best, setBest] = useState({ amount: message.bestOffer, position: message.position });
  useEffect(() => setBest({ amount: message.bestOffer, position: message.position }), [message]);
  useEffect(() => live.subscribe(topics.lot(message.idAuction, message.idLot), (_topic, payload) => {
    const lot = payload as Partial<LotMessage> | null;
    if (!lot || typeof lot.bestOffer !== 'number' || typeof lot.position !== 'number') return;
    const { bestOffer, position } = lot as { bestOffer: number; position: number };
    setBest((b) => (position > b.position ? { amount: bestOffer, position } : b));
  }), [live, message.idAuction, message.idLot]);
  return best.amount;
}

/** What an outbid notice names: the car (brand, model, plate), its lot number and the auction, as far as the notice tells. */
export function outbidVehicle(m: OutbidMessage): string {
  const car = [`${m.brand ?? ''} ${m.model ?? ''}`.trim(), m.licensePlate ? `(${m.licensePlate})` : ''].filter(Boolean).join(' ');
  return car;
}

/** One outbid notice: which car of which auction, the current best offer and yours, a link to the lot. */
export function OutbidToast({ message, onDismiss }: { readonly message: OutbidMessage; readonly onDismiss: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const best = useCurrentBest(message);
  const car = outbidVehicle(message);
  return (
    <div className="live-banner live-banner-outbid" data-testid="outbid-alert" data-lot={message.idLot} data-best={best}>
      <strong>{t('live.outbidTitle')}</strong>
      {car && (
        <span data-testid="outbid-vehicle">
          {message.lotNumber ? t('live.outbidLot', { number: message.lotNumber, vehicle: car }) : car}
          {message.auctionName ? ` · ${message.auctionName}` : ''}
        </span>
      )}
      <span data-testid="outbid-amount">{t('live.outbid', { amount: money(best), yours: money(message.yourBestOffer) })}</span>
      <Link to="/lot-detail/$idAuction/$idLot" params={{ idAuction: message.idAuction, idLot: message.idLot }} onClick={onDismiss}
        aria-label={car ? t('live.openLotOf', { vehicle: car }) : undefined}>{t('live.openLot')}</Link>
      <button type="button" className="btn btn-small btn-ghost" onClick={onDismiss} data-testid="outbid-dismiss">{t('live.dismiss')}</button>
    </div>
  );
}
