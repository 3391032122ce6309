// handleSummary helper: writes `${OUT_DIR}/${scenario}.summary.json` and prints a short text summary.
import { OUT_DIR } from './config.js';

/** Trend statistics every scenario asks k6 to keep (options.summaryTrendStats). */
export const TREND_STATS = ['avg', 'min', 'med', 'max', 'p(50)', 'p(90)', 'p(95)', 'p(99)', 'p(99.9)', 'count'];

/** Refusal codes that get their own sub-metric (k6 only reports tagged sub-metrics that a threshold names). */
export const OFFER_CODES = ['409003', '409004', '409017', '422001', '422002', '404021', '404020'];
export const PURCHASE_CODES = ['409010', '409011', '409012'];

/** Always-true thresholds that make k6 report the tagged sub-metrics (per refusal code, per error kind). */
export function breakdownThresholds() {
  const t = {};
  for (const code of OFFER_CODES) t[`offers_refused{code:${code}}`] = ['count>=0'];
  for (const kind of ['network', '5xx', 'unexpected']) t[`offers_errors{kind:${kind}}`] = ['count>=0'];
  for (const code of PURCHASE_CODES) t[`purchases_refused{code:${code}}`] = ['count>=0'];
  for (const stage of ['connect', 'connack', 'suback', 'socket', 'closed', 'closed_early']) t[`mqtt_errors{stage:${stage}}`] = ['count>=0'];
  return t;
}

const round = (x, digits = 2) => (typeof x === 'number' && Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : null);

function withoutSecrets(value) {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(value)) if (!/token|password/i.test(k)) out[k] = withoutSecrets(v);
    return out;
  }
  return value;
}

function count(metrics, name) {
  return metrics[name] ? metrics[name].values.count || 0 : 0;
}

function trend(metrics, name) {
  const m = metrics[name];
  if (!m) return { count: 0, avg: null, p50: null, p95: null, p99: null, max: null };
  const v = m.values;
  return { count: v.count ?? null, avg: round(v.avg), p50: round(v['p(50)'] ?? v.med), p95: round(v['p(95)']), p99: round(v['p(99)']), max: round(v.max) };
}

function byTag(metrics, name, tag) {
  const out = {};
  const prefix = `${name}{${tag}:`;
  for (const key of Object.keys(metrics)) {
    if (key.startsWith(prefix)) {
      const n = metrics[key].values.count || 0;
      if (n > 0) out[key.slice(prefix.length, -1)] = n;
    }
  }
  return out;
}

function condensed(metrics) {
  const out = {};
  for (const [name, m] of Object.entries(metrics)) {
    const values = {};
    for (const [k, v] of Object.entries(m.values)) values[k] = round(v, 3);
    out[name] = { type: m.type, contains: m.contains, values };
    if (m.thresholds) out[name].thresholds = Object.fromEntries(Object.entries(m.thresholds).map(([k, t]) => [k, t.ok]));
  }
  return out;
}

/**
 * The handleSummary of a scenario. `info()` is called at the end and returns `{ durationSeconds, ...extra }`;
 * `targets(result)` returns `[{name, target, value, met}]` (the figures, when the scenario has any).
 */
export function summaryHandler(scenario, profile, info, targets) {
  return function handleSummary(data) {
    const metrics = data.metrics;
    const extra = info(data) || {};
    const duration = extra.durationSeconds || null;
    const accepted = count(metrics, 'offers_accepted');
    const refused = count(metrics, 'offers_refused');
    const errors = count(metrics, 'offers_errors');
    const perSecond = (n) => (duration ? round(n / duration, 1) : null);
    const result = {
      scenario,
      profile,
      finishedAt: new Date().toISOString(),
      durationSeconds: duration,
      testRunSeconds: round(data.state.testRunDurationMs / 1000, 1),
      offers: {
        accepted, refused, errors, processed: accepted + refused,
        acceptedPerSecond: perSecond(accepted), refusedPerSecond: perSecond(refused), processedPerSecond: perSecond(accepted + refused),
        refusedByCode: byTag(metrics, 'offers_refused', 'code'),
        errorsByKind: byTag(metrics, 'offers_errors', 'kind'),
      },
      latencyMs: trend(metrics, 'offer_latency'),
      fanout: {
        ...trend(metrics, 'fanout_latency'),
        deliveries: count(metrics, 'fanout_deliveries'),
        subscribed: count(metrics, 'mqtt_subscribed'),
        connectionErrors: count(metrics, 'mqtt_errors'),
        connectionErrorsByStage: byTag(metrics, 'mqtt_errors', 'stage'),
        subscriberLoopLagMs: trend(metrics, 'subscriber_loop_lag'),
      },
      purchases: {
        ok: count(metrics, 'purchases_ok'), refused: count(metrics, 'purchases_refused'), errors: count(metrics, 'purchases_errors'),
        refusedByCode: byTag(metrics, 'purchases_refused', 'code'),
        latencyMs: trend(metrics, 'purchase_latency'),
      },
      droppedIterations: count(metrics, 'dropped_iterations'),
      httpRequests: { count: count(metrics, 'http_reqs'), failedRate: metrics.http_req_failed ? round(metrics.http_req_failed.values.rate, 4) : null },
      ...extra,
      setup_data: withoutSecrets(data.setup_data ?? null),
      metrics: condensed(metrics),
    };
    result.targets = targets ? targets(result) : [];

    const lines = [`== ${scenario} (profile ${profile}, ${duration ?? '-'} s of load, run ${result.testRunSeconds} s)`];
    if (accepted + refused + errors > 0) lines.push(
      `offers: ${accepted} accepted (${result.offers.acceptedPerSecond}/s), ${refused} refused (${result.offers.refusedPerSecond}/s), ${errors} errors` +
        (Object.keys(result.offers.refusedByCode).length ? ` — refused by code ${JSON.stringify(result.offers.refusedByCode)}` : '') +
        (errors ? ` — errors ${JSON.stringify(result.offers.errorsByKind)}` : ''),
      `offer latency ms: p50 ${result.latencyMs.p50} p95 ${result.latencyMs.p95} p99 ${result.latencyMs.p99} max ${result.latencyMs.max}`,
    );
    if (result.fanout.deliveries || result.fanout.subscribed) {
      lines.push(`fan-out: ${result.fanout.subscribed} subscribers, ${result.fanout.deliveries} deliveries, ${result.fanout.connectionErrors} connection errors; ` +
        `offer→subscriber ms p50 ${result.fanout.p50} p95 ${result.fanout.p95} p99 ${result.fanout.p99} max ${result.fanout.max}; ` +
        `subscriber VU timer lag ms p99 ${result.fanout.subscriberLoopLagMs.p99} max ${result.fanout.subscriberLoopLagMs.max}`);
    }
    if (result.purchases.ok || result.purchases.refused || result.purchases.errors) {
      const pl = result.purchases.latencyMs;
      lines.push(`purchases: ${result.purchases.ok} ok, ${result.purchases.refused} refused ${JSON.stringify(result.purchases.refusedByCode)}, ${result.purchases.errors} errors; buy call ms p50 ${pl.p50} p99 ${pl.p99} max ${pl.max}`);
    }
    for (const [k, v] of Object.entries(extra)) if (k !== 'durationSeconds') lines.push(`${k}: ${JSON.stringify(v)}`);
    for (const t of result.targets) lines.push(`target ${t.name}: ${t.value} (target ${t.target}) ${t.met ? 'MET' : 'NOT MET'}`);
    const file = `${OUT_DIR}/${scenario}.summary.json`;
    lines.push(`summary: ${file}`);
    return { stdout: `\n${lines.join('\n')}\n`, [file]: JSON.stringify(result, null, 2) };
  };
}
