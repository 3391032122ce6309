import { useTranslation } from 'react-i18next';
import type { OfferReportRow } from '@auction/contracts';
import { formatDateTime } from '@auction/i18n';
import { Money } from '../../ui/Money.js';
import { useServices } from '../../ui/services-context.js';

interface Props {
  readonly idAuction: string;
  readonly rows: readonly OfferReportRow[];
  /** Plate of each lot id, to name the lot of an offer. */
  readonly plates: ReadonlyMap<string, string>;
  readonly onRefresh: () => void;
}

/** The offers report (every accepted offer in the order received) with CSV and XLSX downloads of it. */
export function OffersReport({ idAuction, rows, plates, onRefresh }: Props) {
  const { t } = useTranslation('auctioneer');
  const { api } = useServices();
  return (
    <section className="section-gap" aria-labelledby="report-title">
      <div className="page-head">
        <h2 id="report-title">{t('report.title')}</h2>
        <button type="button" className="btn btn-small" onClick={onRefresh} data-testid="refresh-report">{t('report.refresh')}</button>
        <a className="btn btn-small" href={api.reportUrl(idAuction, 'CSV')} download data-testid="download-csv">{t('report.csv')}</a>
        <a className="btn btn-small" href={api.reportUrl(idAuction, 'XLSX')} download data-testid="download-xlsx">{t('report.xlsx')}</a>
      </div>
      <div className="table-wrap">
        <table className="grid responsive" data-testid="offers-report" data-rows={rows.length}>
          <caption className="visually-hidden">{t('report.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('report.idOffer')}</th>
              <th scope="col">{t('report.lot')}</th>
              <th scope="col" className="num">{t('report.amount')}</th>
              <th scope="col">{t('report.dealer')}</th>
              <th scope="col">{t('report.time')}</th>
              <th scope="col">{t('report.clickAndBuy')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <tr><td colSpan={6} className="muted">{t('report.empty')}</td></tr>}
            {rows.map((r) => (
              <tr key={r.idOffer} data-testid={`offer-${r.idOffer}`}>
                <td data-label={t('report.idOffer')}><code>{r.idOffer}</code></td>
                <td data-label={t('report.lot')}><span className="plate">{plates.get(r.idLot) ?? r.idLot}</span></td>
                <td className="num" data-label={t('report.amount')}><Money value={r.offer} /></td>
                <td data-label={t('report.dealer')}>{r.username}</td>
                <td data-label={t('report.time')}>{formatDateTime(r.createdAt)}</td>
                <td data-label={t('report.clickAndBuy')}>{r.clickAndBuy ? t('report.yes') : t('report.no')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
