/**
 * Issue 25's "done when" against a run's figures (one `npm run bench -- --full` run; the server stack unless a target
 * names the embedded default). A figure from a run smaller than the target's (fewer subscribers, lots, events, a
 * shorter or lighter profile) does not judge it: the target reads n/a with the figure and, where one makes sense, a
 * projection; a bound already missed at the smaller size (a latency, a memory, a fault) reads no.
 */
import { CLOSING_LATE_MS } from './closings.js';
import { cpuCostOf } from './cpu-cost.js';
import { fanoutP99, type Results, type ScenarioRun, type Target } from './report.js';

const n0 = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '–' : Math.round(v).toLocaleString('en'));
const n1 = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '–' : (Math.round(v * 10) / 10).toLocaleString('en'));
const ms2 = (v: number | null | undefined) => (v === null || v === undefined || !Number.isFinite(v) ? '–' : `${v.toFixed(3)} ms`);
const isError = <T extends object>(v: T | { error: string } | undefined): v is { error: string } => !!v && 'error' in v;

/** A bound that only gets harder with size (latency, memory, a fault): missed small → no; met small → n/a. */
export function bound(ok: boolean, fullSized: boolean): Target['met'] {
  return fullSized ? (ok ? 'yes' : 'no') : ok ? 'n/a' : 'no';
}
/** A rate or a cost, which a smaller run does not tell: n/a unless full-sized. */
export function rateLike(ok: boolean, fullSized: boolean): Target['met'] {
  return fullSized ? (ok ? 'yes' : 'no') : 'n/a';
}
const smallNote = (what: string, ok: boolean) => `${what}: too small to judge; the figure ${ok ? 'meets' : 'misses'} the bound`;
/** The note of a bound: missed at a smaller size is a miss; met there judges nothing. */
const boundNote = (what: string, ok: boolean) => (ok ? `${what}: too small to judge; the figure meets the bound` : `${what}: missed already at this smaller size`);

type TargetInput = Pick<Results, 'runs' | 'extras' | 'profile' | 'machine' | 'baseline'>;

/** The issue's targets. */
export function evaluateTargets(r: TargetInput): Target[] {
  const out: Target[] = [];
  const pick = (scenario: string, mode: 'server' | 'embedded' = 'server') => r.runs.find((x) => x.scenario === scenario && x.mode === mode && !x.error && x.summary);
  const missing = (id: string, target: string, mode = 'server', why = `no ${mode}-mode run of it`) => out.push({ id, target, mode, figure: `not measured in this run (${why})`, met: 'n/a' });
  const full = r.profile === 'full';
  const loadOf = (run: ScenarioRun) => `${r.profile} profile, ${n0(run.clients)} clients for ${n0(run.summary?.durationSeconds)} s`;

  fanoutTargets(r, pick, out, missing);
  spreadTargets(r, pick, out, missing, full, loadOf);

  const hot = pick('hot-lot');
  if (hot?.summary) {
    const s = hot.summary;
    const rate = s.offers?.processedPerSecond ?? null;
    const sized = full && (hot.clients ?? 0) >= 500;
    const ok = rate !== null && rate >= 3000;
    out.push({ id: 'hot-rate', target: 'hot-lot (500 dealers on one lot): ≥ 3,000 processed offers/s', mode: 'server', figure: `${n0(rate)} offers/s (${n0(s.offers?.acceptedPerSecond)} accepted)`,
      met: rate === null ? 'n/a' : rateLike(ok, sized), note: sized ? undefined : smallNote(loadOf(hot), ok) });
    const l = hot.correctness?.log;
    const ordered = l ? l.nonIncreasingLots === 0 && l.duplicatedInLog === 0 : null;
    out.push({ id: 'hot-order', target: 'hot-lot: strict order', mode: 'server',
      figure: ordered === null ? 'not checked' : ordered ? `${n0(l!.logOffers)} offers strictly increasing in log order` : `order violated on ${n0(l!.nonIncreasingLots)} lots`,
      met: ordered === null ? 'n/a' : bound(ordered, (hot.clients ?? 0) >= 500), note: (hot.clients ?? 0) >= 500 ? undefined : `${n0(hot.clients)} dealers instead of 500` });
    const p99 = s.latencyMs?.p99 ?? null;
    out.push({ id: 'hot-p99', target: 'hot-lot: p99 < 100 ms', mode: 'server', figure: `p99 ${n1(p99)} ms`,
      met: p99 === null ? 'n/a' : bound(p99 < 100, sized), note: sized ? undefined : boundNote(loadOf(hot), p99 !== null && p99 < 100) });
  } else missing('hot-lot', 'hot-lot (500 dealers on one lot): ≥ 3,000 processed offers/s, strict order, p99 < 100 ms');

  closingTargets(pick, out, missing);
  embeddedTargets(r, pick, out, full);
  extraTargets(r, out, missing);

  const unprinted = r.runs.filter((run) => !run.error && !run.processes?.some((p) => p.samples > 0 && p.maxRssMb !== null));
  out.push({ id: 'rss-printed', target: 'the bench prints peak RSS per process for every scenario', mode: '–',
    figure: unprinted.length ? `missing for ${unprinted.map((x) => `${x.scenario}/${x.mode}`).join(', ')}` : `${r.runs.filter((x) => !x.error).length} scenario runs with peak RSS per process`,
    met: r.runs.length === 0 ? 'n/a' : unprinted.length ? 'no' : 'yes' });
  return out;
}

type PickRun = (scenario: string, mode?: 'server' | 'embedded') => ScenarioRun | undefined;
type Missing = (id: string, target: string, mode?: string, why?: string) => void;

function fanoutTargets(r: TargetInput, pick: PickRun, out: Target[], missing: Missing): void {
  const fan = pick('fanout');
  const f = fan ? fanoutP99(fan) : null;
  if (fan && f) {
    const subs = f.subscribers ?? 0;
    const byHarness = f.by === 'harness';
    const sized = byHarness && subs >= 5000;
    const ok = f.p99 !== null && f.p99 < 250;
    out.push({
      id: 'fanout-p99', target: 'fanout: 5,000 subscribers, 201 → delivery p99 < 250 ms (compiled harness)', mode: 'server',
      figure: `p99 ${n1(f.p99)} ms with ${n0(subs)} subscribers (${byHarness ? '201 → delivery, harness' : 'bestOfferAt → delivery, k6\'s subscribers'})`,
      met: f.p99 === null ? 'n/a' : bound(ok, sized),
      note: !byHarness ? 'not the compiled harness (--fanout-subscriber k6)' : subs < 5000 ? `${r.profile} profile: ${n0(subs)} subscribers instead of 5,000` : undefined,
    });
    const x = fan.fanout;
    out.push({
      id: 'fanout-delivery', target: 'fanout: every subscriber receives every offer of its lot (5,000 subscribers, harness)', mode: 'server',
      figure: x ? `${n0(x.missing)} missing of ${n0(x.deliveriesExpected)} expected deliveries (${n0(x.subscribed)} subscribers; ${n0(x.outOfOrder)} out of order)`
        : fan.fanoutError ? `not checked: ${fan.fanoutError.split('\n')[0]!.slice(0, 160)}` : 'not measured by the harness',
      // The harness held the subscribers and gave no figures (crashed, killed, no result): not met, never n/a.
      met: x ? bound(x.pass && x.subscribed >= x.subscribersAsked, x.subscribed >= 5000) : fan.fanoutError ? 'no' : 'n/a',
      note: x && x.subscribed < 5000 && x.missing === 0 ? `${n0(x.subscribed)} subscribers instead of 5,000` : undefined,
    });
  } else missing('fanout', 'fanout: 5,000 subscribers, 201 → delivery p99 < 250 ms, every offer delivered (harness)');
  const big = pick('fanout-20k');
  const g = big?.fanout;
  out.push({
    id: 'fanout-20k', target: 'fanout: 20,000 subscribers measured and reported', mode: big ? big.mode : 'server',
    figure: g ? `${n0(g.subscribed)} subscribers, p99 ${n1(g.latencyMs.p99)} ms, ${n0(g.missing)} missing` : big ? `no harness figures${big.fanoutError ? `: ${big.fanoutError.slice(0, 120)}` : ''}` : 'not run (the full profile runs fanout-20k)',
    met: g ? (g.subscribed >= 20_000 ? 'yes' : 'no') : big ? 'no' : 'n/a', note: big?.fanoutNote,
  });
}

function spreadTargets(r: TargetInput, pick: PickRun, out: Target[], missing: Missing, full: boolean, loadOf: (run: ScenarioRun) => string): void {
  const spread = pick('spread');
  if (!spread?.summary) {
    missing('spread', 'spread: ≤ 0.25 ms server CPU per processed offer (≤ 0.5× pgbench), ≥ 2,500 processed offers/s, p99 < 150 ms, correctness');
    return;
  }
  const cost = cpuCostOf(spread, r);
  const server = cost?.serverMs ?? null;
  const okCpu = server !== null && server <= 0.25;
  out.push({
    id: 'spread-cpu', target: 'spread: server-side CPU per processed offer ≤ 0.25 ms (API + PostgreSQL + Kafka + Mosquitto)', mode: 'server',
    figure: server === null ? 'no process figures' : `${ms2(server)} (API ${ms2(cost!.msOf.api)}, PostgreSQL ${ms2(cost!.msOf.postgres)}, Kafka ${ms2(cost!.msOf.kafka)}, Mosquitto ${ms2(cost!.msOf.mosquitto)})`,
    met: server === null ? 'n/a' : rateLike(okCpu, full), note: full ? undefined : smallNote(loadOf(spread), okCpu),
  });
  const ratio = cost?.ratioToPgbench ?? null;
  const okRatio = ratio !== null && ratio <= 0.5;
  const pg = cost?.pgbench;
  out.push({
    id: 'spread-cpu-pgbench', target: 'spread: server-side CPU per processed offer ≤ 0.5× pgbench\'s one-event transaction', mode: 'server',
    figure: ratio === null || !pg ? 'no baseline' : `${ratio.toFixed(2)}× (${ms2(server)} vs ${ms2(pg.ms)} = ${r.machine.cores} cores × 1000 ÷ ${n0(pg.eventsPerSecond)} events/s at ${pg.clients} clients${pg.atScenarioClients ? '' : ', the nearest baseline'})`,
    met: ratio === null ? 'n/a' : rateLike(okRatio, full), note: full ? undefined : smallNote(loadOf(spread), okRatio),
  });
  const rate = spread.summary.offers?.processedPerSecond ?? null;
  const okRate = rate !== null && rate >= 2500;
  out.push({
    id: 'spread-rate', target: 'spread: ≥ 2,500 processed offers/s with k6 on the same machine', mode: 'server',
    figure: `${n0(rate)} offers/s (${n0(spread.summary.offers?.acceptedPerSecond)} accepted) over ${n0(spread.summary.durationSeconds)} s`,
    met: rate === null ? 'n/a' : rateLike(okRate, full), note: full ? undefined : smallNote(loadOf(spread), okRate),
  });
  const p99 = spread.summary.latencyMs?.p99 ?? null;
  const okP99 = p99 !== null && p99 < 150;
  out.push({ id: 'spread-p99', target: 'spread: p99 < 150 ms', mode: 'server', figure: `p99 ${n1(p99)} ms`,
    met: p99 === null ? 'n/a' : bound(okP99, full), note: full ? undefined : boundNote(loadOf(spread), okP99) });
  const v = spread.correctness;
  out.push({ id: 'spread-correctness', target: 'spread: correctness pass', mode: 'server',
    figure: v ? (v.pass ? 'pass' : `FAIL: ${v.problems.slice(0, 2).join('; ').slice(0, 200)}`) : 'not checked',
    met: v ? bound(v.pass, full) : 'n/a', note: v?.pass && !full ? `${r.profile} profile` : undefined });
}

/**
 * Why every closing can be late: the API holds a lot's closing past its end while offers that arrived before the end
 * are still on their way, up to a cap, and the whole cap with other instances alive (not a figure the bench can read).
 */
const GRACE_NOTE = (min: number) => `no closing under ${n1(min)} ms: the API holds a lot's closing while offers that arrived before its end are ` +
  'still in flight, up to LOT_CLOSE_CAP_MS (250 ms), and for the whole cap when other API instances are alive (apps/api/src/auctions/scheduler/offers-in-flight.ts)';

function closingTargets(pick: PickRun, out: Target[], missing: Missing): void {
  const rush = pick('closing-rush');
  const c = rush?.correctness?.closings;
  if (!rush || !c) {
    missing('closing-rush', `closing-rush: 1,000 lots closing in the same 10 s, each within ${CLOSING_LATE_MS} ms of its instant; no offer accepted after its lot's end`);
    return;
  }
  const lots = Number(rush.summary?.lots ?? 0);
  const sized = lots >= 1000;
  const size = sized ? undefined : `${n0(lots)} lots instead of 1,000`;
  const l = c.latenessMs;
  const onTime = c.closings > 0 && c.lateClosings === 0 && c.notClosed === 0;
  out.push({
    id: 'closing-fire', target: `closing-rush: 1,000 lots closing in the same 10 s, every closing within ${CLOSING_LATE_MS} ms of its instant`, mode: 'server',
    figure: `${n0(c.closings)} closings, late by p50 ${n1(l?.p50)} / p99 ${n1(l?.p99)} / max ${n1(l?.max)} ms; ${n0(c.lateClosings)} over ${CLOSING_LATE_MS} ms, ${n0(c.notClosed)} never fired`,
    met: c.closings === 0 ? 'n/a' : bound(onTime, sized), note: [size, l && l.min > CLOSING_LATE_MS ? GRACE_NOTE(l.min) : undefined].filter(Boolean).join('; ') || undefined,
  });
  const after = c.offersAfterEnd + c.offersAfterClose;
  out.push({
    id: 'closing-no-late-offer', target: 'closing-rush: no offer accepted after its lot\'s end', mode: 'server',
    figure: `${n0(after)} offers accepted after the end (${n0(c.offersRecordedAfterEnd)} accepted before it and recorded after it${c.maxRecordedAfterEndMs !== null ? `, by up to ${n1(c.maxRecordedAfterEndMs)} ms` : ''})`,
    met: bound(after === 0, sized), note: size,
  });
}

function embeddedTargets(r: TargetInput, pick: PickRun, out: Target[], full: boolean): void {
  const idleRun = pick('spread', 'embedded') ?? r.runs.find((x) => x.mode === 'embedded' && typeof x.apiIdleRssMb === 'number');
  const idle = idleRun?.apiIdleRssMb ?? null;
  out.push({
    id: 'embedded-idle-rss', target: 'embedded default: API RSS < 400 MB idle', mode: 'embedded',
    figure: idle === null ? 'not measured (no embedded run)' : `${n0(idle)} MB (${idleRun!.scenario}, after the start, before the load${idleRun!.apiIdleAfterSeconds !== undefined ? `, ${idleRun!.apiIdleAfterSeconds} s after launch${idleRun!.apiIdleNote ? ', not quiet' : ''}` : ''})`,
    met: idle === null ? 'n/a' : idle < 400 ? 'yes' : 'no',
  });
  const spreadEmb = pick('spread', 'embedded');
  const peak = spreadEmb?.processes?.find((p) => p.name === 'api' && p.samples > 0)?.maxRssMb ?? null;
  out.push({
    id: 'embedded-spread-rss', target: 'embedded default: API RSS < 600 MB under spread', mode: 'embedded',
    figure: peak === null ? 'not measured (no embedded spread run)' : `peak ${n0(peak)} MB`,
    met: peak === null ? 'n/a' : bound(peak < 600, full), note: peak === null || full ? undefined : boundNote(`${r.profile} profile`, peak < 600),
  });
  const serverSpread = pick('spread');
  const emb = spreadEmb ? cpuCostOf(spreadEmb, r)?.msOf.api ?? null : null;
  const srv = serverSpread ? cpuCostOf(serverSpread, r)?.msOf.api ?? null : null;
  const ratio = emb !== null && srv ? emb / srv : null;
  out.push({
    id: 'embedded-cpu', target: 'embedded default: CPU per processed offer ≤ 1.2× the server stack\'s API (spread)', mode: 'embedded',
    figure: ratio === null ? 'needs spread in both modes' : `${ratio.toFixed(2)}× (${ms2(emb)} embedded API vs ${ms2(srv)} server API)`,
    met: ratio === null ? 'n/a' : rateLike(ratio <= 1.2, full), note: ratio === null || full ? undefined : smallNote(`${r.profile} profile`, ratio <= 1.2),
  });
}

function extraTargets(r: TargetInput, out: Target[], missing: Missing): void {
  const rb = r.extras.rebuild;
  if (rb && !isError(rb)) {
    const sized = rb.rebuild.events >= 1_000_000;
    out.push({
      id: 'rebuild', target: 'rebuild of 1,000,000 events < 30 s', mode: 'server',
      figure: `${n0(rb.rebuild.events)} events in ${rb.rebuild.seconds} s (${n0(rb.rebuild.eventsPerSecond)}/s)`,
      met: sized ? (rb.rebuild.seconds < 30 ? 'yes' : 'no') : 'n/a',
      note: sized ? undefined : `${n0(rb.rebuild.events)} events only; projected for 1,000,000 at this rate: ${rb.projectedSecondsFor1M} s`,
    });
  } else missing('rebuild', 'rebuild of 1,000,000 events < 30 s', 'server', rb ? `broke: ${rb.error.slice(0, 120)}` : 'the rebuild extra did not run');

  const x = r.extras.lotsRss?.server;
  if (x && !isError(x)) {
    const worst = Math.max(x.rssRunningMb ?? 0, x.rssAfterOffersMb ?? 0);
    const sized = x.runningLots >= 100_000;
    // Linear in lots from the RSS after the start: a projection, not a measure.
    const perLot = x.rssAfterStartMb !== null && x.runningLots > 0 ? (worst - x.rssAfterStartMb) / x.runningLots : null;
    const projected = perLot !== null ? x.rssAfterStartMb! + perLot * 100_000 : null;
    out.push({
      id: 'lots-rss', target: '100,000 running lots under 1 GB (1,024 MB) of API RSS', mode: 'server',
      figure: `${n0(x.rssRunningMb)} MB running, ${n0(x.rssAfterOffersMb)} MB after offers (${n0(x.runningLots)} lots)`,
      met: sized ? (worst < 1024 ? 'yes' : 'no') : worst >= 1024 ? 'no' : 'n/a',
      note: sized ? undefined : `${n0(x.runningLots)} lots only${projected !== null ? `; projected linearly for 100,000: ${n0(projected)} MB` : ''}`,
    });
  } else missing('lots-rss', '100,000 running lots under 1 GB of API RSS', 'server', x ? `broke: ${x.error.slice(0, 120)}` : 'the rss extra did not run on the server stack');
}
