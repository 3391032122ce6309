import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PhaseCountdown } from '../../../ui/PhaseCountdown.js';
import { Money, useLanguage } from '../../../ui/Money.js';
import { useServices, useStore } from '../../../ui/services-context.js';
import { ExtensionFlash, OfferOutcomeLine } from './LotNotices.js';
import { splitLotState } from './lot-state.js';
import { OfferForm } from './OfferForm.js';
import { LotThumb } from '../photos/LotThumb.js';
import { vehicleKeyTexts } from '../photos/vehicle-facts.js';
import type { LotActor } from './use-auction-live.js';

interface Props {
  readonly lotActor: LotActor;
  readonly ensureRegulation: () => Promise<boolean>;
  /** The auction's start: a scheduled lot counts to it. */
  readonly startDate: string;
}

/**
 * One lot of the live auction table, for a dealer: its live figures, my state, the countdown and the offer. Memoised:
 * a row draws again when its own lot changes (its actor), not when the page does (another lot's message).
 */
export const LotRow = memo(function LotRow({ lotActor, ensureRegulation, startDate }: Props) {
  const { t } = useTranslation('auction');
  const { api, live } = useServices();
  const stale = useStore(live.stale);
  const snapshot = useSelector(lotActor, (s) => s);
  const { lot, myBestOffer, lastOutcome, extendedFrom } = snapshot.context;
  const { status, sub } = splitLotState(snapshot.value);
  const [observed, setObserved] = useState(!!lot.observed);
  const toggleObserve = async () => {
    await api.observe(lot.idAuction, lot.idLot, observed);
    setObserved(!observed);
  };
  const mine = sub ?? 'noOffer';
  const announce = useStateAnnouncement(mine);
  const language = useLanguage();
  const keys = vehicleKeyTexts(lot, t, language);
  return (
    <tr data-testid={`lot-${lot.idLot}`} data-status={status} data-my-state={mine} className={stale ? 'live-stale' : undefined}>
      <td data-label={t('lot.number')}>{lot.lotNumber}</td>
      <td data-label={t('lot.plate')}><span className="plate">{lot.licensePlate}</span></td>
      <td data-label={t('lot.vehicle')} className="wide">
        <span className="lot-card">
          <LotThumb idPhoto={lot.idCoverPhoto} testId={`thumb-${lot.idLot}`} />
          <span>
            <Link to="/lot-detail/$idAuction/$idLot" params={{ idAuction: lot.idAuction, idLot: lot.idLot }}>{lot.brand} {lot.model}</Link>
            {keys.length > 0 && <span className="muted small lot-keys" data-testid={`keys-${lot.idLot}`}>{keys.join(' · ')}</span>}
          </span>
        </span>
      </td>
      <td className="num" data-label={t('lot.base')}><Money value={lot.basePrice} /></td>
      <td className="num" data-label={t('lot.best')}><strong><Money value={lot.bestOffer} testId={`best-${lot.idLot}`} /></strong></td>
      <td className="num" data-label={t('lot.offers')} data-testid={`offers-count-${lot.idLot}`}>{lot.offersCount}</td>
      <td className="num" data-label={t('lot.mine')}><Money value={myBestOffer} /></td>
      <td className="lot-state" data-label={t('lot.state')}>
        <span className={`badge badge-${mine}`} data-testid={`my-state-${lot.idLot}`} data-state={mine}>{t(`my.${mine}`)}</span>
        <span className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid={`my-state-announcer-${lot.idLot}`}>
          {announce ? `${lot.licensePlate}: ${t(`my.${mine}`)}` : ''}
        </span>
      </td>
      <td data-label={t('lot.status')}>
        <span className={`badge badge-${status}`} data-testid={`lot-status-${lot.idLot}`}>{t(`common:status.${status}`)}</span>
        {status === 'CLD' && <span className="muted small" data-testid={`awaiting-${lot.idLot}`}> {t('dealer.awaitingSeller')}</span>}
      </td>
      <td className="num" data-label={t('lot.endsIn')}>
        <PhaseCountdown status={status} start={startDate} end={lot.endDate} testId={`countdown-${lot.idLot}`} endLabel={t('lot.countdownLabel', { plate: lot.licensePlate })} />
        {status === 'RUN' && <ExtensionFlash idLot={lot.idLot} endDate={lot.endDate} extendedFrom={extendedFrom} reserved />}
      </td>
      <td className="wide" data-label={t('lot.actions')}>
        {status === 'RUN' && <OfferForm lot={lot} lotActor={lotActor} ensureRegulation={ensureRegulation} />}
        {status !== 'RUN' && <OfferOutcomeLine idLot={lot.idLot} outcome={lastOutcome} />}
      </td>
      <td data-label={t('lot.observe')}>
        <button type="button" className="btn btn-small" aria-pressed={observed} onClick={() => void toggleObserve()} data-testid={`observe-${lot.idLot}`}>
          {observed ? t('lot.unobserve') : t('lot.observe')}
        </button>
      </td>
    </tr>
  );
});

const ANNOUNCED = new Set(['leading', 'outbid', 'won', 'lost']);

/** True once my state has changed to one a screen reader must hear (not for the state the row opened with). */
function useStateAnnouncement(mine: string): boolean {
  const first = useRef(mine);
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    if (mine !== first.current) setChanged(true);
  }, [mine]);
  return changed && ANNOUNCED.has(mine);
}
