import { createFileRoute } from '@tanstack/react-router';
import { AUCTION_MANAGER_ROLES } from '@auction/domain';
import { Buyer } from '../features/auctions/auctioneer/offers/Buyer.js';
import { auctionLotParams, loadAuctionLot } from '../features/auctions/lot-route.js';
import { requireUser } from '../session/guards.js';

/** The winning buyer of one lot, for its auctioneer. */
export const Route = createFileRoute('/buyer/$idAuction/$idLot')({
  params: auctionLotParams,
  beforeLoad: requireUser(AUCTION_MANAGER_ROLES),
  loader: loadAuctionLot,
  component: Page,
});

function Page() {
  const auction = Route.useLoaderData();
  const { idLot } = Route.useParams();
  return <Buyer key={`${auction.idAuction}/${idLot}`} auction={auction} idLot={idLot} />;
}
