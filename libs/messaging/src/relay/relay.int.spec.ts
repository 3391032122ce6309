import { PgliteEventStore, type StoredEvent } from '@auction/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KAFKA_CLIENTS, createKafkaTransport, type KafkaClientName } from '../kafka/kafka-client.js';
import {
  type PrivateKafka, appendEvents, createTopic, deleteTopics, memoryLogger, missingPositions, orderViolations, requireBrokers, startPrivateKafka,
  uniqueTopic, waitUntil,
} from '../kafka/kafka.test-support.js';
import type { CheckpointStore } from '../transport.port.js';
import { Relay, type RelayProducer } from './relay.js';

const brokers = requireBrokers();
const topics: string[] = [];
let store: PgliteEventStore;
/**
 * The broker the restart tests stop and start: this file's own (tools/infra on free ports), so the shared broker of
 * `$KAFKA_BROKERS` stays up for the tests running beside it.
 */
let restartable: PrivateKafka;
/** Set while a restart test has that broker down: the next one starts it again if a test failed there. */
let restartableDown = false;

beforeAll(async () => {
  store = new PgliteEventStore({ pollIntervalMs: 20 });
  await store.init();
  restartable = await startPrivateKafka();
}, 300_000);

afterAll(async () => {
  await store?.close();
  await deleteTopics(brokers, topics);
  await restartable?.dispose();
}, 120_000);

async function freshTopic(name: string, partitions = 3, on = brokers): Promise<string> {
  const topic = uniqueTopic(name);
  if (on === brokers) topics.push(topic);
  await createTopic(on, topic, partitions);
  return topic;
}

/** Producer wrapper that remembers the highest position the broker acknowledged. */
function ackTracking(inner: RelayProducer): RelayProducer & { acked: number } {
  const tracker = {
    acked: 0,
    async publish(events: readonly StoredEvent[]) {
      await inner.publish(events);
      tracker.acked = Math.max(tracker.acked, events.at(-1)!.position);
    },
  };
  return tracker;
}

/** Checkpoints that fail the test if one is saved beyond what the broker acknowledged. */
function guardedCheckpoints(producer: { acked: number }, start = 0): CheckpointStore & { saved: number[]; violations: string[] } {
  const saved: number[] = [];
  const violations: string[] = [];
  return {
    saved,
    violations,
    load: async () => start,
    save: async (_name, position) => {
      if (position > producer.acked) violations.push(`checkpoint ${position} saved with only ${producer.acked} acknowledged`);
      saved.push(position);
    },
  };
}

// On each Kafka client of the transport port (KAFKA_CLIENT=kafkajs|platformatic).
describe.each(KAFKA_CLIENTS)('Relay → Kafka on %s', (client: KafkaClientName) => {
  it('publishes every event in order per key and moves the checkpoint only after acks', { timeout: 90_000 }, async () => {
    const topic = await freshTopic('relay');
    const transport = createKafkaTransport({ brokers, topic, logger: memoryLogger() }, client);
    const from = await store.headPosition();
    await appendEvents(store, Array.from({ length: 10 }, (_, i) => `r${i}`), 1_500);
    const expected = await store.readAll(from, 10_000);
    const producer = ackTracking(transport);
    const checkpoints = guardedCheckpoints(producer, from);
    const relay = new Relay({ store, producer, checkpoints, logger: memoryLogger() });
    const started = Date.now();
    await relay.start();
    await relay.caughtUp(expected.at(-1)!.position);
    const publishMs = Date.now() - started;

    const delivered: StoredEvent[] = [];
    const consumer = await transport.consume({ group: `g-${topic}`, resumeAfter: async () => 0, fromBeginning: true }, async (events) => {
      delivered.push(...events);
    });
    await waitUntil(() => missingPositions(expected, delivered).length === 0, 20_000, 'every event at the consumer');
    await consumer.stop();
    await relay.stop();
    await transport.close();

    console.info(`${client}: relay published ${expected.length} events in ${publishMs} ms (${relay.stats().publishedBatches} batches)`);
    expect(checkpoints.violations).toEqual([]);
    expect(checkpoints.saved.at(-1)).toBe(expected.at(-1)!.position);
    expect(orderViolations(expected, delivered)).toEqual([]);
    expect(relay.stats()).toMatchObject({ publishedEvents: expected.length, failedAttempts: 0 });
  });

  it('loses nothing when the broker stops mid-stream and comes back', { timeout: 150_000 }, async () => {
    if (restartableDown) await restartable.start();
    restartableDown = false;
    const topic = await freshTopic('restart', 3, restartable.brokers);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const logger = memoryLogger();
    const transport = createKafkaTransport({ brokers: restartable.brokers, topic, logger }, client);
    const from = await store.headPosition();
    const producer = ackTracking(transport);
    const checkpoints = guardedCheckpoints(producer, from);
    const relay = new Relay({ store, producer, checkpoints, logger, maxBackoffMs: 1_000 });
    await relay.start();
    const delivered: StoredEvent[] = [];
    const consumer = await transport.consume({ group: `g-${topic}`, resumeAfter: async () => 0, fromBeginning: true }, async (events) => {
      delivered.push(...events);
    });

    // A steady stream of appends on 8 auctions while the broker goes away and comes back.
    const auctions = Array.from({ length: 8 }, (_, i) => `k${i}`);
    let appending = true;
    let appended = 0;
    const appender = (async () => {
      while (appending) {
        await appendEvents(store, auctions, 5, appended);
        appended += 5;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();

    await waitUntil(() => delivered.length >= 200, 20_000, 'the stream to flow');
    const countBefore = (await store.readAll(from, 100_000)).length - (await relay.lag());
    const stopAt = Date.now();
    restartableDown = true;
    await restartable.stop();
    const stoppedMs = Date.now() - stopAt;
    await waitUntil(async () => (await relay.lag()) > 100, 20_000, 'a growing lag while the broker is down');
    const lagWhileDown = await relay.lag();
    const checkpointWhileDown = relay.stats().checkpoint;
    const startAt = Date.now();
    await restartable.start();
    restartableDown = false;
    const upAt = Date.now();
    // Recovery = time from "broker up" until the backlog built while it was down is through.
    const backlog = await store.readAll(from, 100_000);
    const relayRecovered = relay.caughtUp(backlog.at(-1)!.position, 45_000).then(() => Date.now() - upAt);
    const consumerRecovered = waitUntil(() => missingPositions(backlog, delivered).length === 0, 45_000, 'the backlog at the consumer')
      .then(() => Date.now() - upAt);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    appending = false;
    await appender;
    const [relayRecoveryMs, consumerRecoveryMs] = await Promise.all([relayRecovered, consumerRecovered]);
    const expected = await store.readAll(from, 100_000);
    await relay.caughtUp(expected.at(-1)!.position, 45_000);
    await waitUntil(() => missingPositions(expected, delivered).length === 0, 45_000, 'every position at the consumer').catch((error) => {
      console.info(`missing ${missingPositions(expected, delivered).length}`, consumer.stats(), relay.stats(), logger.lines.join('\n'));
      throw error;
    });
    await consumer.stop();
    await relay.stop();
    await transport.close();
    process.off('unhandledRejection', onUnhandled);

    const duplicates = delivered.length - new Set(delivered.map((event) => event.position)).size;
    console.info(
      `${client}: broker restart: stop took ${stoppedMs} ms, start took ${upAt - startAt} ms; lag while down ${lagWhileDown}; ` +
        `backlog of ${backlog.length - countBefore} events through the relay ${relayRecoveryMs} ms after the broker was up, ` +
        `through the consumer ${consumerRecoveryMs} ms; ` +
        `${expected.length} events, ${duplicates} duplicates, ${relay.stats().failedAttempts} failed publishes`,
    );
    expect(checkpointWhileDown).toBeLessThanOrEqual(producer.acked);
    expect(checkpoints.violations).toEqual([]);
    expect(missingPositions(expected, delivered)).toEqual([]);
    expect(orderViolations(expected, delivered)).toEqual([]);
    expect(relay.stats().failedAttempts).toBeGreaterThan(0);
    expect(unhandled).toEqual([]);
  });
});
