import { createFileRoute, redirect } from '@tanstack/react-router';
import { Id } from '@auction/contracts';
import { LiveAuction } from '../features/auctions/live/LiveAuction.js';
import { requireUser } from '../session/guards.js';

/** The live auction page of a dealer (an auctioneer is sent to the auction's management page). */
export const Route = createFileRoute('/live-auction/$idAuction')({
  params: { parse: (p) => ({ idAuction: Id.parse(p.idAuction) }), stringify: (p) => p },
  beforeLoad: (ctx) => {
    const { profile } = requireUser()(ctx);
    if (!profile.roles.includes('BUYER')) throw redirect({ to: '/auction-details/$idAuction', params: { idAuction: ctx.params.idAuction } });
  },
  loader: ({ context, params }) => context.services.api.auctionFull(params.idAuction),
  component: Page,
});

function Page() {
  const auction = Route.useLoaderData();
  return <LiveAuction key={auction.idAuction} auction={auction} />;
}
