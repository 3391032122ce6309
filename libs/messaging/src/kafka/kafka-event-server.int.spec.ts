import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, EventPattern, Payload, type MicroserviceOptions } from '@nestjs/microservices';
import { PgliteEventStore, type StoredEvent } from '@auction/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KafkaBatchContext, KafkaEventServer } from './kafka-event-server.js';
import { KAFKA_CLIENTS, createKafkaTransport } from './kafka-client.js';
import {
  appendEvents, createTopic, deleteTopics, memoryLogger, missingPositions, orderViolations, requireBrokers, uniqueTopic, waitUntil,
} from './kafka.test-support.js';

const brokers = requireBrokers();
const topic = uniqueTopic('nest');
let store: PgliteEventStore;
let expected: StoredEvent[] = [];

beforeAll(async () => {
  store = new PgliteEventStore();
  await store.init();
  await createTopic(brokers, topic, 2);
  await appendEvents(store, ['n1', 'n2', 'n3'], 60);
  expected = await store.readAll(0, 1_000);
  const producer = createKafkaTransport({ brokers, topic, logger: memoryLogger() }, 'kafkajs');
  await producer.publish(expected);
  await producer.close();
});

afterAll(async () => {
  await store.close();
  await deleteTopics(brokers, [topic]);
});

const calls: { positions: number[]; topic: string; partition: number }[] = [];
const handled: StoredEvent[] = [];
let failures = 0;

class ProjectionController {
  async onEvents(events: StoredEvent[], context: KafkaBatchContext): Promise<void> {
    calls.push({ positions: events.map((event) => event.position), topic: context.getTopic(), partition: context.getPartition() });
    if (failures < 1) {
      failures += 1;
      throw new Error('read model busy');
    }
    handled.push(...events);
  }
}
class ProjectionModule {}

// Decorators applied as functions: this package's vitest transform does not enable decorator syntax in specs.
// Same as `@Controller() class … { @EventPattern(topic) onEvents(@Payload() events, @Ctx() context) }`.
const proto = ProjectionController.prototype;
Payload()(proto, 'onEvents', 0);
Ctx()(proto, 'onEvents', 1);
EventPattern(topic)(proto, 'onEvents', Object.getOwnPropertyDescriptor(proto, 'onEvents')!);
Controller()(ProjectionController);
Module({ controllers: [ProjectionController] })(ProjectionModule);

// Each Kafka client (KAFKA_CLIENT) under the strategy, each in its own group over the same published events.
describe.each(KAFKA_CLIENTS)('KafkaEventServer (Nest custom transport) on %s', (client) => {
  it('hands @EventPattern handlers whole batches and redelivers a batch whose handler threw', async () => {
    calls.length = 0;
    handled.length = 0;
    failures = 0;
    const transport = createKafkaTransport({ brokers, topic, logger: memoryLogger() }, client);
    const strategy = new KafkaEventServer({ transport, group: `g-${topic}-${client}`, fromBeginning: true });
    const app = await NestFactory.createMicroservice<MicroserviceOptions>(ProjectionModule, { strategy, logger: false });
    await app.listen();
    await waitUntil(() => missingPositions(expected, handled).length === 0, 20_000, 'every event in the Nest handler');
    await app.close();
    await transport.close();

    expect(calls[0]!.topic).toBe(topic);
    const retried = calls.slice(1).find((call) => call.partition === calls[0]!.partition)!;
    expect(retried.positions.slice(0, calls[0]!.positions.length)).toEqual(calls[0]!.positions);
    expect(Math.max(...calls.map((call) => call.positions.length))).toBeGreaterThan(1);
    expect(orderViolations(expected, handled)).toEqual([]);
  });
});
