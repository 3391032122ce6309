import { createFileRoute } from '@tanstack/react-router';
import { Id, PageQuery } from '@auction/contracts';
import { AUCTION_MANAGER_ROLES } from '@auction/domain';
import { AuctionDetails } from '../features/auctions/auctioneer/AuctionDetails.js';
import { LotPages } from '../features/auctions/live/LotPages.js';
import { requireUser } from '../session/guards.js';
import { lenientSearch } from '../ui/lenient-search.js';

// Built outside the route options: inside them TypeScript cannot infer the search type through the generic call.
const validateSearch = lenientSearch(PageQuery.partial());

/** The auctioneer's page of one auction: a page of its lots live (`limit`, `offset` in the URL), extend time, awards and the offers report. */
export const Route = createFileRoute('/auction-details/$idAuction')({
  params: { parse: (p) => ({ idAuction: Id.parse(p.idAuction) }), stringify: (p) => p },
  validateSearch,
  beforeLoad: requireUser(AUCTION_MANAGER_ROLES),
  loaderDeps: ({ search }) => ({ limit: search.limit, offset: search.offset }),
  loader: ({ context, params, deps }) => context.services.api.auctionFull(params.idAuction, {}, deps),
  component: Page,
});

function Page() {
  const auction = Route.useLoaderData();
  const navigate = Route.useNavigate();
  const { lotsPage } = auction;
  return (
    <>
      <AuctionDetails key={`${auction.idAuction}/${lotsPage.offset}/${lotsPage.limit}`} auction={auction} />
      <LotPages page={lotsPage} onPage={(limit, offset) => void navigate({ search: { limit, offset } })} />
    </>
  );
}
