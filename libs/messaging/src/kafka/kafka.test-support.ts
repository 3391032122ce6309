import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { EventStore, StoredEvent } from '@auction/event-store';
import { Kafka, logLevel } from 'kafkajs';
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

const INFRA = fileURLToPath(new URL('../../../../tools/infra/infra.sh', import.meta.url));

/** Runs `tools/infra/infra.sh <command> kafka`. */
export async function infraKafka(command: 'start' | 'stop'): Promise<void> {
  await promisify(execFile)('bash', [INFRA, command, 'kafka'], { timeout: 120_000 });
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
