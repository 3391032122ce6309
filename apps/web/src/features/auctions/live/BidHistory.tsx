import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_DEFAULT, PAGE_MAX, type LotBidHistory, type LotView } from '@auction/contracts';
import { formatDateTimeIn } from '@auction/i18n';
import { useMarketZone } from '../../../ui/market-zone.js';
import { Money } from '../../../ui/Money.js';
import { useServices } from '../../../ui/services-context.js';
import { Paginator } from '../../../ui/table/index.js';

/**
 * A lot's bids as a dealer may see them (amount, time, "you" or an anonymous bidder number) and whether its reserve
 * is met, a page at a time (newest first: the first page shows the latest bids); read again whenever the lot's live
 * view says its offers or status changed.
 */
export function BidHistory({ lot }: { lot: LotView }) {
  const { api } = useServices();
  const { t } = useTranslation('auction');
  const zone = useMarketZone();
  const [history, setHistory] = useState<LotBidHistory | null>(null);
  const [page, setPage] = useState({ limit: PAGE_DEFAULT, offset: 0 });
  useEffect(() => {
    let live = true;
    api.bidHistory(lot.idAuction, lot.idLot, page).then((h) => { if (live) setHistory(h); }, () => undefined);
    return () => { live = false; };
  }, [api, lot.idAuction, lot.idLot, lot.offersCount, lot.bestOffer, lot.status, page]);
  if (!history) return null;
  const reserve = !history.hasReserve ? 'none' : history.reserveMet ? 'met' : 'notMet';
  return (
    <section className="bid-history" aria-labelledby={`bids-title-${lot.idLot}`}>
      <h2 id={`bids-title-${lot.idLot}`}>{t('dealer.history')}</h2>
      <p>
        <span className={`badge badge-reserve-${reserve}`} data-testid={`reserve-${lot.idLot}`} data-reserve={reserve}>
          {reserve === 'none' ? t('dealer.noReserve') : reserve === 'met' ? t('dealer.reserveMet') : t('dealer.reserveNotMet')}
        </span>
      </p>
      {history.bids.length === 0 ? <p className="muted">{t('dealer.historyEmpty')}</p> : (
        <div className="table-wrap">
          <table className="grid" data-testid={`bid-history-${lot.idLot}`}>
            <thead>
              <tr>
                <th scope="col" className="num">{t('dealer.amount')}</th>
                <th scope="col">{t('dealer.time')}</th>
                <th scope="col">{t('dealer.who')}</th>
              </tr>
            </thead>
            <tbody>
              {history.bids.map((b, i) => (
                <tr key={`${b.placedAt}-${i}`} data-mine={b.mine}>
                  <td className="num"><Money value={b.amount} /></td>
                  <td>{formatDateTimeIn(b.placedAt, zone)}</td>
                  <td>
                    {b.mine ? <strong>{t('dealer.you')}</strong> : t('dealer.bidder', { number: b.bidder })}
                    {b.clickAndBuy && <span className="muted"> ({t('dealer.viaBuyNow')})</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Paginator
        page={Math.floor(page.offset / page.limit)} size={page.limit} total={history.total} sizes={[PAGE_DEFAULT, PAGE_MAX]} testId={`bid-history-pages-${lot.idLot}`}
        onPage={(index) => setPage({ limit: page.limit, offset: index * page.limit })} onSize={(size) => setPage({ limit: size, offset: 0 })}
      />
    </section>
  );
}
