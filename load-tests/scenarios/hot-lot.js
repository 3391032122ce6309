// Hot lot: DEALERS dealers bid on one lot for DURATION seconds. Each VU is one dealer and loops without pause:
// it offers the next valid amount as it sees it (first from the auction page, GET auctionFull; then from its last
// answer: a 201's bestOffer + minIncrement, or the minimum a 422 names), so most offers race and are refused.
// Measures offers processed per second (accepted + refused), their latency, errors. The order of the accepted offers
// is checked afterwards from the NDJSON lines (k:'offer') against the auction's offers report.
//
// Issue 5 target (server stack, 2 cores): >= 3,000 offers/s processed, strict order, p99 < 50 ms.
import exec from 'k6/execution';
import { sleep } from 'k6';
import { auctionFull, createAuction, login, loginAll, lotInputs } from '../lib/api.js';
import { bid } from '../lib/bidding.js';
import { dealerNames, settings } from '../lib/config.js';
import { atLeast, below, dealerOf, loadExecutor, options as scenarioOptions } from '../lib/scenario.js';
import { summaryHandler } from '../lib/summary.js';

const cfg = settings({
  smoke: { duration: 5, dealers: 10, minIncrement: 10, rate: 0 },
  short: { duration: 15, dealers: 500, minIncrement: 10, rate: 0 },
  full: { duration: 60, dealers: 500, minIncrement: 10, rate: 0 },
});

export const options = scenarioOptions(
  { hot_lot: loadExecutor(cfg, cfg.vus || cfg.dealers) },
  { offer_latency: ['p(99)<50'], offers_errors: ['count==0'] },
);

export function setup() {
  const auctioneer = login('auctioneer');
  const tokens = loginAll(dealerNames(cfg.dealers));
  const run = Date.now().toString(36);
  const auction = createAuction(auctioneer, {
    name: `k6 hot lot ${run}`, lots: lotInputs(1, `HL${run}`.toUpperCase(), 1000, cfg.minIncrement),
    endMs: Date.now() + (cfg.duration + 900) * 1000,
  });
  const lot = auction.lots[0];
  return {
    scenario: 'hot-lot', idAuction: auction.idAuction, idLots: [lot.idLot], minIncrement: lot.minIncrement,
    dealers: Object.entries(tokens).map(([username, token]) => ({ username, token })),
  };
}

let next = null;

export default function (data) {
  const dealer = dealerOf(data.dealers, exec.vu.idInTest);
  const idLot = data.idLots[0];
  if (next === null) {
    // The dealer opens the auction page: the next minimum as the read model shows it.
    next = auctionFull(dealer.token, data.idAuction).lots.find((l) => l.idLot === idLot).nextMinimumOffer;
  }
  const r = bid(dealer, data.idAuction, idLot, next, data.minIncrement, 'hot');
  if (r.next !== null && r.next !== undefined) next = r.next;
  else if (r.outcome === 'refused') next = null; // no minimum in the refusal: look at the page again
  else if (r.outcome === 'error') sleep(0.1);
}

export const handleSummary = summaryHandler('hot-lot', cfg.profile, () => ({ durationSeconds: cfg.duration, dealers: cfg.dealers }), (r) => [
  atLeast('offers processed per second', r.offers.processedPerSecond, 3000),
  below('offer latency p99 (ms)', r.latencyMs.p99, 50),
  below('offer errors', r.offers.errors, 1),
]);
