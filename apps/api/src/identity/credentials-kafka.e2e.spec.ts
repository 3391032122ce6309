/**
 * Server mode with Kafka: the relay publishes the log to the topic, and a log written by an earlier release carries
 * a password hash in its `UserRegistered` body. Whoever reads the topic must not get it (the relay redacts it, as
 * every other reader of the log does). Needs PostgreSQL and Kafka (`tools/infra/infra.sh env postgres kafka`).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresEventStore } from '@auction/event-store';
import { Kafka, logLevel } from 'kafkajs';
import { randomBytes } from 'node:crypto';
import { createStorage, startServer, type RunningServer, type ServerStorage } from '../testing/server.test-support.js';

const LEGACY_HASH = 'scrypt$16384$8$1$bGVnYWN5LXNhbHQ$bGVnYWN5LWtleS1sZWdhY3kta2V5LWxlZ2FjeQ';

describe('credentials out of the Kafka topic (server mode)', () => {
  const topic = `auction-e2e-secrets-${randomBytes(4).toString('hex')}`;
  let storage: ServerStorage;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    if (!process.env.KAFKA_BROKERS) throw new Error('KAFKA_BROKERS is not set: eval "$(bash tools/infra/infra.sh env postgres kafka)"');
    storage = await createStorage('postgres');
    const store = new PostgresEventStore(storage.databaseUrl!);
    await store.init();
    await store.append('user-veteran', 0, [{
      type: 'UserRegistered',
      data: {
        idUser: 'veteran', username: 'veteran', passwordHash: LEGACY_HASH, roles: ['USER', 'BUYER'], idDealer: 'D-0999', idMarket: 'IT',
        preferredLanguage: 'en', consent1: true, consent2: true, consent3: true, flgEnabled: true,
      },
    }]);
    await store.close();
    server = await startServer(storage, { KAFKA_BROKERS: process.env.KAFKA_BROKERS, KAFKA_TOPIC: topic, KAFKA_GROUP_PREFIX: `${topic}-`, DEMO_DEALERS: '2' });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  it('publishes the legacy UserRegistered without its password hash', async () => {
    const kafka = new Kafka({ clientId: 'e2e-secrets', brokers: process.env.KAFKA_BROKERS!.split(','), logLevel: logLevel.NOTHING });
    const consumer = kafka.consumer({ groupId: `${topic}-reader` });
    const messages: string[] = [];
    await consumer.connect();
    try {
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      await consumer.run({ eachMessage: async ({ message }) => { messages.push(message.value?.toString() ?? ''); } });
      const deadline = Date.now() + 60_000;
      while (!messages.some((m) => m.includes('"user-veteran"')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    } finally {
      await consumer.disconnect();
    }
    const veteran = messages.filter((m) => m.includes('"user-veteran"'));
    expect(veteran).toHaveLength(1);
    expect(JSON.parse(veteran[0]!).data).toMatchObject({ idUser: 'veteran' });
    // Nor its username: personal data, kept in the username claims only (the relay drops it as every reader does).
    expect(JSON.parse(veteran[0]!).data).not.toHaveProperty('username');
    expect(messages.filter((m) => /passwordHash|scrypt\$/.test(m))).toEqual([]);
  }, 90_000);
});
