import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotView, OfferReportRow } from '@auction/contracts';
import { Countdown } from '../../../ui/Countdown.js';
import { PhaseCountdown } from '../../../ui/PhaseCountdown.js';
import { Money } from '../../../ui/Money.js';
import { splitLotState } from '../live/lot-state.js';
import type { LotActor } from '../live/use-auction-live.js';

interface Props {
  readonly lotActor: LotActor;
  /** The auction's start: a scheduled lot counts to it. */
  readonly startDate: string;
  /** The reserve as loaded by the owner (live messages are public and do not carry it). */
  readonly reservePrice: number | null;
  /** An offer of the offers report by id (to name the winner and tell a buy-now, which cannot be reverted). */
  readonly offerById: (idOffer: string) => OfferReportRow | undefined;
  readonly onAward: (lot: LotView) => void;
  readonly onNotAward: (lot: LotView) => void;
  readonly onRevert: (lot: LotView) => void;
  /** Called when the lot's offers count changes (the offers report is then reloaded). */
  readonly onOffersChanged: () => void;
}

/**
 * One lot on the auctioneer's page, live: figures, status and award state (`CLD.toAward`, `AWA.awarded|notAwarded`),
 * countdown to its end, and the actions its state allows: award and not-award while to be awarded, revert once decided.
 */
export function ManagedLotRow({ lotActor, startDate, reservePrice, offerById, onAward, onNotAward, onRevert, onOffersChanged }: Props) {
  const { t } = useTranslation('auctioneer');
  const snapshot = useSelector(lotActor, (s) => s);
  const lot: LotView = { ...snapshot.context.lot, reservePrice };
  const { status, sub } = splitLotState(snapshot.value);
  const state = sub ?? 'watching';
  const { offersCount } = lot;
  useEffect(() => {
    if (offersCount > 0) onOffersChanged();
  }, [offersCount, onOffersChanged]);
  const toAward = status === 'CLD' && state === 'toAward';
  const decided = status === 'AWA';
  const winner = lot.idOfferAwarded ? offerById(lot.idOfferAwarded) : undefined;
  const noRevert = decided && !!winner?.clickAndBuy;
  const live = status === 'SCH' || status === 'RUN';
  return (
    <tr data-testid={`lot-${lot.idLot}`} data-status={status} data-state={state}>
      <td data-label={t('lot.number')}>{lot.lotNumber}</td>
      <td data-label={t('lot.plate')}><span className="plate">{lot.licensePlate}</span></td>
      <td data-label={t('lot.brand')}>{lot.brand}</td>
      <td data-label={t('lot.model')}>{lot.model}</td>
      <td className="num" data-label={t('lot.base')}><Money value={lot.basePrice} /></td>
      <td className="num" data-label={t('lot.reserve')}><Money value={reservePrice} /></td>
      <td className="num" data-label={t('lot.best')}><strong><Money value={lot.bestOffer} testId={`best-${lot.idLot}`} /></strong></td>
      <td className="num" data-label={t('lot.offers')} data-testid={`offers-count-${lot.idLot}`}>{lot.offersCount}</td>
      <td data-label={t('lot.status')}>
        <span
          className={`badge badge-${live ? status : state}`} data-testid={`lot-status-${lot.idLot}`} data-status={status} data-state={state}
        >
          {live ? t(`common:status.${status}`) : t(`ownerState.${state}`)}
        </span>
        {decided && winner && <div className="muted" data-testid={`winner-${lot.idLot}`}>{winner.username} · <Money value={winner.offer} /></div>}
      </td>
      <td className="num" data-label={t('lot.endsIn')}>
        {status === 'SCH'
          ? <PhaseCountdown status={status} start={startDate} end={lot.endDate} testId={`lot-countdown-${lot.idLot}`} />
          : <Countdown end={lot.endDate} testId={`lot-countdown-${lot.idLot}`} label={t('lot.countdownLabel', { plate: lot.licensePlate })} />}
      </td>
      <td className="wide" data-label={t('lot.actions')}>
        <div className="lot-actions">
          {toAward && (
            <>
              <button
                type="button" className="btn btn-small btn-primary" onClick={() => onAward(lot)} disabled={lot.offersCount === 0}
                aria-label={t('lot.awardLabel', { plate: lot.licensePlate })} data-testid={`award-${lot.idLot}`}
              >
                {t('lot.award')}
              </button>
              <button
                type="button" className="btn btn-small" onClick={() => onNotAward(lot)}
                aria-label={t('lot.notAwardLabel', { plate: lot.licensePlate })} data-testid={`not-award-${lot.idLot}`}
              >
                {t('lot.notAward')}
              </button>
            </>
          )}
          {decided && (
            <button
              type="button" className="btn btn-small" onClick={() => onRevert(lot)} disabled={noRevert}
              aria-label={t('lot.revertLabel', { plate: lot.licensePlate })} title={noRevert ? t('lot.buyNowNoRevert') : undefined}
              data-testid={`revert-${lot.idLot}`}
            >
              {t('lot.revert')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
