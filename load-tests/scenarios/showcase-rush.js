// Showcase rush: the exhibitor lists VEHICLES vehicles (20); DEALERS dealers (200) try to buy them at the same
// instant. Each VU is one dealer: at the agreed instant it sends one `PUT /showcase/buy` with PICK random vehicles
// (3), then ATTEMPTS more single-vehicle buys of random vehicles it has not tried. Each vehicle must be sold exactly
// once: `ok` outcomes are counted in purchases_ok (and written as {k:'buy', idVehicle, username} lines), refusals
// in purchases_refused by code (409010 sold, 409011 held). At most VEHICLES purchases may succeed.
import exec from 'k6/execution';
import { sleep } from 'k6';
import { buyVehicles, createShowcase, errorOf, login, loginAll } from '../lib/api.js';
import { newKey, record } from '../lib/bidding.js';
import { dealerNames, settings } from '../lib/config.js';
import { purchaseLatency, purchasesErrors, purchasesOk, purchasesRefused } from '../lib/metrics.js';
import { below, dealerOf, options as scenarioOptions } from '../lib/scenario.js';
import { summaryHandler } from '../lib/summary.js';

const cfg = settings({
  smoke: { vehicles: 5, dealers: 10, pick: 2, attempts: 2, startIn: 2 },
  short: { vehicles: 20, dealers: 200, pick: 3, attempts: 3, startIn: 3 },
  full: { vehicles: 20, dealers: 200, pick: 3, attempts: 3, startIn: 3 },
});

export const options = scenarioOptions(
  { showcase_rush: { executor: 'per-vu-iterations', vus: cfg.vus || cfg.dealers, iterations: 1, maxDuration: '120s' } },
  { purchases_errors: ['count==0'] },
);

export function setup() {
  const exhibitor = login('exhibitor');
  const tokens = loginAll(dealerNames(cfg.dealers));
  const run = Date.now().toString(36).toUpperCase();
  const created = createShowcase(exhibitor, Array.from({ length: cfg.vehicles }, (_, i) => ({
    licensePlate: `SR${run}${String(i + 1).padStart(3, '0')}`.slice(0, 20), brand: 'Volkswagen', model: 'Polo 1.0 TSI', price: 9000 + i * 100,
  })));
  return {
    scenario: 'showcase-rush', idShowcase: created.idShowcase, idVehicles: created.vehicles.map((v) => v.idVehicle),
    // Every VU waits for this instant, so the buys land together.
    goAt: Date.now() + cfg.startIn * 1000,
    dealers: Object.entries(tokens).map(([username, token]) => ({ username, token })),
  };
}

function shuffled(list) {
  const a = list.slice();
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

function buy(dealer, ids) {
  const res = buyVehicles(dealer.token, ids, newKey('buy'));
  if (res.status !== 0) purchaseLatency.add(res.timings.duration);
  if (res.status === 200) {
    for (const o of res.json()) {
      if (o.ok) {
        purchasesOk.add(1);
        record({ k: 'buy', idVehicle: o.idVehicle, username: dealer.username, t: Date.now() });
      } else {
        purchasesRefused.add(1, { code: String(o.errorCode) });
      }
    }
    return;
  }
  if (res.status === 409 || res.status === 422) {
    // Every vehicle of the call was refused: the answer names the first refusal.
    const { code } = errorOf(res);
    purchasesRefused.add(ids.length, { code: String(code) });
    return;
  }
  purchasesErrors.add(ids.length, { kind: res.status === 0 ? 'network' : res.status >= 500 ? '5xx' : 'unexpected' });
  record({ k: 'error', op: 'buy', status: res.status, error: res.error || null, body: res.body ? String(res.body).slice(0, 200) : null, t: Date.now() });
}

export default function (data) {
  const dealer = dealerOf(data.dealers, exec.vu.idInTest);
  const wait = data.goAt - Date.now();
  if (wait > 0) sleep(wait / 1000);
  const order = shuffled(data.idVehicles);
  buy(dealer, order.slice(0, cfg.pick));
  for (const id of order.slice(cfg.pick, cfg.pick + cfg.attempts)) buy(dealer, [id]);
}

export const handleSummary = summaryHandler('showcase-rush', cfg.profile, (d) => {
  const ok = d.metrics.purchases_ok ? d.metrics.purchases_ok.values.count : 0;
  return { durationSeconds: null, dealers: cfg.dealers, vehicles: cfg.vehicles, soldAtMostOnce: ok <= cfg.vehicles };
}, (r) => [
  below('purchases beyond the vehicles listed', r.purchases.ok - r.vehicles, 1),
  below('purchase errors', r.purchases.errors, 1),
]);
