import { Link, createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { MyBid } from '@auction/contracts';
import { requireUser } from '../session/guards.js';
import { Countdown } from '../ui/Countdown.js';
import { Money } from '../ui/Money.js';
import { useServices } from '../ui/services-context.js';
import { ServerPaginator, useServerPages } from '../ui/table/index.js';

/** The dealer's bids and wins: every lot it bid on, its best offer, the lot's best, and how it stands or ended. */
export const Route = createFileRoute('/my-bids')({
  beforeLoad: requireUser(['BUYER']),
  loader: ({ context }) => context.services.api.myBids(),
  component: MyBids,
});

/** How a lot stands for the dealer: the badge key of `auction:my.*`, or the seller's decision still to come. */
function outcomeOf(bid: MyBid): 'leading' | 'outbid' | 'won' | 'lost' | 'awaiting' {
  if (bid.status === 'AWA') return bid.won ? 'won' : 'lost';
  if (bid.status === 'CLD' && bid.leading) return 'awaiting';
  return bid.leading ? 'leading' : 'outbid';
}

function MyBids() {
  const { t } = useTranslation('auction');
  const { api } = useServices();
  const pages = useServerPages(Route.useLoaderData(), (limit, offset) => api.myBids({ limit, offset }));
  const bids = pages.page.items;
  return (
    <section aria-labelledby="my-bids-title">
      <h1 id="my-bids-title">{t('dealer.myBidsTitle')}</h1>
      {bids.length === 0 ? <p className="muted">{t('dealer.myBidsEmpty')}</p> : (
        <div className="table-wrap">
          <table className="grid responsive" data-testid="my-bids-table">
            <thead>
              <tr>
                <th scope="col">{t('lot.plate')}</th>
                <th scope="col">{t('lot.vehicle')}</th>
                <th scope="col">{t('observedPage.auction')}</th>
                <th scope="col" className="num">{t('lot.mine')}</th>
                <th scope="col" className="num">{t('lot.best')}</th>
                <th scope="col">{t('lot.status')}</th>
                <th scope="col">{t('dealer.outcome')}</th>
                <th scope="col" className="num">{t('lot.endsIn')}</th>
              </tr>
            </thead>
            <tbody>
              {bids.map((b) => {
                const outcome = outcomeOf(b);
                return (
                  <tr key={b.idLot} data-testid={`my-bid-${b.idLot}`} data-outcome={outcome}>
                    <td data-label={t('lot.plate')}><span className="plate">{b.licensePlate}</span></td>
                    <td className="wide" data-label={t('lot.vehicle')}>
                      <Link to="/lot-detail/$idAuction/$idLot" params={{ idAuction: b.idAuction, idLot: b.idLot }}>{b.brand} {b.model}</Link>
                    </td>
                    <td data-label={t('observedPage.auction')}>{b.auctionName}</td>
                    <td className="num" data-label={t('lot.mine')}><Money value={b.myBestOffer} /></td>
                    <td className="num" data-label={t('lot.best')}><Money value={b.bestOffer} /></td>
                    <td data-label={t('lot.status')}><span className={`badge badge-${b.status}`}>{t(`common:status.${b.status}`)}</span></td>
                    <td data-label={t('dealer.outcome')}>
                      <span className={`badge badge-${outcome === 'awaiting' ? 'toAward' : outcome}`}>{outcome === 'awaiting' ? t('dealer.awaitingSeller') : t(`my.${outcome}`)}</span>
                    </td>
                    <td className="num" data-label={t('lot.endsIn')}>{b.status === 'RUN' && <Countdown end={b.endDate} />}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <ServerPaginator pages={pages} testId="my-bids-pages" />
    </section>
  );
}
