import { createFileRoute } from '@tanstack/react-router';
import { AUCTION_MANAGER_ROLES } from '@auction/domain';
import { OfferDetail } from '../features/auctions/auctioneer/offers/OfferDetail.js';
import { auctionLotParams, loadAuctionLot } from '../features/auctions/lot-route.js';
import { requireUser } from '../session/guards.js';

/** One lot's offers for its auctioneer, paged by the server. */
export const Route = createFileRoute('/offer-detail/$idAuction/$idLot')({
  params: auctionLotParams,
  beforeLoad: requireUser(AUCTION_MANAGER_ROLES),
  loader: loadAuctionLot,
  component: Page,
});

function Page() {
  const auction = Route.useLoaderData();
  const { idLot } = Route.useParams();
  return <OfferDetail key={`${auction.idAuction}/${idLot}`} auction={auction} idLot={idLot} />;
}
