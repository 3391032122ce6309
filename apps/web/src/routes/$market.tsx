import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { enterMarket, marketOfPrefix, publicBidsUrl } from '../session/market.js';
import { publicOnly } from '../session/guards.js';
import { leaveForServerPage } from '../session/server-pages.js';

/**
 * The market homes `/it` `/be` `/es` `/en` `/de` `/nl` `/fr` `/pl` `/pt` `/lu` (spec 01 §2, §4) are the public portal's
 * pages, drawn by the server (apps/api/src/partners/portal): a navigation of this client to one is a full load. Served
 * as this client's page (no portal build), the prefix becomes the session market, the languages follow it, then `/`.
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
    // The market's home is the public portal's page, drawn by the server: reached from this client, a full load.
    if (leaveForServerPage(`/${word}`)) return;
    await enterMarket(ctx.context.services.i18n, market);
    publicOnly()(ctx);
    throw redirect({ to: '/' });
  },
});
