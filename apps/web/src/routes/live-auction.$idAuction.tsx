import { createFileRoute, redirect } from '@tanstack/react-router';
import { Id, PageQuery } from '@auction/contracts';
import { LiveAuction } from '../features/auctions/live/LiveAuction.js';
import { LotPages } from '../features/auctions/live/LotPages.js';
import { requireUser } from '../session/guards.js';
import { lenientSearch } from '../ui/lenient-search.js';

// Built outside the route options: inside them TypeScript cannot infer the search type through the generic call.
const validateSearch = lenientSearch(PageQuery.partial());

/**
 * The live auction page of a dealer (an auctioneer is sent to the auction's management page): the auction with one
 * page of its lots (`limit`, `offset` in the URL; 100 by default), live.
 */
export const Route = createFileRoute('/live-auction/$idAuction')({
  params: { parse: (p) => ({ idAuction: Id.parse(p.idAuction) }), stringify: (p) => p },
  validateSearch,
  beforeLoad: (ctx) => {
    const { profile } = requireUser()(ctx);
    if (!profile.roles.includes('BUYER')) throw redirect({ to: '/auction-details/$idAuction', params: { idAuction: ctx.params.idAuction } });
  },
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
      <LiveAuction key={`${auction.idAuction}/${lotsPage.offset}/${lotsPage.limit}`} auction={auction} />
      <LotPages page={lotsPage} onPage={(limit, offset) => void navigate({ search: { limit, offset } })} />
    </>
  );
}
