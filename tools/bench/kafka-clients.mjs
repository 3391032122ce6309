#!/usr/bin/env node
// Kafka client micro-benchmark: the transport port's two Kafka adapters (kafkajs, @platformatic/kafka) on the same
// broker, each in a fresh child process, alternating, ROUNDS times. Per run: a fresh 6-partition topic and group;
//   burst:  EVENTS events (~420 B, 100 auctions) published in batches of 500 (the relay's size) while a group consumes;
//           events/s end to end (first send to last delivery), CPU ms of the process per 1000 events (producer and
//           consumer together, process.cpuUsage), p50/p99 of send-to-delivery (queueing included);
//   paced:  1,000 events/s in batches of 10 every 10 ms for PACED_SECONDS: p50/p99/max send-to-delivery latency.
// Usage (after `npx tsc -b tsconfig.build.json`): source /work/logs/infra.env (KAFKA_BROKERS), then
//   node tools/bench/kafka-clients.mjs [--rounds 3] [--events 20000] [--paced-seconds 5]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import { loadKafka } from '@auction/messaging';

// Kafka's part of the library loads on demand (loadKafka): the entry exports its types only.
const { createKafkaTransport, KAFKA_CLIENTS } = await loadKafka();

const { values } = parseArgs({
  options: {
    one: { type: 'string' }, rounds: { type: 'string', default: '3' }, events: { type: 'string', default: '20000' },
    'paced-seconds': { type: 'string', default: '5' },
  },
});
const brokers = (process.env.KAFKA_BROKERS ?? '').split(',').filter(Boolean);
if (brokers.length === 0) throw new Error('KAFKA_BROKERS is not set (source /work/logs/infra.env)');
const EVENTS = Number(values.events);
const PACED_SECONDS = Number(values['paced-seconds']);
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function event(position) {
  const idAuction = `auction-${position % 100}`;
  return {
    streamId: `lot-${position % 1000}`, streamVersion: position, position, type: 'OfferPlaced', schemaVersion: 1,
    recordedAt: new Date(), metadata: { partitionKey: idAuction, correlationId: `c-${position}`, userId: 'u-bench-0001' },
    data: { idAuction, idLot: `lot-${position % 1000}`, idDealer: `dealer-${position % 500}`, amount: 10_000 + position, currency: 'EUR', note: 'x'.repeat(180) },
  };
}

async function runOne(client) {
  const topic = `bench-${client}-${Date.now()}`;
  const admin = new Kafka({ clientId: 'bench-admin', brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  await admin.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: 6, replicationFactor: 1 }] });
  const quiet = { warn: () => {}, error: (m) => console.error(m) };
  const transport = createKafkaTransport({ brokers, topic, clientId: `bench-${client}`, logger: quiet }, client);
  const sentAt = new Map();
  const latencies = [];
  let delivered = 0;
  const consumer = await transport.consume({ group: `g-${topic}`, resumeAfter: async () => 0, fromBeginning: true }, async (events) => {
    const now = performance.now();
    for (const e of events) {
      const at = sentAt.get(e.position);
      if (at !== undefined) { latencies.push(now - at); sentAt.delete(e.position); delivered++; }
    }
  });
  const waitDelivered = async (n, what) => {
    const deadline = Date.now() + 120_000;
    while (delivered < n) { if (Date.now() > deadline) throw new Error(`${client}: ${what}: ${delivered}/${n} delivered`); await sleep(2); }
  };
  let position = 0;
  const publish = async (count) => {
    const batch = [];
    for (let i = 0; i < count; i++) batch.push(event(++position));
    const now = performance.now();
    for (const e of batch) sentAt.set(e.position, now);
    await transport.publish(batch);
  };
  // Warm-up: joins, metadata, JIT.
  for (let i = 0; i < 4; i++) await publish(250);
  await waitDelivered(1000, 'warm-up');
  latencies.length = 0; delivered = 0;

  const cpu0 = process.cpuUsage(); const t0 = performance.now();
  for (let sent = 0; sent < EVENTS; sent += 500) await publish(Math.min(500, EVENTS - sent));
  const publishedMs = performance.now() - t0;
  await waitDelivered(EVENTS, 'burst');
  const burstMs = performance.now() - t0; const cpu = process.cpuUsage(cpu0);
  const burstLat = [...latencies].sort((a, b) => a - b);
  latencies.length = 0; delivered = 0;

  const ticks = PACED_SECONDS * 100;
  const start = performance.now();
  for (let i = 0; i < ticks; i++) {
    await publish(10);
    const next = start + (i + 1) * 10;
    const wait = next - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await waitDelivered(ticks * 10, 'paced');
  const paced = [...latencies].sort((a, b) => a - b);
  await consumer.stop(); await transport.close();
  await admin.deleteTopics({ topics: [topic], timeout: 10_000 }).catch(() => {}); await admin.disconnect();
  return {
    client, eventsPerSecond: Math.round(EVENTS / (burstMs / 1000)), publishPerSecond: Math.round(EVENTS / (publishedMs / 1000)),
    cpuMsPer1000: +(((cpu.user + cpu.system) / 1000) / (EVENTS / 1000)).toFixed(1),
    burstP50: +pct(burstLat, 50).toFixed(1), burstP99: +pct(burstLat, 99).toFixed(1),
    pacedP50: +pct(paced, 50).toFixed(1), pacedP99: +pct(paced, 99).toFixed(1), pacedMax: +paced.at(-1).toFixed(1),
  };
}

if (values.one) {
  console.log(JSON.stringify(await runOne(values.one)));
  process.exit(0);
}
const rows = [];
for (let round = 1; round <= Number(values.rounds); round++) {
  for (const client of round % 2 ? KAFKA_CLIENTS : [...KAFKA_CLIENTS].reverse()) {
    const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--one', client, '--events', String(EVENTS), '--paced-seconds', String(PACED_SECONDS)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    const row = { round, ...JSON.parse(out.trim().split('\n').at(-1)) };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
}
console.log(`\n${EVENTS} events burst (batches of 500), paced 1,000 ev/s for ${PACED_SECONDS} s; latencies in ms`);
console.table(rows);
for (const client of KAFKA_CLIENTS) {
  const mine = rows.filter((r) => r.client === client);
  const med = (k) => mine.map((r) => r[k]).sort((a, b) => a - b)[Math.floor(mine.length / 2)];
  console.log(`${client} median of ${mine.length}: ${med('eventsPerSecond')} ev/s end to end, ${med('cpuMsPer1000')} CPU ms/1000 ev, burst p50/p99 ${med('burstP50')}/${med('burstP99')} ms, paced p50/p99 ${med('pacedP50')}/${med('pacedP99')} ms`);
}
