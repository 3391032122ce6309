import { randomUUID } from 'node:crypto';
import type { EventStore, StoredEvent } from '@auction/event-store';
import { Kafka, logLevel } from 'kafkajs';
import { privateState } from '../private-infra.test-support.js';
import { partitionKeyOf } from '../transport.port.js';
import type { TransportLogger } from '../transport/transport-logger.js';

/** Brokers of the real Kafka the `*.int.spec.ts` suites run against. */
export function requireBrokers(): string[] {
  const brokers = process.env['KAFKA_BROKERS'];
  if (!brokers) {
    throw new Error(
      'KAFKA_BROKERS is not set: start a broker with `bash tools/infra/infra.sh start kafka` and ' +
        '`eval "$(bash tools/infra/infra.sh env kafka)"` before running the Kafka integration tests',
    );
  }
  return brokers.split(',').map((broker) => broker.trim()).filter(Boolean);
}

/** A topic name no other run uses. */
export function uniqueTopic(prefix: string): string {
  return `test-${prefix}-${randomUUID().slice(0, 8)}`;
}

function admin(brokers: string[]) {
  return new Kafka({ clientId: 'messaging-tests', brokers, logLevel: logLevel.NOTHING }).admin();
}

export async function createTopic(brokers: string[], topic: string, partitions: number): Promise<void> {
  const client = admin(brokers);
  await client.connect();
  try {
    await client.createTopics({ waitForLeaders: true, topics: [{ topic, numPartitions: partitions, replicationFactor: 1 }] });
  } finally {
    await client.disconnect();
  }
}

export async function deleteTopics(brokers: string[], topics: string[]): Promise<void> {
  const client = admin(brokers);
  try {
    await client.connect();
    await client.deleteTopics({ topics, timeout: 10_000 });
  } catch {
    // best effort: a leftover test topic is harmless
  } finally {
    await client.disconnect().catch(() => {});
  }
}

/** A Kafka broker of one test file alone (tools/infra in a state folder of its own, on free ports). */
export interface PrivateKafka {
  readonly brokers: string[];
  /** `infra.sh stop|start kafka` on this broker (Kafka's controlled shutdown, then a fresh start on the same log). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its state folder. */
  dispose(): Promise<void>;
}

/**
 * Starts a broker of this file's own, so that a test that stops and restarts it leaves the shared broker
 * (`$KAFKA_BROKERS`) to the tests running beside it.
 */
export async function startPrivateKafka(): Promise<PrivateKafka> {
  const { state, infra, dispose } = await privateState('messaging-kafka-', 'kafka', ['INFRA_KAFKA_PORT', 'INFRA_KAFKA_CONTROLLER_PORT'], 240_000);
  await infra('start', 'kafka');
  const brokers = /KAFKA_BROKERS=(\S+)/.exec(await infra('env', 'kafka'))?.[1]?.split(',') ?? [];
  if (brokers.length === 0) throw new Error(`infra.sh env kafka named no broker (state ${state})`);
  await groupCoordinatorReady(brokers);
  return {
    brokers,
    stop: async () => void (await infra('stop', 'kafka')),
    start: async () => void (await infra('start', 'kafka')),
    dispose,
  };
}

/**
 * Waits until the fresh broker has a group coordinator: the first group request makes it create
 * `__consumer_offsets` (50 partitions), which on a busy machine takes longer than a test waits for its stream.
 */
async function groupCoordinatorReady(brokers: string[], timeoutMs = 120_000): Promise<void> {
  const client = admin(brokers);
  const deadline = Date.now() + timeoutMs;
  await client.connect();
  try {
    for (;;) {
      try {
        await client.describeGroups(['warm-up']);
        return;
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`no group coordinator on ${brokers.join(',')} after ${timeoutMs} ms: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  } finally {
    await client.disconnect();
  }
}


/** Appends `count` events spread over `auctions` auctions (one stream per auction). */
export async function appendEvents(store: EventStore, auctions: string[], count: number, from = 0): Promise<void> {
  for (let i = from; i < from + count; i += 1) {
    const idAuction = auctions[i % auctions.length]!;
    await store.append(`auction-${idAuction}`, 'any', [{ type: 'OfferPlaced', data: { idAuction, seq: i } }]);
  }
}

/**
 * Order per key under at-least-once delivery: every delivered event's predecessor of the same key
 * (in the store's order) was delivered before it. Redeliveries may go back, never skip ahead.
 * Returns the violations (empty when ordered).
 */
export function orderViolations(expected: StoredEvent[], delivered: StoredEvent[]): string[] {
  const predecessor = new Map<number, number>();
  const lastOfKey = new Map<string, number>();
  for (const event of expected) {
    const key = partitionKeyOf(event);
    predecessor.set(event.position, lastOfKey.get(key) ?? 0);
    lastOfKey.set(key, event.position);
  }
  const seen = new Set<number>();
  const violations: string[] = [];
  for (const event of delivered) {
    const before = predecessor.get(event.position) ?? 0;
    if (before !== 0 && !seen.has(before)) violations.push(`position ${event.position} before its predecessor ${before}`);
    seen.add(event.position);
  }
  return violations;
}

/** Positions of `expected` that were never delivered. */
export function missingPositions(expected: StoredEvent[], delivered: StoredEvent[]): number[] {
  const seen = new Set(delivered.map((event) => event.position));
  return expected.map((event) => event.position).filter((position) => !seen.has(position));
}

/** A logger that keeps lines for assertions and prints nothing. */
export function memoryLogger(): TransportLogger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    warn: (message, extra) => void lines.push(`${new Date().toISOString()} warn ${message} ${extra ? JSON.stringify(extra).slice(0, 300) : ''}`),
    error: (message, extra) => void lines.push(`${new Date().toISOString()} error ${message} ${extra ? JSON.stringify(extra).slice(0, 300) : ''}`),
  };
}

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
