import { createFileRoute } from '@tanstack/react-router';
import { LotDetail } from '../features/auctions/live/LotDetail.js';
import { auctionLotParams, loadAuctionLot } from '../features/auctions/lot-route.js';
import { requireUser } from '../session/guards.js';

/** One lot of a running auction, live. */
export const Route = createFileRoute('/lot-detail/$idAuction/$idLot')({
  params: auctionLotParams,
  beforeLoad: requireUser(['BUYER']),
  loader: loadAuctionLot,
  component: Page,
});

function Page() {
  const auction = Route.useLoaderData();
  const { idLot } = Route.useParams();
  return <LotDetail key={`${auction.idAuction}/${idLot}`} auction={auction} idLot={idLot} />;
}
