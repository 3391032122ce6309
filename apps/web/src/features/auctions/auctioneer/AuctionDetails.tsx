import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuctionView, LotView, OfferReportRow } from '@auction/contracts';
import { formatDateTimeIn, formatDuration, timeZoneOfMarket } from '@auction/i18n';
import { appLanguageOf } from '../../../i18n/i18n.js';
import { Countdown } from '../../../ui/Countdown.js';
import { PhaseCountdown } from '../../../ui/PhaseCountdown.js';
import { useServices } from '../../../ui/services-context.js';
import { splitLotState } from '../live/lot-state.js';
import { useAuctionLive } from '../live/use-auction-live.js';
import { awardAllOutcome } from './award-outcome.js';
import { AuctionRegulationCard } from './AuctionRegulationCard.js';
import { AwardDialog } from './AwardDialog.js';
import { ExtendTimeDialog } from './ExtendTimeDialog.js';
import { ManagedLotRow } from './ManagedLotRow.js';
import { OffersReport } from './OffersReport.js';
import { offersOfLot } from './offers-of-lot.js';
import './auctioneer.css';

/** Reloads of the offers report asked for within this time are done once. */
const REPORT_DEBOUNCE_MS = 400;

/**
 * The auctioneer's page of one auction, live (auction and lot machines fed by MQTT): status, end and countdown,
 * extend time, award all, every lot with its award actions, and the offers report with its downloads.
 */
export function AuctionDetails({ auction }: { auction: AuctionView & { readonly message?: string | null; readonly fileMessage?: string | null } }) {
  const { t, i18n } = useTranslation('auctioneer');
  const { api, dialogs } = useServices();
  const { snapshot, lotActors } = useAuctionLive(auction, 'auctioneer');
  const summary = snapshot.context.auction;
  // One zone, named, as the offers report beside it: the auction's market clock, not the browser's.
  const zone = timeZoneOfMarket(auction.idMarket);
  const zoned = (instant: string) => `${formatDateTimeIn(instant, zone)} (${zone})`;
  const status = summary.status;
  const id = auction.idAuction;
  // The end shown: the live one, or the one the extend dialog just returned, whichever changed last.
  const [endDate, setEndDate] = useState(summary.endDate);
  useEffect(() => setEndDate(summary.endDate), [summary.endDate]);
  const [extending, setExtending] = useState(false);
  const [awarding, setAwarding] = useState<LotView | null>(null);
  const [report, setReport] = useState<readonly OfferReportRow[]>([]);
  const reserves = useMemo(() => new Map(auction.lots.map((l) => [l.idLot, l.reservePrice ?? null])), [auction.lots]);
  const offers = useMemo(() => new Map(report.map((r) => [r.idOffer, r])), [report]);

  const loadReport = useCallback(async () => {
    const rows = await api.offersReport(id).catch(() => null);
    if (rows) setReport(rows);
    return rows;
  }, [api, id]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const scheduleReport = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void loadReport(), REPORT_DEBOUNCE_MS);
  }, [loadReport]);
  useEffect(() => {
    void loadReport();
    return () => clearTimeout(timer.current);
  }, [loadReport]);

  // The dialog opens at once with the offers known; the fresh report fills it in when it arrives.
  const openAward = (lot: LotView) => {
    setAwarding(lot);
    void loadReport();
  };
  const notAward = async (lot: LotView) => {
    if (!(await dialogs.confirm('auctioneer:lot.confirmNotAward', { plate: lot.licensePlate }, 'auctioneer:lot.notAward'))) return;
    if (await api.notAward(id, [lot.idLot]).catch(() => null)) void dialogs.success('auctioneer:outcome.notAwarded', { plate: lot.licensePlate });
  };
  const revert = async (lot: LotView) => {
    if (!(await dialogs.confirm('auctioneer:lot.confirmRevert', { plate: lot.licensePlate }, 'auctioneer:lot.revert'))) return;
    if (await api.revertAward(id, lot.idLot).catch(() => null)) void dialogs.success('auctioneer:outcome.reverted', { plate: lot.licensePlate });
  };
  const awardAll = async () => {
    if (!(await dialogs.confirm('auctioneer:details.confirmAwardAll', undefined, 'auctioneer:details.awardAll'))) return;
    // The lots to be awarded when the call is sent: the outcome is told for them.
    const toAward = lotActors.map((a) => a.getSnapshot()).filter((s) => {
      const { status, sub } = splitLotState(s.value);
      return status === 'CLD' && sub === 'toAward';
    }).map((s) => s.context.lot.idLot);
    const answer = await api.awardAll(id).catch(() => null);
    if (!answer) return;
    const outcome = awardAllOutcome(toAward, answer, reserves);
    const list = (plates: readonly string[]) => new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(plates);
    const why = [
      outcome.belowReserve.length ? t('outcome.belowReserve', { plates: list(outcome.belowReserve) }) : null,
      outcome.noOffers.length ? t('outcome.noOffers', { plates: list(outcome.noOffers) }) : null,
    ].filter((w) => w !== null).join('; ');
    const values = { awarded: outcome.awarded.length, total: outcome.total, why };
    if (outcome.total === 0) void dialogs.warning('auctioneer:outcome.nothingToAward');
    else if (outcome.awarded.length < outcome.total) void dialogs.warning('auctioneer:outcome.awardAllWhy', values);
    else void dialogs.success('auctioneer:outcome.awardAll', values);
  };
  const { windowSeconds, extendSeconds } = auction.extension;

  return (
    <section aria-labelledby="auction-title" data-testid="auction-details" data-status={status}>
      <div className="page-head">
        <h1 id="auction-title" data-testid="auction-name">{summary.auctionName}</h1>
        <span className={`badge badge-${status}`} data-testid="auction-status" data-status={status}>{t(`common:status.${status}`)}</span>
        <span className="muted" data-testid="auction-start">{t('details.starts', { date: zoned(summary.startDate) })}</span>
        <span className="muted" data-testid="auction-end" data-end={endDate}>{t('details.ends', { date: zoned(endDate) })}</span>
        {status === 'SCH' || status === 'RUN'
          ? <PhaseCountdown status={status} start={summary.startDate} end={endDate} testId="auction-countdown" endLabel={t('details.countdownLabel')} />
          : <Countdown end={endDate} testId="auction-countdown" label={t('details.countdownLabel')} />}
        <Link to="/auction-management">{t('details.back')}</Link>
      </div>
      <p className="muted">
        {auction.idMarket} · {t(`types.${auction.auctionType}`)} ·{' '}
        {windowSeconds > 0 ? t('details.extension', { window: formatDuration(windowSeconds * 1000, appLanguageOf(i18n)), extend: formatDuration(extendSeconds * 1000, appLanguageOf(i18n)) }) : t('details.extensionOff')}
        {auction.regulationRequired && <> · {t('details.regulationRequired')}</>}
      </p>
      <div className="toolbar">
        {status === 'SCH' && (
          <Link to="/auction/$idAuction" params={{ idAuction: id }} className="btn" data-testid="edit-auction">{t('edit.open')}</Link>
        )}
        <Link to="/offer-management/$idAuction" params={{ idAuction: id }} className="btn" data-testid="open-offers">{t('offers.open')}</Link>
        <button type="button" className="btn" onClick={() => setExtending(true)} disabled={status !== 'SCH' && status !== 'RUN'} data-testid="extend-time">
          {t('details.extend')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void awardAll()} disabled={status !== 'CLD'} data-testid="award-all">
          {t('details.awardAll')}
        </button>
      </div>
      <div className="table-wrap">
        <table className="grid responsive" data-testid="lots-table">
          <caption className="visually-hidden">{t('details.lotsCaption')}</caption>
          <thead>
            <tr>
              {(['number', 'plate', 'brand', 'model'] as const).map((k) => <th key={k} scope="col">{t(`lot.${k}`)}</th>)}
              {(['base', 'reserve', 'best', 'offers'] as const).map((k) => <th key={k} scope="col" className="num">{t(`lot.${k}`)}</th>)}
              <th scope="col">{t('lot.status')}</th>
              <th scope="col" className="num">{t('lot.endsIn')}</th>
              <th scope="col">{t('lot.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {lotActors.map((lotActor) => (
              <ManagedLotRow
                key={lotActor.id} lotActor={lotActor} startDate={summary.startDate} reservePrice={reserves.get(lotActor.getSnapshot().context.lot.idLot) ?? null}
                offerById={(idOffer) => offers.get(idOffer)}
                onAward={openAward} onNotAward={(lot) => void notAward(lot)} onRevert={(lot) => void revert(lot)}
                onOffersChanged={scheduleReport}
              />
            ))}
          </tbody>
        </table>
      </div>
      <OffersReport idAuction={id} idMarket={auction.idMarket} rows={report} lotActors={lotActors} onRefresh={() => void loadReport()} />
      <AuctionRegulationCard idAuction={id} status={status} message={auction.message ?? null} fileMessage={auction.fileMessage ?? null} />
      {extending && (
        <ExtendTimeDialog
          idAuction={id} startDate={summary.startDate} endDate={endDate} idMarket={auction.idMarket}
          onClose={(newEnd) => { setExtending(false); if (newEnd) setEndDate(newEnd); }}
        />
      )}
      {awarding && <AwardDialog lot={awarding} idMarket={auction.idMarket} offers={offersOfLot(report, awarding.idLot)} onClose={() => setAwarding(null)} />}
    </section>
  );
}
