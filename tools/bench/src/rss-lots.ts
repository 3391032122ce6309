/** Lots one auction may have: the API refuses more (`CreateAuctionRequest.lots`, libs/contracts/src/auction.ts). */
export const MAX_LOTS_PER_AUCTION = 2000;
/** Running lots the rss extra may create: ten times issue 25's 100,000, so a typo cannot start an endless run. */
export const MAX_RSS_LOTS = 1_000_000;

/**
 * The rss extra's `--rss-lots AxL` (A auctions of L lots each), or the reason it is refused: checked before the bench
 * starts anything, since the rss extra runs last, after the scenarios.
 */
export function parseRssLots(text: string): { auctions: number; lots: number } | { error: string } {
  const m = /^(\d{1,7})x(\d{1,7})$/.exec(text);
  const refuse = (why: string) => ({ error: `--rss-lots ${text}: ${why}` });
  if (!m) return refuse('expected AUCTIONSxLOTS, e.g. 100x1000');
  const [auctions, lots] = [Number(m[1]), Number(m[2])];
  if (auctions < 1 || lots < 1) return refuse('at least one auction of one lot');
  if (lots > MAX_LOTS_PER_AUCTION) return refuse(`at most ${MAX_LOTS_PER_AUCTION} lots per auction (the API's limit)`);
  if (auctions * lots > MAX_RSS_LOTS) return refuse(`at most ${MAX_RSS_LOTS.toLocaleString('en')} lots in all`);
  return { auctions, lots };
}
