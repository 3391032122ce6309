// Spread: AUCTIONS auctions x LOTS/AUCTIONS lots (full: 20 x 50 = 1,000 lots), DEALERS dealers (full: 200), DURATION
// seconds. Each VU is one dealer looping without pause: it picks a random lot and offers the next amount as it sees
// it (its last answer on that lot, else the lot's base price from the auction page); a refusal that names the
// minimum is retried once at once at that minimum (RETRY=false turns that off). Every attempt counts.
//
// Issue 5 target (server stack, 2 cores): >= 5,000 accepted offers/s for 60 s with p99 < 50 ms.
import exec from 'k6/execution';
import { sleep } from 'k6';
import { createAuction, login, loginAll, lotInputs } from '../lib/api.js';
import { bid } from '../lib/bidding.js';
import { dealerNames, settings } from '../lib/config.js';
import { atLeast, below, dealerOf, loadExecutor, options as scenarioOptions } from '../lib/scenario.js';
import { summaryHandler } from '../lib/summary.js';

const cfg = settings({
  smoke: { duration: 5, auctions: 2, lots: 20, dealers: 10, retry: true, rate: 0 },
  short: { duration: 15, auctions: 20, lots: 1000, dealers: 200, retry: true, rate: 0 },
  full: { duration: 60, auctions: 20, lots: 1000, dealers: 200, retry: true, rate: 0 },
});

export const options = scenarioOptions(
  { spread: loadExecutor(cfg, cfg.vus || cfg.dealers) },
  { offer_latency: ['p(99)<50'], offers_errors: ['count==0'] },
);

export function setup() {
  const auctioneer = login('auctioneer');
  const tokens = loginAll(dealerNames(cfg.dealers));
  const run = Date.now().toString(36).toUpperCase();
  const perAuction = Math.ceil(cfg.lots / cfg.auctions);
  const auctions = [];
  const lots = [];
  for (let a = 0; a < cfg.auctions; a++) {
    const count = Math.min(perAuction, cfg.lots - a * perAuction);
    if (count <= 0) break;
    const view = createAuction(auctioneer, {
      name: `k6 spread ${run} #${a + 1}`, lots: lotInputs(count, `SP${run}${a}X`, 1000, 10),
      endMs: Date.now() + (cfg.duration + 900) * 1000,
    });
    auctions.push(view.idAuction);
    for (const l of view.lots) lots.push({ idAuction: view.idAuction, idLot: l.idLot, basePrice: l.basePrice, minIncrement: l.minIncrement });
  }
  return {
    scenario: 'spread', idAuctions: auctions, lots,
    dealers: Object.entries(tokens).map(([username, token]) => ({ username, token })),
  };
}

/** What this dealer last learned per lot: the next amount it would offer. */
const seen = {};

export default function (data) {
  const dealer = dealerOf(data.dealers, exec.vu.idInTest);
  const lot = data.lots[Math.floor(Math.random() * data.lots.length)];
  let r = bid(dealer, lot.idAuction, lot.idLot, seen[lot.idLot] ?? lot.basePrice, lot.minIncrement, 'spread');
  if (r.next != null) seen[lot.idLot] = r.next;
  if (cfg.retry && r.outcome === 'refused' && r.next != null) {
    r = bid(dealer, lot.idAuction, lot.idLot, r.next, lot.minIncrement, 'spread');
    if (r.next != null) seen[lot.idLot] = r.next;
  }
  if (r.outcome === 'error') sleep(0.1);
}

export const handleSummary = summaryHandler('spread', cfg.profile,
  () => ({ durationSeconds: cfg.duration, dealers: cfg.dealers, auctions: cfg.auctions, lots: cfg.lots }), (r) => [
    atLeast('accepted offers per second', r.offers.acceptedPerSecond, 5000),
    below('offer latency p99 (ms)', r.latencyMs.p99, 50),
    below('offer errors', r.offers.errors, 1),
  ]);
