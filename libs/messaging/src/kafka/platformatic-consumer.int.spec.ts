import { PgliteEventStore, type StoredEvent } from '@auction/event-store';
import type { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SupervisedPlatformaticConsumer } from './platformatic-consumer.js';
import { createKafkaTransport } from './kafka-client.js';
import {
  appendEvents, createTopic, deleteTopics, memoryLogger, missingPositions, orderViolations, requireBrokers, uniqueTopic, waitUntil,
} from './kafka.test-support.js';

const brokers = requireBrokers();
const topics: string[] = [];
let store: PgliteEventStore;

beforeAll(async () => {
  store = new PgliteEventStore();
  await store.init();
});

afterAll(async () => {
  await store.close();
  await deleteTopics(brokers, topics);
});

describe('SupervisedPlatformaticConsumer', () => {
  // @platformatic/kafka's Consumer emits 'error' when a heartbeat was refused with a rejoin error (the broker restarted)
  // and rejoining the group failed after its retries (consumer.js, heartbeat's rejoinGroup). An EventEmitter with no
  // 'error' listener throws it: in the API that ended the process (CI on 1c1d3c5, two-instances restart test: "instance
  // is gone after the restarts", Kafka's connection errors last in its log). The client is reached through the private
  // field to emit what the library emits there.
  it('outlives the client\'s own error event (a failed rejoin): it rebuilds the client and delivers what follows', async () => {
    const topic = uniqueTopic('client-error');
    topics.push(topic);
    await createTopic(brokers, topic, 1);
    const transport = createKafkaTransport({ brokers, topic, logger: memoryLogger() }, 'platformatic');
    const logger = memoryLogger();
    const delivered: StoredEvent[] = [];
    const consumer = new SupervisedPlatformaticConsumer({
      brokers, clientId: 'client-error', topics: [topic], group: `g-${topic}`, fromBeginning: true, logger,
      handler: async (events) => void delivered.push(...events),
      sessionTimeoutMs: 10_000, heartbeatIntervalMs: 1_000, maxWaitTimeMs: 200, restartDelayMs: 50,
    });
    try {
      await consumer.start();
      const head = await store.headPosition();
      await appendEvents(store, ['e1', 'e2'], 10);
      const before = await store.readAll(head, 100);
      await transport.publish(before);
      await waitUntil(() => missingPositions(before, delivered).length === 0, 20_000, 'the events before the error');

      const client = (consumer as unknown as { consumer: EventEmitter }).consumer;
      expect(() => client.emit('error', new Error('rejoinGroup failed 6 times.'))).not.toThrow();
      await waitUntil(() => consumer.stats().restarts >= 1, 20_000, 'the client rebuilt');
      expect((consumer as unknown as { consumer: EventEmitter | undefined }).consumer).not.toBe(client);
      expect(logger.lines.some((line) => line.includes('could not rejoin the group') && line.includes('rejoinGroup failed 6 times'))).toBe(true);
      // The old client's late events are not taken for the new one's.
      expect(() => client.emit('error', new Error('late'))).not.toThrow();

      await appendEvents(store, ['e1', 'e2'], 10, 10);
      const after = await store.readAll(before.at(-1)!.position, 100);
      await transport.publish(after);
      await waitUntil(() => missingPositions(after, delivered).length === 0, 20_000, 'the events after the rebuild');
      expect(orderViolations([...before, ...after], delivered)).toEqual([]);
      expect(consumer.stats().restarts).toBe(1);
    } finally {
      await consumer.stop();
      await transport.close();
    }
  }, 90_000);
});
