import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { AuctionLotsView, OfferReportRow } from '@auction/contracts';
import { formatDateTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { Money } from '../../../../ui/Money.js';
import { TimeZoneNote } from '../../../../ui/TimeZoneNote.js';
import { DataTable, type TableColumn } from '../../../../ui/table/index.js';
import { OFFER_PAGE_SIZES, useOffersPage } from './use-offers-page.js';

/**
 * The auctioneer's offers of one auction (`offer-management`): every accepted offer in the order received, a page at a
 * time from the server, with its lot (to that lot's offers), amount, bidder and time on the market's clock.
 */
export function OfferManagement({ auction }: { auction: AuctionLotsView }) {
  const { t } = useTranslation('auctioneer');
  const zone = timeZoneOfMarket(auction.idMarket);
  const { request, setRequest, page } = useOffersPage(auction.idAuction);
  const columns: TableColumn<OfferReportRow>[] = [
    {
      key: 'lot', header: t('report.lot'), cell: (r) => (
        <Link to="/offer-detail/$idAuction/$idLot" params={{ idAuction: auction.idAuction, idLot: r.idLot }} data-testid={`offer-lot-${r.idOffer}`}>
          {r.lotNumber}. <span className="plate">{r.licensePlate}</span>
        </Link>
      ),
    },
    { key: 'offer', header: t('report.amount'), className: 'num', cell: (r) => <Money value={r.offer} /> },
    { key: 'username', header: t('report.dealer'), cell: (r) => r.username },
    { key: 'createdAt', header: t('export.time', { zone }), cell: (r) => formatDateTimeIn(r.createdAt, zone) },
    { key: 'clickAndBuy', header: t('report.clickAndBuy'), cell: (r) => (r.clickAndBuy ? t('report.yes') : t('report.no')) },
  ];
  return (
    <section aria-labelledby="offers-title" data-testid="offer-management">
      <div className="page-head">
        <h1 id="offers-title">{t('offers.title', { name: auction.auctionName })}</h1>
        <Link to="/auction-details/$idAuction" params={{ idAuction: auction.idAuction }}>{t('offers.back')}</Link>
      </div>
      <p className="muted"><TimeZoneNote zone={zone} /></p>
      {page ? (
        <DataTable
          mode="server" rows={page.items} total={page.total} request={request} onRequest={setRequest} columns={columns}
          rowKey={(r) => r.idOffer} rowTestId={(r) => `offer-${r.idOffer}`} pageSizes={OFFER_PAGE_SIZES}
          caption={t('report.caption')} empty={t('report.empty')} testId="offers-table"
        />
      ) : <p className="muted">{t('offers.loading')}</p>}
    </section>
  );
}
