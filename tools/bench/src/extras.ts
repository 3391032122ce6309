/**
 * Measurements beside the k6 scenarios:
 *
 * - rebuild of every read model from a log of N events (server mode): a fresh database seeded by the API's demo data,
 *   then auctions and offers decided by the real deciders of `@auction/domain` appended straight to the event store
 *   (the approach of apps/api/src/testing/fanout-log.test-support.ts, without the NDJSON round trip), then the API
 *   started on it (PROJECTIONS=false, so it does not project the log first) and the admin rebuild timed;
 * - RSS of the API with 10,000 running lots: 10 auctions × 1,000 lots created as `auctioneer`, RSS read from /proc
 *   after they run and a settle delay, then again after offers on them.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  auctionDecider, lotDecider, partitionKeyOfStream, streamId, toIso, type AuctionState, type LotEvent, type LotState,
} from '@auction/domain';
import { PostgresEventStore, type StreamAppend } from '@auction/event-store';
import { startApi, type ApiOptions, type ApiProcess } from './api-process.js';
import { Api, rebuildThroughApi, waitQuietAndProjected } from './http.js';
import { adminQuery } from './infra.js';
import { rssMbNow } from './sampler.js';
import { errorText, freePort, sleep, step } from './util.js';
import { InspectorProfiler } from './inspector-profiler.js';

// ---------------------------------------------------------------------------------------------------------------
// Rebuild from N events
// ---------------------------------------------------------------------------------------------------------------

export interface RebuildFigures {
  readonly targetEvents: number;
  /** Events in the log (demo data + generated). */
  readonly logEvents: number;
  readonly generatedOffers: number;
  readonly generateAndAppendSeconds: number;
  /** API start on that log (its engine index reads the whole log). */
  readonly apiStartSeconds: number;
  readonly rebuild: { events: number; seconds: number; eventsPerSecond: number; wallSeconds: number };
  /** Offers rows in the rebuilt read model = OfferPlaced events in the log. */
  readonly offersRowsMatchLog: boolean;
  /** Projected time for 1,000,000 events at the measured rate. */
  readonly projectedSecondsFor1M: number;
  readonly apiMaxRssMb: number | null;
}

/** Appends auctions (8 lots each) and offers until the log holds `totalEvents`; dealers are the demo BUYER users. */
export async function generateEvents(databaseUrl: string, totalEvents: number): Promise<{ logEvents: number; offers: number }> {
  const store = new PostgresEventStore(databaseUrl, { maxBatchEvents: 5000 });
  await store.init();
  try {
    const dealers: { idUser: string; username: string }[] = [];
    let existing = 0;
    for (let after = 0; ;) {
      const page = await store.readAll(after, 5000);
      if (page.length === 0) break;
      existing += page.length;
      for (const e of page) {
        const d = e.data as Record<string, unknown>;
        if (e.type === 'UserRegistered' && Array.isArray(d.roles) && d.roles.includes('BUYER') && d.flgEnabled === true) {
          dealers.push({ idUser: String(d.idUser), username: String(d.username) });
        }
      }
      after = page.at(-1)!.position;
    }
    if (dealers.length < 2) throw new Error(`the seeded log holds ${dealers.length} enabled BUYER users`);
    const owner = 'auctioneer';
    const now = Date.now();
    const startMs = now - 30 * 60_000;
    const endMs = now + 24 * 3600_000;
    const tag = randomBytes(3).toString('hex');
    const versions = new Map<string, number>();
    let pending: StreamAppend[] = [];
    let pendingEvents = 0;
    let written = existing;
    const flush = async () => {
      if (pending.length === 0) return;
      await store.appendMulti(pending);
      written += pendingEvents;
      pending = [];
      pendingEvents = 0;
    };
    const emit = async (sid: string, state: unknown, events: readonly { type: string; data: object }[], meta: Record<string, unknown>) => {
      if (events.length === 0) return;
      const version = versions.get(sid) ?? 0;
      const last = pending.at(-1);
      const newEvents = events.map((e) => ({ type: e.type, data: e.data as Record<string, unknown>, metadata: { ...meta, partitionKey: partitionKeyOfStream(sid, state) } }));
      if (last?.streamId === sid) last.events.push(...newEvents);
      else pending.push({ streamId: sid, expectedVersion: version, events: newEvents });
      versions.set(sid, version + events.length);
      pendingEvents += events.length;
      if (pendingEvents >= 2500) await flush();
    };
    const AUCTIONS = Math.max(4, Math.min(200, Math.round(totalEvents / 5000)));
    const LOTS = 8;
    const lots: { sid: string; state: LotState }[] = [];
    for (let a = 0; a < AUCTIONS; a++) {
      const idAuction = `bench-${tag}-${a + 1}`;
      const lotIds = Array.from({ length: LOTS }, (_, i) => `${idAuction}-${i + 1}`);
      const aSid = streamId.auction(idAuction);
      const at = startMs - 60_000 + a;
      const meta = { userId: owner, correlationId: `bench-${idAuction}`, time: toIso(at) };
      const definition = {
        auctionName: `Bench ${a + 1}`, idMarket: 'IT', auctionType: 'OTH' as const, startDate: toIso(startMs), endDate: toIso(endMs),
        regulationRequired: false, windowSeconds: 0, extendSeconds: 0, lotIds,
      };
      let auction: AuctionState = auctionDecider.initialState;
      const scheduled = auctionDecider.decide({ type: 'ScheduleAuction', idAuction, idOwner: owner, definition, now: at }, auction);
      auction = scheduled.reduce<AuctionState>((s, e) => auctionDecider.evolve(s, e), auction);
      await emit(aSid, auction, scheduled, meta);
      for (const [i, idLot] of lotIds.entries()) {
        const basePrice = 5000 + 500 * i;
        const data = {
          idLot, idAuction, idOwner: owner, lotNumber: i + 1, licensePlate: `B${tag.toUpperCase()}${a}X${i}`, frame: null, brand: 'Fiat',
          model: 'Panda', basePrice, minIncrement: 10, reservePrice: basePrice + 1000, buyNowPrice: null,
          startDate: toIso(startMs), endDate: toIso(endMs), windowSeconds: 0, extendSeconds: 0,
        };
        const events = lotDecider.decide({ type: 'ScheduleLot', data }, lotDecider.initialState);
        const state = events.reduce<LotState>((s, e) => lotDecider.evolve(s, e), lotDecider.initialState);
        await emit(streamId.lot(idLot), state, events, meta);
        lots.push({ sid: streamId.lot(idLot), state });
      }
      const started = auctionDecider.decide({ type: 'StartAuction', now: startMs }, auction);
      auction = started.reduce<AuctionState>((s, e) => auctionDecider.evolve(s, e), auction);
      await emit(aSid, auction, started, { userId: 'system', time: toIso(startMs) });
    }
    // Runs of 25 consecutive offers per lot, lots in turn; each the next minimum, dealers in turn, 1 ms apart.
    let offers = 0;
    for (let k = 0; written + pendingEvents < totalEvents; k++) {
      const lot = lots[Math.floor(k / 25) % lots.length]!;
      const dealer = dealers[k % dealers.length]!;
      const at = startMs + 1_000 + k;
      if (lot.state.status !== 'OPEN') throw new Error(`generated lot ${lot.sid} is ${lot.state.status}`);
      const def = lot.state.data.definition;
      const amount = lot.state.data.best === null ? def.basePrice : lot.state.data.best.amount + def.minIncrement;
      const key = `bench-${tag}-${k}`;
      const events: LotEvent[] = lotDecider.decide({
        type: 'PlaceOffer', idOffer: `b${tag}${k.toString(36)}`, idUser: dealer.idUser, idDealer: null, amount, clickAndBuy: false,
        idempotencyKey: key, regulationAccepted: true, now: at,
      }, lot.state);
      lot.state = events.reduce<LotState>((s, e) => lotDecider.evolve(s, e), lot.state);
      await emit(lot.sid, lot.state, events, { userId: dealer.idUser, idempotencyKey: key, correlationId: `bench-offer-${k}`, time: toIso(at) });
      offers++;
      if (k % 100_000 === 0 && k > 0) step(`  generated ${written.toLocaleString('en')} events`);
    }
    await flush();
    return { logEvents: written, offers };
  } finally {
    await store.close();
  }
}

/**
 * The API's /metrics as text, and the value of the first sample whose line starts with `prefix` (NaN when absent).
 * The bench's API is on loopback, which /metrics answers without a token; with METRICS_TOKEN in the environment (the
 * API inherits it) the bearer token is sent.
 */
async function metricsOf(base: string): Promise<(prefix: string) => number> {
  const token = process.env.METRICS_TOKEN?.trim();
  const res = await fetch(`${base}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: AbortSignal.timeout(10_000) });
  if (res.status !== 200) throw new Error(`GET ${base}/metrics: ${res.status} ${(await res.text()).slice(0, 300)}`);
  const text = await res.text();
  const lines = text.split('\n');
  return (prefix) => Number(lines.find((l) => l.startsWith(prefix))?.trim().split(/\s+/).at(-1) ?? Number.NaN);
}

/** Waits until the relay has published the whole log and the live publisher has applied it; returns the head. */
async function waitRelayedAndLive(admin: Api, base: string, databaseUrl: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  // The live publisher folds auction and lot streams only: its position stops at their last event, below the head when
  // the API's start appended others (demo templates, banners, the admin's login).
  const [last] = await adminQuery<{ max: string | null }>(databaseUrl,
    `SELECT max(position) AS max FROM event_store.events WHERE stream_id LIKE 'auction-%' OR stream_id LIKE 'lot-%'`);
  const liveTarget = Number(last?.max ?? 0);
  for (;;) {
    const status = await admin.ok<{ head: number; relayLag: number | null }>('GET', '/api/v1/admin/read-models/status');
    const live = (await metricsOf(base))('live_last_position');
    if ((status.relayLag ?? 0) === 0 && live >= Math.min(status.head, liveTarget)) return status.head;
    if (Date.now() > deadline) throw new Error(`relay and live publisher not caught up within ${timeoutMs} ms: relay lag ${status.relayLag}, live at ${live} of ${status.head}`);
    await sleep(500);
  }
}

export async function measureRebuild(o: {
  databaseUrl: string; events: number; apiBase: Omit<ApiOptions, 'databaseUrl' | 'logFile' | 'env'>; logDir: string;
  /** Profile the API during the rebuild (inspector) into this `.cpuprofile`. */
  profileFile?: string;
}): Promise<RebuildFigures> {
  step(`rebuild: seeding demo data on a fresh database`);
  const seed = await startApi({ ...o.apiBase, databaseUrl: o.databaseUrl, logFile: `${o.logDir}/rebuild-seed.api.log` });
  await seed.stop();
  step(`rebuild: generating ${o.events.toLocaleString('en')} events with the domain's deciders`);
  let t0 = Date.now();
  const generated = await generateEvents(o.databaseUrl, o.events);
  const generateAndAppendSeconds = (Date.now() - t0) / 1000;
  step(`rebuild: ${generated.logEvents.toLocaleString('en')} events in the log after ${generateAndAppendSeconds.toFixed(1)} s; starting the API on it`);
  let api: ApiProcess | null = null;
  try {
    const inspectPort = o.profileFile ? await freePort() : undefined;
    api = await startApi({ ...o.apiBase, databaseUrl: o.databaseUrl, logFile: `${o.logDir}/rebuild.api.log`, env: { PROJECTIONS: 'false' }, startTimeoutMs: 900_000, inspectPort });
    const profiler = inspectPort ? await InspectorProfiler.connect(inspectPort) : null;
    step(`rebuild: API up in ${(api.startMs / 1000).toFixed(1)} s at ${api.baseUrl}/api; POST /api/v1/admin/read-models/rebuild`);
    const admin = await Api.login(api.baseUrl, 'admin', o.apiBase.password);
    // A new API on a log it has never seen also relays the whole log to Kafka and replays it into the live channel;
    // the rebuild is timed once those are done, so it measures the rebuild alone.
    const waitStarted = Date.now();
    const settled = await waitRelayedAndLive(admin, api.baseUrl, o.databaseUrl, 1_800_000);
    step(`rebuild: relay to Kafka and live publisher caught up with the log (position ${settled.toLocaleString('en')}) after ${((Date.now() - waitStarted) / 1000).toFixed(1)} s more; rebuilding`);
    let maxRss = rssMbNow(api.pid) ?? 0;
    const watch = setInterval(() => { maxRss = Math.max(maxRss, rssMbNow(api!.pid) ?? 0); }, 500);
    await profiler?.start();
    t0 = Date.now();
    let final;
    try {
      final = await rebuildThroughApi(admin, 1_800_000, 250);
    } finally {
      clearInterval(watch);
      if (profiler) {
        await profiler.stop(o.profileFile!);
        profiler.close();
      }
    }
    const wallSeconds = (Date.now() - t0) / 1000;
    const [counts] = await adminQuery<{ log: string; rows: string }>(o.databaseUrl,
      `SELECT (SELECT count(*) FROM event_store.events WHERE type = 'OfferPlaced') AS log, (SELECT count(*) FROM read_model.offers) AS rows`);
    const eps = final.eventsPerSecond ?? final.events / Math.max(0.001, final.seconds);
    return {
      targetEvents: o.events, logEvents: generated.logEvents, generatedOffers: generated.offers, generateAndAppendSeconds: Math.round(generateAndAppendSeconds * 10) / 10,
      apiStartSeconds: Math.round(api.startMs / 100) / 10,
      rebuild: { events: final.events, seconds: Math.round(final.seconds * 100) / 100, eventsPerSecond: Math.round(eps), wallSeconds: Math.round(wallSeconds * 100) / 100 },
      offersRowsMatchLog: counts !== undefined && counts.log === counts.rows,
      projectedSecondsFor1M: Math.round((1_000_000 / eps) * 10) / 10,
      apiMaxRssMb: maxRss || null,
    };
  } finally {
    await api?.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// RSS with 10,000 running lots
// ---------------------------------------------------------------------------------------------------------------

export interface LotsRssFigures {
  readonly auctions: number;
  readonly lotsPerAuction: number;
  readonly runningLots: number;
  readonly rssAfterStartMb: number | null;
  readonly rssRunningMb: number | null;
  readonly heapUsedRunningMb: number | null;
  readonly offersSent: number;
  readonly offersAccepted: number;
  readonly offersPerSecond: number;
  readonly rssAfterOffersMb: number | null;
  readonly heapUsedAfterOffersMb: number | null;
  readonly maxRssMb: number | null;
  readonly settleSeconds: number;
  readonly createSeconds: number;
  /** Where the RSS is, with the lots running (after the settle delay). */
  readonly breakdownRunning?: MemoryBreakdown | null;
  readonly breakdownAfterOffers?: MemoryBreakdown | null;
}

/** The API's memory by kind, MB: V8's heap (committed and used, by space), memory outside it, and the RSS by kind. */
export interface MemoryBreakdown {
  readonly heapCommittedMb: number;
  readonly heapUsedMb: number;
  readonly newSpaceCommittedMb: number;
  readonly oldSpaceCommittedMb: number;
  readonly oldSpaceUsedMb: number;
  readonly externalMb: number;
  readonly rssAnonMb: number | null;
  readonly rssFileMb: number | null;
}

/** Reads {@link MemoryBreakdown} from the API's /metrics and /proc/<pid>/status. */
export async function memoryBreakdown(base: string, pid: number): Promise<MemoryBreakdown | null> {
  try {
    const metric = await metricsOf(base);
    const value = (prefix: string) => Math.round((metric(prefix) || 0) / 1_048_576);
    const status = (() => { try { return readFileSync(`/proc/${pid}/status`, 'utf8'); } catch { return ''; } })();
    const kb = (key: string) => {
      const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status);
      return m ? Math.round(Number(m[1]) / 1024) : null;
    };
    return {
      heapCommittedMb: value('nodejs_heap_size_total_bytes'), heapUsedMb: value('nodejs_heap_size_used_bytes'),
      newSpaceCommittedMb: value('nodejs_heap_space_size_total_bytes{space="new"}'),
      oldSpaceCommittedMb: value('nodejs_heap_space_size_total_bytes{space="old"}'), oldSpaceUsedMb: value('nodejs_heap_space_size_used_bytes{space="old"}'),
      externalMb: value('nodejs_external_memory_bytes'), rssAnonMb: kb('RssAnon'), rssFileMb: kb('RssFile'),
    };
  } catch {
    return null;
  }
}

/**
 * Has the API (started with `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=<dir>`) write a heap snapshot into `dir`,
 * and waits until the file is complete (its size still for 2 s): the path, or null after 10 minutes.
 */
export async function heapSnapshotOf(pid: number, dir: string): Promise<string | null> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 600_000;
  let last = -1;
  while (Date.now() < deadline) {
    await sleep(2_000);
    const file = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
    if (!file) continue;
    const size = statSync(path.join(dir, file)).size;
    if (size > 0 && size === last) return path.join(dir, file);
    last = size;
  }
  return null;
}

export async function measureLotsRss(
  api: ApiProcess, password: string, o: { auctions: number; lots: number; offersPerLot: number; settleSeconds: number },
  /** Called after each reading (running, after offers), e.g. to take a heap snapshot. */
  afterReading?: (label: 'running' | 'after-offers') => Promise<void>,
): Promise<LotsRssFigures> {
  let maxRss = rssMbNow(api.pid) ?? 0;
  const watch = setInterval(() => { maxRss = Math.max(maxRss, rssMbNow(api.pid) ?? 0); }, 500);
  try {
    await sleep(o.settleSeconds * 1000);
    const rssAfterStartMb = rssMbNow(api.pid);
    const auctioneer = await Api.login(api.baseUrl, 'auctioneer', password);
    const admin = await Api.login(api.baseUrl, 'admin', password);
    const t0 = Date.now();
    const startMs = Math.ceil((Date.now() + 20_000) / 1000) * 1000;
    const ids: { idAuction: string; lots: { idLot: string; basePrice: number; minIncrement: number }[] }[] = [];
    for (let a = 0; a < o.auctions; a++) {
      const body = {
        auctionName: `RSS bench ${a + 1}`, idMarket: 'IT', auctionType: 'OTH', startDate: new Date(startMs).toISOString(),
        endDate: new Date(startMs + 3 * 3600_000).toISOString(), regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
        lots: Array.from({ length: o.lots }, (_, i) => ({
          licensePlate: `RS${a}X${i}`, frame: `ZFA${String(a).padStart(3, '0')}${String(i).padStart(6, '0')}`, brand: 'Fiat', model: 'Panda',
          basePrice: 1000 + (i % 50) * 100, minIncrement: 10,
        })),
      };
      const view = await auctioneer.ok<{ idAuction: string; lots: { idLot: string; basePrice: number; minIncrement: number }[] }>('POST', '/api/v1/secure/auction', body);
      ids.push({ idAuction: view.idAuction, lots: view.lots.map((l) => ({ idLot: l.idLot, basePrice: l.basePrice, minIncrement: l.minIncrement })) });
    }
    const createSeconds = (Date.now() - t0) / 1000;
    // Running once the scheduler has started them.
    const deadline = Date.now() + 180_000;
    for (;;) {
      const views = await Promise.all(ids.map((x) => auctioneer.ok<{ status: string }>('GET', `/api/v1/secure/auction/${x.idAuction}`)));
      if (views.every((v) => v.status === 'RUN')) break;
      if (Date.now() > deadline) throw new Error(`the ${o.auctions} auctions were not all running 3 min after their start: ${views.map((v) => v.status).join(',')}`);
      await sleep(1_000);
    }
    await waitQuietAndProjected(admin, 300_000).catch(() => null);
    await sleep(o.settleSeconds * 1000);
    const rssRunningMb = rssMbNow(api.pid);
    const breakdownRunning = await memoryBreakdown(api.baseUrl, api.pid);
    const heapUsedRunningMb = breakdownRunning?.heapUsedMb ?? null;
    step(`rss: ${o.auctions * o.lots} running lots: API RSS ${rssRunningMb} MB (heap used ${heapUsedRunningMb} MB); placing ${o.offersPerLot} offer(s) per lot`);
    if (afterReading) await afterReading('running');

    // Offers: every lot, `offersPerLot` rounds, 32 requests in flight from 50 dealers.
    const dealers = await Promise.all(Array.from({ length: 50 }, (_, i) => Api.login(api.baseUrl, `dealer${i + 1}`, password)));
    const jobs: { idAuction: string; idLot: string; amount: number }[] = [];
    for (let r = 0; r < o.offersPerLot; r++) {
      for (const x of ids) for (const l of x.lots) jobs.push({ idAuction: x.idAuction, idLot: l.idLot, amount: l.basePrice + r * l.minIncrement });
    }
    let next = 0;
    let accepted = 0;
    const t1 = Date.now();
    await Promise.all(Array.from({ length: 32 }, async (_, w) => {
      for (let j = next++; j < jobs.length; j = next++) {
        const job = jobs[j]!;
        try {
          const res = await dealers[(j + w) % dealers.length]!.call('POST', `/api/v1/secure/auction/${job.idAuction}/offer/${job.idLot}`, { offer: job.amount, clickAndBuy: false });
          if (res.status === 201) accepted++;
        } catch {
          // counted as not accepted
        }
      }
    }));
    const offersSeconds = (Date.now() - t1) / 1000;
    await waitQuietAndProjected(admin, 300_000).catch(() => null);
    await sleep(o.settleSeconds * 1000);
    const rssAfterOffersMb = rssMbNow(api.pid);
    const breakdownAfterOffers = await memoryBreakdown(api.baseUrl, api.pid);
    const heapUsedAfterOffersMb = breakdownAfterOffers?.heapUsedMb ?? null;
    if (afterReading) await afterReading('after-offers');
    return {
      auctions: o.auctions, lotsPerAuction: o.lots, runningLots: o.auctions * o.lots, rssAfterStartMb, rssRunningMb, heapUsedRunningMb,
      offersSent: jobs.length, offersAccepted: accepted, offersPerSecond: Math.round(jobs.length / Math.max(0.001, offersSeconds)),
      rssAfterOffersMb, heapUsedAfterOffersMb, maxRssMb: Math.max(maxRss, rssAfterOffersMb ?? 0) || null, settleSeconds: o.settleSeconds,
      createSeconds: Math.round(createSeconds * 10) / 10, breakdownRunning, breakdownAfterOffers,
    };
  } catch (error) {
    throw new Error(`RSS with running lots: ${errorText(error)}`);
  } finally {
    clearInterval(watch);
  }
}
