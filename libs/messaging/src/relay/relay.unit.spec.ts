import { PgliteEventStore, type StoredEvent } from '@auction/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryCheckpointStore } from './memory-checkpoint-store.js';
import { Relay, type RelayProducer } from './relay.js';

let store: PgliteEventStore;

beforeAll(async () => {
  store = new PgliteEventStore({ pollIntervalMs: 10 });
  await store.init();
});

afterAll(async () => {
  await store.close();
});

const quiet = { warn: () => {}, error: () => {} };

async function append(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await store.append(`auction-a${i % 3}`, 'any', [{ type: 'OfferPlaced', data: { idAuction: `a${i % 3}`, i } }]);
  }
}

async function until(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A broker stand-in: fails while `down`, records what it acknowledged. */
class FakeProducer implements RelayProducer {
  down = false;
  readonly acked: StoredEvent[] = [];
  readonly sends: number[] = [];
  async publish(events: readonly StoredEvent[]): Promise<void> {
    this.sends.push(events.length);
    if (this.down) throw new Error('broker unavailable');
    this.acked.push(...events);
  }
}

describe('Relay', () => {
  it('publishes the log in batches from its checkpoint and saves the checkpoint after each ack', async () => {
    const base = await store.headPosition();
    await append(25);
    const checkpoints = new InMemoryCheckpointStore();
    await checkpoints.save('relay', base + 5);
    const producer = new FakeProducer();
    const relay = new Relay({ store, producer, checkpoints, batchSize: 7, logger: quiet });
    await relay.start();
    await relay.caughtUp();
    expect(producer.acked.map((event) => event.position)).toEqual((await store.readAll(base + 5, 100)).map((event) => event.position));
    expect(Math.max(...producer.sends)).toBeLessThanOrEqual(7);
    expect(await checkpoints.load('relay')).toBe(await store.headPosition());
    expect(await relay.lag()).toBe(0);
    expect(relay.stats()).toMatchObject({ running: true, publishedEvents: 20, publishedBatches: 3, failedAttempts: 0 });
    await relay.stop();
  });

  it('keeps the checkpoint while the broker is down and catches up when it returns', async () => {
    const base = await store.headPosition();
    const checkpoints = new InMemoryCheckpointStore();
    await checkpoints.save('relay', base);
    const producer = new FakeProducer();
    const relay = new Relay({ store, producer, checkpoints, initialBackoffMs: 5, maxBackoffMs: 20, logger: quiet });
    await relay.start();
    await append(3);
    await relay.caughtUp();
    producer.down = true;
    await append(10);
    await until(() => relay.stats().failedAttempts >= 3);
    expect(await checkpoints.load('relay')).toBe(base + 3);
    expect(await relay.lag()).toBe(10);
    expect(relay.stats().lastError?.message).toMatch(/broker unavailable/);
    producer.down = false;
    await relay.caughtUp();
    expect(producer.acked.map((event) => event.position)).toEqual((await store.readAll(base, 100)).map((event) => event.position));
    expect(await relay.lag()).toBe(0);
    await relay.stop();
  });

  it('stops while retrying without moving the checkpoint', async () => {
    const base = await store.headPosition();
    const checkpoints = new InMemoryCheckpointStore();
    await checkpoints.save('relay', base);
    const producer = new FakeProducer();
    producer.down = true;
    const relay = new Relay({ store, producer, checkpoints, initialBackoffMs: 1_000, logger: quiet });
    await relay.start();
    await append(2);
    await until(() => producer.sends.length >= 1);
    const started = Date.now();
    await relay.stop();
    expect(Date.now() - started).toBeLessThan(500);
    expect(await checkpoints.load('relay')).toBe(base);
    expect(relay.stats().running).toBe(false);
  });

  it('retries a failed checkpoint save before publishing on', async () => {
    const base = await store.headPosition();
    await append(4);
    let failSaves = 2;
    const saved: number[] = [];
    const checkpoints = {
      load: async () => base,
      save: async (_name: string, position: number) => {
        if (failSaves-- > 0) throw new Error('db down');
        saved.push(position);
      },
    };
    const producer = new FakeProducer();
    const relay = new Relay({ store, producer, checkpoints, initialBackoffMs: 5, logger: quiet });
    await relay.start();
    await relay.caughtUp();
    expect(saved).toEqual([base + 4]);
    expect(producer.acked).toHaveLength(4);
    await relay.stop();
  });
});
