import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { enterMarket, marketOfPrefix, publicBidsUrl } from '../session/market.js';
import { publicOnly } from '../session/guards.js';

/**
 * The market homes `/it` `/be` `/es` `/en` `/de` `/nl` `/fr` `/pl` `/pt` `/lu` (spec 01 §2, §4): the prefix becomes
 * the session market, the languages follow it, then the home. The public home pages come with a later issue, so
 * the home is `/` (the private area for a logged user, the sign-in for a visitor), now in the market's language.
 * `/italian` `/english` `/spanish` `/french` leave for the public bids site when it is configured; any other
 * single segment is not found.
 */
export const Route = createFileRoute('/$market')({
  beforeLoad: async (ctx) => {
    const word = ctx.params.market;
    const external = publicBidsUrl(word);
    if (external) {
      window.location.assign(external);
      return;
    }
    const market = marketOfPrefix(word);
    if (!market) throw notFound();
    await enterMarket(ctx.context.services.i18n, market);
    publicOnly()(ctx);
    throw redirect({ to: '/' });
  },
});
