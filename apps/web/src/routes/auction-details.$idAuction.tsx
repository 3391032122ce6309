import { createFileRoute } from '@tanstack/react-router';
import { Id } from '@auction/contracts';
import { AUCTION_MANAGER_ROLES } from '@auction/domain';
import { AuctionDetails } from '../features/auctions/auctioneer/AuctionDetails.js';
import { requireUser } from '../session/guards.js';

/** The auctioneer's page of one auction: live lots, extend time, awards and the offers report. */
export const Route = createFileRoute('/auction-details/$idAuction')({
  params: { parse: (p) => ({ idAuction: Id.parse(p.idAuction) }), stringify: (p) => p },
  beforeLoad: requireUser(AUCTION_MANAGER_ROLES),
  loader: ({ context, params }) => context.services.api.auctionFull(params.idAuction),
  component: Page,
});

function Page() {
  const auction = Route.useLoaderData();
  return <AuctionDetails key={auction.idAuction} auction={auction} />;
}
