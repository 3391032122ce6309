import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AuctionLotsView, LotView, OfferReportRow } from '@auction/contracts';
import { formatDateTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { Money } from '../../../../ui/Money.js';
import { TimeZoneNote } from '../../../../ui/TimeZoneNote.js';
import { DataTable, type TableColumn } from '../../../../ui/table/index.js';
import { OFFER_PAGE_SIZES, useOffersPage } from './use-offers-page.js';

/** The offer a lot went to: the awarded one, else none. */
export function awardedOfferOf(lot: LotView): string | null {
  return lot.awardStatus === 'AWA' ? lot.idOfferAwarded ?? lot.bestOfferId : null;
}

/**
 * One lot's offers for its auctioneer (`offer-detail`): the lot's figures and award, and its offers in the order
 * received, a page at a time from the server, the best and the awarded one marked; the buyer's page once awarded.
 */
export function OfferDetail({ auction, idLot }: { auction: AuctionLotsView; idLot: string }) {
  const { t } = useTranslation('auctioneer');
  const zone = timeZoneOfMarket(auction.idMarket);
  const { request, setRequest, page } = useOffersPage(auction.idAuction, idLot);
  const lot = auction.lots.find((l) => l.idLot === idLot);
  if (!lot) return <p className="muted" data-testid="offer-detail-missing">{t('offers.noLot')}</p>;
  const awarded = awardedOfferOf(lot);
  const mark = (r: OfferReportRow) => (r.idOffer === awarded ? t('offers.awarded') : r.idOffer === lot.bestOfferId ? t('offers.best') : '');
  const columns: TableColumn<OfferReportRow>[] = [
    { key: 'offer', header: t('report.amount'), className: 'num', cell: (r) => <Money value={r.offer} /> },
    { key: 'username', header: t('report.dealer'), cell: (r) => r.username },
    { key: 'createdAt', header: t('export.time', { zone }), cell: (r) => formatDateTimeIn(r.createdAt, zone) },
    { key: 'clickAndBuy', header: t('report.clickAndBuy'), cell: (r) => (r.clickAndBuy ? t('report.yes') : t('report.no')) },
    { key: 'mark', header: t('offers.mark'), cell: (r) => <span data-testid={`offer-mark-${r.idOffer}`}>{mark(r)}</span> },
  ];
  const facts: [string, React.ReactNode][] = [
    [t('lot.plate'), <span className="plate">{lot.licensePlate}</span>],
    [t('lot.base'), <Money value={lot.basePrice} />],
    [t('lot.reserve'), <Money value={lot.reservePrice ?? null} />],
    [t('lot.best'), <Money value={lot.bestOffer} />],
    [t('lot.offers'), lot.offersCount],
    [t('export.awardStatus'), <span data-testid="offer-detail-award" data-award-status={lot.awardStatus}>{t(`export.${lot.awardStatus}`)}</span>],
  ];
  return (
    <section aria-labelledby="offer-detail-title" data-testid="offer-detail">
      <div className="page-head">
        <h1 id="offer-detail-title">{t('offers.lotTitle', { number: lot.lotNumber, brand: lot.brand, model: lot.model })}</h1>
        <Link to="/offer-management/$idAuction" params={{ idAuction: auction.idAuction }}>{t('offers.all')}</Link>
        {awarded && (
          <Link to="/buyer/$idAuction/$idLot" params={{ idAuction: auction.idAuction, idLot }} className="btn btn-small" data-testid="open-buyer">{t('offers.buyer')}</Link>
        )}
      </div>
      <p className="muted">{auction.auctionName} · <TimeZoneNote zone={zone} /></p>
      <dl className="facts">{facts.map(([label, value]) => <div key={label}><dt>{label}</dt><dd>{value}</dd></div>)}</dl>
      {page ? (
        <DataTable
          mode="server" rows={page.items} total={page.total} request={request} onRequest={setRequest} columns={columns}
          rowKey={(r) => r.idOffer} rowTestId={(r) => `offer-${r.idOffer}`} pageSizes={OFFER_PAGE_SIZES}
          caption={t('offers.lotCaption', { plate: lot.licensePlate })} empty={t('report.empty')} testId="lot-offers-table"
        />
      ) : <p className="muted">{t('offers.loading')}</p>}
    </section>
  );
}
