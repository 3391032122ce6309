import { createFileRoute } from '@tanstack/react-router';
import { Id } from '@auction/contracts';
import { LotDetail } from '../features/auctions/live/LotDetail.js';
import { requireUser } from '../session/guards.js';

/** One lot of a running auction, live. */
export const Route = createFileRoute('/lot-detail/$idAuction/$idLot')({
  params: { parse: (p) => ({ idAuction: Id.parse(p.idAuction), idLot: Id.parse(p.idLot) }), stringify: (p) => p },
  beforeLoad: requireUser(['BUYER']),
  // Only this lot: in an auction of 2,000 lots it may be on any page.
  loader: ({ context, params }) => context.services.api.auctionFull(params.idAuction, {}, { idLot: params.idLot }),
  component: Page,
});

function Page() {
  const auction = Route.useLoaderData();
  const { idLot } = Route.useParams();
  return <LotDetail key={`${auction.idAuction}/${idLot}`} auction={auction} idLot={idLot} />;
}
