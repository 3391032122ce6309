import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuctionLotsView, OfferReportRow } from '@auction/contracts';
import { formatDateTimeIn, timeZoneOfMarket } from '@auction/i18n';
import { Money } from '../../../../ui/Money.js';
import { TimeZoneNote } from '../../../../ui/TimeZoneNote.js';
import { useServices } from '../../../../ui/services-context.js';
import { allPages } from '../../auction-api.js';
import { awardedOfferOf } from './OfferDetail.js';

/**
 * The winning buyer of one lot, as its auctioneer may see it (`buyer`): the dealer's username, the winning amount, when
 * it was offered (the market's clock) and whether by buy-now, beside the lot. The winning offer is looked up among the
 * lot's offers (read a page at a time); a lot not awarded says so.
 */
export function Buyer({ auction, idLot }: { auction: AuctionLotsView; idLot: string }) {
  const { t } = useTranslation('auctioneer');
  const { api } = useServices();
  const zone = timeZoneOfMarket(auction.idMarket);
  const lot = auction.lots.find((l) => l.idLot === idLot);
  const awarded = lot ? awardedOfferOf(lot) : null;
  const [winner, setWinner] = useState<OfferReportRow | null | undefined>(undefined);
  useEffect(() => {
    if (!awarded) return;
    let live = true;
    allPages((page) => api.offersReportPage(auction.idAuction, page, idLot))
      .then((rows) => { if (live) setWinner(rows.find((r) => r.idOffer === awarded) ?? null); }, () => undefined);
    return () => { live = false; };
  }, [api, auction.idAuction, idLot, awarded]);
  if (!lot) return <p className="muted" data-testid="buyer-missing">{t('offers.noLot')}</p>;
  return (
    <section aria-labelledby="buyer-title" data-testid="buyer">
      <div className="page-head">
        <h1 id="buyer-title">{t('buyer.title', { number: lot.lotNumber, brand: lot.brand, model: lot.model })}</h1>
        <Link to="/offer-detail/$idAuction/$idLot" params={{ idAuction: auction.idAuction, idLot }}>{t('buyer.back')}</Link>
      </div>
      <p className="muted">{auction.auctionName} · <span className="plate">{lot.licensePlate}</span> · <TimeZoneNote zone={zone} /></p>
      {!awarded && <p data-testid="buyer-none">{t('buyer.notAwarded', { status: t(`export.${lot.awardStatus}`) })}</p>}
      {awarded && winner === undefined && <p className="muted">{t('offers.loading')}</p>}
      {awarded && winner === null && <p className="form-error" data-testid="buyer-unknown">{t('buyer.unknown')}</p>}
      {winner && (
        <dl className="facts" data-testid="buyer-facts">
          <div><dt>{t('buyer.username')}</dt><dd data-testid="buyer-username">{winner.username}</dd></div>
          <div><dt>{t('buyer.price')}</dt><dd><Money value={winner.offer} testId="buyer-price" /></dd></div>
          <div><dt>{t('buyer.offeredAt')}</dt><dd>{formatDateTimeIn(winner.createdAt, zone)}</dd></div>
          <div><dt>{t('report.clickAndBuy')}</dt><dd>{winner.clickAndBuy ? t('report.yes') : t('report.no')}</dd></div>
        </dl>
      )}
    </section>
  );
}
