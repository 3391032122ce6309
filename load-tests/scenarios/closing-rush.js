// Closing rush: LOTS lots (full: 1,000) in AUCTIONS auctions (10) whose ends fall in the same SPREAD seconds (10),
// starting LEAD seconds after setup, with the extension window on (WINDOW_SECONDS, EXTEND_SECONDS: 5 and 5).
// DEALERS dealers (200) bid without pause during each lot's last LAST_SECONDS seconds as they see them (the lot's
// original end, or the end their last 201 answered): a random lot among those, at the next amount they know; a
// refusal teaches them the minimum (422) or that the lot ended (409004). Bidding stops after DURATION seconds; the
// teardown then waits until every lot closed and counts the lots whose final end moved past their original end.
import exec from 'k6/execution';
import { sleep } from 'k6';
import { auctionFull, createAuction, login, loginAll, lotInputs } from '../lib/api.js';
import { bid, record } from '../lib/bidding.js';
import { dealerNames, settings } from '../lib/config.js';
import { lotsChecked, lotsExtended } from '../lib/metrics.js';
import { below, dealerOf, loadExecutor, options as scenarioOptions } from '../lib/scenario.js';
import { summaryHandler } from '../lib/summary.js';

const cfg = settings({
  smoke: { duration: 10, lots: 20, auctions: 2, dealers: 10, lead: 3, spread: 4, windowSeconds: 3, extendSeconds: 3, lastSeconds: 3 },
  short: { duration: 20, lots: 200, auctions: 10, dealers: 200, lead: 5, spread: 10, windowSeconds: 5, extendSeconds: 5, lastSeconds: 5 },
  full: { duration: 40, lots: 1000, auctions: 10, dealers: 200, lead: 20, spread: 10, windowSeconds: 5, extendSeconds: 5, lastSeconds: 5 },
});

export const options = scenarioOptions(
  { closing_rush: loadExecutor(cfg, cfg.vus || cfg.dealers) },
  { offer_latency: ['p(99)<50'], offers_errors: ['count==0'] },
);

export function setup() {
  const auctioneer = login('auctioneer');
  const tokens = loginAll(dealerNames(cfg.dealers));
  const run = Date.now().toString(36).toUpperCase();
  const perAuction = Math.ceil(cfg.lots / cfg.auctions);
  // The ends are placed from the moment setup ends (the scenario starts right after): auction a ends at
  // lead + a * spread / (auctions - 1) seconds, the last one exactly `spread` seconds after the first.
  const created = [];
  for (let a = 0; a < cfg.auctions; a++) {
    const count = Math.min(perAuction, cfg.lots - a * perAuction);
    if (count <= 0) break;
    created.push({ a, count });
  }
  const t0 = Date.now() + 2000 * created.length / 10 + 1000; // room for the creations themselves
  const auctions = [];
  const lots = [];
  for (const { a, count } of created) {
    const endMs = t0 + (cfg.lead + (created.length > 1 ? (a * cfg.spread) / (created.length - 1) : 0)) * 1000;
    const view = createAuction(auctioneer, {
      name: `k6 closing rush ${run} #${a + 1}`, lots: lotInputs(count, `CR${run}${a}X`, 1000, 10), endMs,
      extension: { windowSeconds: cfg.windowSeconds, extendSeconds: cfg.extendSeconds },
    });
    auctions.push({ idAuction: view.idAuction, endDate: view.endDate });
    for (const l of view.lots) {
      lots.push({ idAuction: view.idAuction, idLot: l.idLot, basePrice: l.basePrice, minIncrement: l.minIncrement, endMs: Date.parse(l.endDate) });
    }
  }
  return {
    scenario: 'closing-rush', auctions, lots, firstEnd: new Date(Math.min(...lots.map((l) => l.endMs))).toISOString(),
    lastEnd: new Date(Math.max(...lots.map((l) => l.endMs))).toISOString(),
    dealers: Object.entries(tokens).map(([username, token]) => ({ username, token })),
  };
}

/** This dealer's view of each lot: next amount, end, closed. */
let known = null;
let open = null;

export default function (data) {
  const dealer = dealerOf(data.dealers, exec.vu.idInTest);
  if (known === null) {
    known = data.lots.map((l) => ({ next: l.basePrice, endMs: l.endMs, closed: false }));
    open = data.lots.map((_, i) => i);
  }
  // A random open lot in its last seconds: up to 32 random picks among the open lots (uniform among those in their
  // last seconds when one is found). A full scan of the 1,000 lots on every iteration cost k6 9.7 ms of CPU per offer
  // and made this scenario measure k6 rather than the API.
  const horizon = Date.now() + cfg.lastSeconds * 1000;
  let i = -1;
  for (let tries = 0; tries < 32 && open.length > 0; tries++) {
    const pick = open[Math.floor(Math.random() * open.length)];
    if (known[pick].endMs <= horizon) {
      i = pick;
      break;
    }
  }
  if (i < 0) {
    sleep(0.05);
    return;
  }
  const lot = data.lots[i];
  const r = bid(dealer, lot.idAuction, lot.idLot, known[i].next, lot.minIncrement, 'rush');
  if (r.next != null) known[i].next = r.next;
  if (r.outcome === 'accepted') known[i].endMs = r.endMs;
  if (r.outcome === 'refused' && (r.code === 409004 || r.code === 409003)) {
    known[i].closed = r.code === 409004;
    open = open.filter((j) => !known[j].closed);
  }
  if (r.outcome === 'error') sleep(0.1);
}

/** Waits until every lot closed, then counts the lots whose end moved (an extension happened). */
export function teardown(data) {
  const token = data.dealers[0].token;
  const original = {};
  for (const l of data.lots) original[l.idLot] = l.endMs;
  const deadline = Date.now() + 120_000;
  let views = [];
  for (;;) {
    views = data.auctions.map((a) => auctionFull(token, a.idAuction));
    const running = views.reduce((n, v) => n + v.lots.filter((l) => l.status === 'RUN' || l.status === 'SCH').length, 0);
    if (running === 0 || Date.now() > deadline) {
      if (running) record({ k: 'note', msg: `${running} lots still running after the wait`, t: Date.now() });
      break;
    }
    sleep(1);
  }
  let extended = 0;
  let maxMoveMs = 0;
  let offers = 0;
  for (const v of views) {
    for (const l of v.lots) {
      const moved = Date.parse(l.endDate) - original[l.idLot];
      if (moved > 0) extended += 1;
      maxMoveMs = Math.max(maxMoveMs, moved);
      offers += l.offersCount;
      lotsChecked.add(1);
    }
  }
  lotsExtended.add(extended);
  record({ k: 'closing-rush', lots: data.lots.length, extended, maxMoveMs, offers, t: Date.now() });
}

export const handleSummary = summaryHandler('closing-rush', cfg.profile, (d) => ({
  durationSeconds: cfg.duration, dealers: cfg.dealers, lots: cfg.lots, auctions: cfg.auctions,
  extension: { windowSeconds: cfg.windowSeconds, extendSeconds: cfg.extendSeconds },
  lotsExtended: d.metrics.lots_extended ? d.metrics.lots_extended.values.count : null,
  lotsChecked: d.metrics.lots_checked ? d.metrics.lots_checked.values.count : null,
}), (r) => [
  below('offer latency p99 (ms)', r.latencyMs.p99, 50),
  below('offer errors', r.offers.errors, 1),
]);
