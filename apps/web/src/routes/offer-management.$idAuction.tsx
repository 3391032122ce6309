import { createFileRoute } from '@tanstack/react-router';
import { Id } from '@auction/contracts';
import { AUCTION_MANAGER_ROLES } from '@auction/domain';
import { OfferManagement } from '../features/auctions/auctioneer/offers/OfferManagement.js';
import { requireUser } from '../session/guards.js';

/** The auctioneer's offers of one auction, paged by the server (the auction read with one lot: only its name and market are used). */
export const Route = createFileRoute('/offer-management/$idAuction')({
  params: { parse: (p) => ({ idAuction: Id.parse(p.idAuction) }), stringify: (p) => p },
  beforeLoad: requireUser(AUCTION_MANAGER_ROLES),
  loader: ({ context, params }) => context.services.api.auctionFull(params.idAuction, {}, { limit: 1 }),
  component: Page,
});

function Page() {
  const auction = Route.useLoaderData();
  return <OfferManagement key={auction.idAuction} auction={auction} />;
}
