import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { OfferReportRow } from '@auction/contracts';
import { formatDateTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { Money, useLanguage } from '../../../ui/Money.js';
import { useServices } from '../../../ui/services-context.js';
import type { LotActor } from '../live/use-auction-live.js';

interface Props {
  readonly idAuction: string;
  /** The auction's market: times are shown on its wall clock (e.g. Europe/Rome for IT), as in the exported files. */
  readonly idMarket: string;
  readonly rows: readonly OfferReportRow[];
  /** The auction's live lots, to name the lot of an offer and show its award status and winner. */
  readonly lotActors: readonly LotActor[];
  readonly onRefresh: () => void;
}

/**
 * The offers report (every accepted offer in the order received): lot number, plate and vehicle, amount, dealer,
 * time on the market's clock, buy now, the lot's award status and winner; with CSV and XLSX downloads of it in the
 * language shown.
 */
export function OffersReport({ idAuction, idMarket, rows, lotActors, onRefresh }: Props) {
  const { t } = useTranslation('auctioneer');
  const { api } = useServices();
  const lang = useLanguage();
  const zone = timeZoneOfMarket(idMarket);
  const actors = new Map(lotActors.map((a) => [a.getSnapshot().context.lot.idLot, a]));
  const usernames = new Map(rows.map((r) => [r.idOffer, r.username]));
  return (
    <section className="section-gap" aria-labelledby="report-title">
      <div className="page-head">
        <h2 id="report-title">{t('report.title')}</h2>
        <button type="button" className="btn btn-small" onClick={onRefresh} data-testid="refresh-report">{t('report.refresh')}</button>
        <a className="btn btn-small" href={api.reportUrl(idAuction, 'CSV', lang)} download data-testid="download-csv">{t('report.csv')}</a>
        <a className="btn btn-small" href={api.reportUrl(idAuction, 'XLSX', lang)} download data-testid="download-xlsx">{t('report.xlsx')}</a>
      </div>
      <div className="table-wrap">
        <table className="grid responsive" data-testid="offers-report" data-rows={rows.length}>
          <caption className="visually-hidden">{t('report.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('report.lot')}</th>
              <th scope="col">{t('export.vehicle')}</th>
              <th scope="col" className="num">{t('report.amount')}</th>
              <th scope="col">{t('report.dealer')}</th>
              <th scope="col">{t('export.time', { zone })}</th>
              <th scope="col">{t('report.clickAndBuy')}</th>
              <th scope="col">{t('export.awardStatus')}</th>
              <th scope="col">{t('export.winner')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <tr><td colSpan={8} className="muted">{t('report.empty')}</td></tr>}
            {rows.map((r) => {
              const lotActor = actors.get(r.idLot);
              return (
                <tr key={r.idOffer} data-testid={`offer-${r.idOffer}`}>
                  {lotActor ? <LotCells lotActor={lotActor} /> : <><td data-label={t('report.lot')} /><td data-label={t('export.vehicle')} /></>}
                  <td className="num" data-label={t('report.amount')}><Money value={r.offer} /></td>
                  <td data-label={t('report.dealer')}>{r.username}</td>
                  <td data-label={t('export.time', { zone })}>{formatDateTimeIn(r.createdAt, zone)}</td>
                  <td data-label={t('report.clickAndBuy')}>{r.clickAndBuy ? t('report.yes') : t('report.no')}</td>
                  {lotActor ? <AwardCells lotActor={lotActor} idOffer={r.idOffer} usernames={usernames} /> : <><td data-label={t('export.awardStatus')} /><td data-label={t('export.winner')} /></>}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The lot of an offer: its number and plate, and its vehicle. */
function LotCells({ lotActor }: { lotActor: LotActor }) {
  const { t } = useTranslation('auctioneer');
  const lot = useSelector(lotActor, (s) => s.context.lot);
  return (
    <>
      <td data-label={t('report.lot')}>{lot.lotNumber}. <span className="plate">{lot.licensePlate}</span></td>
      <td data-label={t('export.vehicle')}>{`${lot.brand} ${lot.model}`}</td>
    </>
  );
}

/**
 * The award status of an offer's lot as it concerns this offer, live (an awarded lot's other offers say they lost, not
 * "Awarded"), and the lot's winner (the dealer of the awarded offer).
 */
function AwardCells({ lotActor, idOffer: rowOffer, usernames }: { lotActor: LotActor; idOffer: string; usernames: ReadonlyMap<string, string> }) {
  const { t } = useTranslation('auctioneer');
  const awardStatus = useSelector(lotActor, (s) => s.context.lot.awardStatus);
  const idOffer = useSelector(lotActor, (s) => (s.context.lot.awardStatus === 'AWA' ? s.context.lot.idOfferAwarded ?? s.context.lot.bestOfferId : null));
  return (
    <>
      <td data-label={t('export.awardStatus')} data-award-status={awardStatus} data-testid={`offer-award-${rowOffer}`}>
        {t(awardStatus === 'AWA' && idOffer !== rowOffer ? 'export.lost' : `export.${awardStatus}`)}
      </td>
      <td data-label={t('export.winner')}>{(idOffer && usernames.get(idOffer)) ?? ''}</td>
    </>
  );
}
