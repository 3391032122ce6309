import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PAGE_DEFAULT, PAGE_MAX, PageQuery, type AuctionView } from '@auction/contracts';
import { timeZoneOfMarket } from '@auction/i18n';
import { LotRow } from '../features/auctions/live/LotRow.js';
import { LotTableHead } from '../features/auctions/live/LotTableHead.js';
import { useAuctionLive } from '../features/auctions/live/use-auction-live.js';
import { useRegulation } from '../features/auctions/live/use-regulation.js';
import { requireUser } from '../session/guards.js';
import { lenientSearch } from '../ui/lenient-search.js';
import { MarketZoneProvider } from '../ui/market-zone.js';
import { Paginator } from '../ui/table/index.js';
import { TimeZoneNote } from '../ui/TimeZoneNote.js';

// Built outside the route options: inside them TypeScript cannot infer the search type through the generic call.
const validateSearch = lenientSearch(PageQuery.partial());

/**
 * The lots the dealer observes, a page at a time (`limit`, `offset` in the URL), live: each observed lot's auction is
 * followed on the live channel like the auction page (state, my state, best offer, countdown, the offer form and its
 * alerts), showing only the observed lots of the page.
 */
export const Route = createFileRoute('/observed')({
  validateSearch,
  beforeLoad: requireUser(['BUYER']),
  loaderDeps: ({ search }) => ({ limit: search.limit, offset: search.offset }),
  loader: async ({ context, deps }) => {
    const { api } = context.services;
    const page = await api.observed(deps);
    const lots = page.items;
    const ids = [...new Set(lots.map((l) => l.idAuction))];
    // Each auction's own fields (one lot is enough), with the observed lots of the page as its lots: they may be on
    // any page of a big auction.
    const auctions = await Promise.all(ids.map((id) => api.auctionFull(id, {}, { limit: 1 })));
    const groups = auctions.map(({ lotsPage: _page, ...auction }) => {
      const own = lots.filter((l) => l.idAuction === auction.idAuction);
      return { auction: { ...auction, lots: own.map(({ auctionName: _name, ...lot }) => lot) }, idLots: own.map((l) => l.idLot) };
    });
    return { groups, total: page.total, limit: page.limit, offset: page.offset };
  },
  component: ObservedLots,
});

function ObservedLots() {
  const { t } = useTranslation('auction');
  const { groups, total, limit, offset } = Route.useLoaderData();
  const navigate = useNavigate({ from: '/observed' });
  return (
    <section aria-labelledby="observed-title">
      <h1 id="observed-title">{t('observedPage.title')}</h1>
      {groups.length === 0 ? <p className="muted">{t('observedPage.empty')}</p> : (
        <div className="table-wrap">
          <table className="grid responsive lots-live" data-testid="observed-table">
            <LotTableHead />
            {groups.map(({ auction, idLots }) => <ObservedAuction key={auction.idAuction} auction={auction} idLots={idLots} />)}
          </table>
        </div>
      )}
      <Paginator
        page={Math.floor(offset / limit)} size={limit} total={total} sizes={[PAGE_DEFAULT, PAGE_MAX]} testId="observed-pages"
        onPage={(index) => void navigate({ search: { limit, offset: index * limit } })} onSize={(size) => void navigate({ search: { limit: size, offset: 0 } })}
      />
    </section>
  );
}

/** The observed lots of one auction, live. */
function ObservedAuction({ auction, idLots }: { auction: AuctionView; idLots: readonly string[] }) {
  const { t } = useTranslation('auction');
  const { lotActors } = useAuctionLive(auction, 'dealer');
  const ensureRegulation = useRegulation(auction, true);
  const shown = lotActors.filter((a) => idLots.includes(a.getSnapshot().context.lot.idLot));
  const zone = timeZoneOfMarket(auction.idMarket);
  return (
    <MarketZoneProvider value={zone}>
      <tbody data-testid={`observed-auction-${auction.idAuction}`}>
        <tr className="group-row">
          <th scope="rowgroup" colSpan={12}>{t('observedPage.auction')}: {auction.auctionName} · <TimeZoneNote zone={zone} testId={`time-zone-${auction.idAuction}`} /></th>
        </tr>
        {shown.map((lotActor) => <LotRow key={lotActor.id} lotActor={lotActor} ensureRegulation={ensureRegulation} startDate={auction.startDate} />)}
      </tbody>
    </MarketZoneProvider>
  );
}
