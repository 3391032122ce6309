#!/usr/bin/env node
// Event store micro-benchmark: how the PostgreSQL adapter sends its statements (`statements` option: unnamed = parsed
// at every execution, pg's default; named = prepared once per session). Each mode has its own schema, filled with PRELOAD events first
// (a log of some size: a plan that scans instead of looking up shows). Then, ROUNDS times, the modes in turn (the order
// rotating), each:
//   sequential: SEQUENTIAL appends one after the other (one event, exact expected version, 500 streams): one flush each;
//   burst:      BURSTS bursts of BURST concurrent appends to distinct streams (group-committed together).
// Per phase: appends/s, and CPU per append of this process (process.cpuUsage) and of the store's PostgreSQL sessions
// (their backends' utime + stime from /proc, found by application_name: local PostgreSQL only, and other work on the
// server is not counted).
// Usage (after `npx tsc -b tsconfig.build.json`; DATABASE_URL of a local PostgreSQL, e.g.
// `eval "$(bash tools/infra/infra.sh env postgres)"`):
//   node tools/bench/event-store-statements.mjs [--rounds 5] [--sequential 1000] [--bursts 20] [--burst 200] [--preload 200000]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PostgresEventStore } from '@auction/event-store';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' }, sequential: { type: 'string', default: '1000' },
    bursts: { type: 'string', default: '20' }, burst: { type: 'string', default: '200' }, preload: { type: 'string', default: '200000' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is not set (eval "$(bash tools/infra/infra.sh env postgres)")');
const ROUNDS = Number(values.rounds);
const SEQUENTIAL = Number(values.sequential);
const BURSTS = Number(values.bursts);
const BURST = Number(values.burst);
const PRELOAD = Number(values.preload);
const MODES = ['unnamed', 'named'];
const STREAMS = 500;
const TICK_MS = 1000 / 100; // USER_HZ: /proc's clock ticks (100 on Linux)

const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
const offer = (i) => ({ type: 'OfferPlaced', data: { idLot: `lot-${i % STREAMS}`, idDealer: `dealer-${i % 97}`, amount: 10_000 + i, currency: 'EUR' }, metadata: { correlationId: `c-${i}` } });

/** CPU ms of the server backends serving `application`'s sessions. */
async function backendCpuMs(application) {
  const { rows } = await admin.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [application]);
  let ticks = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch { /* ended */ }
  }
  return ticks * TICK_MS;
}

function open(mode) {
  const application = `bench-statements-${mode}`;
  const store = new PostgresEventStore(databaseUrl, {
    schema: `bench_statements_${mode}`, statements: mode, listen: false, maxBatchEvents: 5000,
    pool: { max: 10, idleTimeoutMillis: 0, application_name: application },
  });
  return { store, application, versions: new Map() };
}

async function prepare(mode) {
  await admin.query(`DROP SCHEMA IF EXISTS bench_statements_${mode} CASCADE`);
  const s = open(mode);
  await s.store.init();
  for (let done = 0; done < PRELOAD; done += 5000) {
    await Promise.all(Array.from({ length: 50 }, (_, k) => s.store.append(`preload-${done + k}`, 0, Array.from({ length: 100 }, (_, j) => offer(done + k * 100 + j)))));
  }
  await admin.query(`ANALYZE bench_statements_${mode}.events`);
  await admin.query(`ANALYZE bench_statements_${mode}.streams`);
  return s;
}

async function phase(s, count, run) {
  const cpu0 = process.cpuUsage();
  const pg0 = await backendCpuMs(s.application);
  const t0 = performance.now();
  await run();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const pgMs = (await backendCpuMs(s.application)) - pg0;
  return { perSecond: Math.round(count / (ms / 1000)), clientUs: Math.round((cpu.user + cpu.system) / count), pgUs: Math.round((pgMs * 1000) / count) };
}

async function appendNext(s, i) {
  const streamId = `lot-${i % STREAMS}`;
  const version = s.versions.get(streamId) ?? 0;
  const result = await s.store.append(streamId, version, [offer(i)]);
  s.versions.set(streamId, result.nextVersion);
}

process.stdout.write(`preloading ${PRELOAD} events into each of ${MODES.length} schemas…\n`);
const stores = {};
for (const mode of MODES) {
  stores[mode] = await prepare(mode);
  process.stdout.write(`  ${mode}: ready\n`);
}
// Warm-up: every statement prepared, JIT warm.
for (const mode of MODES) for (let i = 0; i < 200; i++) await appendNext(stores[mode], i);

const rows = [];
let next = 1_000;
for (let round = 1; round <= ROUNDS; round++) {
  const order = MODES.map((_, k) => MODES[(k + round) % MODES.length]);
  for (const mode of order) {
    const s = stores[mode];
    const start = next;
    next += SEQUENTIAL + BURSTS * BURST;
    const sequential = await phase(s, SEQUENTIAL, async () => {
      for (let i = 0; i < SEQUENTIAL; i++) await appendNext(s, start + i);
    });
    const burst = await phase(s, BURSTS * BURST, async () => {
      for (let b = 0; b < BURSTS; b++) {
        // Distinct streams within a burst: no append waits for another's version.
        await Promise.all(Array.from({ length: BURST }, (_, k) => appendNext(s, start + SEQUENTIAL + b * BURST + k)));
      }
    });
    const row = { round, mode, seqPerS: sequential.perSecond, seqClientUs: sequential.clientUs, seqPgUs: sequential.pgUs, burstPerS: burst.perSecond, burstClientUs: burst.clientUs, burstPgUs: burst.pgUs };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
}
console.log(`\n${SEQUENTIAL} sequential appends and ${BURSTS} bursts of ${BURST} per mode and round, ${PRELOAD} events preloaded; CPU in µs per append`);
console.table(rows);
for (const mode of MODES) {
  const mine = rows.filter((r) => r.mode === mode);
  const med = (k) => mine.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(mine.length / 2)];
  console.log(`${mode.padEnd(8)} median of ${mine.length}: sequential ${med('seqPerS')}/s, client ${med('seqClientUs')} µs, PostgreSQL ${med('seqPgUs')} µs; burst ${med('burstPerS')}/s, client ${med('burstClientUs')} µs, PostgreSQL ${med('burstPgUs')} µs per append`);
}
for (const mode of MODES) {
  await stores[mode].store.close();
  await admin.query(`DROP SCHEMA IF EXISTS bench_statements_${mode} CASCADE`);
}
await admin.end();
