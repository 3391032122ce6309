import { createFileRoute } from '@tanstack/react-router';
import { Id } from '@auction/contracts';
import { AUCTION_MANAGER_ROLES } from '@auction/domain';
import { OfferDetail } from '../features/auctions/auctioneer/offers/OfferDetail.js';
import { requireUser } from '../session/guards.js';

/** One lot's offers for its auctioneer, paged by the server. */
export const Route = createFileRoute('/offer-detail/$idAuction/$idLot')({
  params: { parse: (p) => ({ idAuction: Id.parse(p.idAuction), idLot: Id.parse(p.idLot) }), stringify: (p) => p },
  beforeLoad: requireUser(AUCTION_MANAGER_ROLES),
  loader: ({ context, params }) => context.services.api.auctionFull(params.idAuction, {}, { idLot: params.idLot }),
  component: Page,
});

function Page() {
  const auction = Route.useLoaderData();
  const { idLot } = Route.useParams();
  return <OfferDetail key={`${auction.idAuction}/${idLot}`} auction={auction} idLot={idLot} />;
}
