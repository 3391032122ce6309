import { PgliteEventStore, type StoredEvent } from '@auction/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessTransport } from './in-process-transport.js';

let store: PgliteEventStore;

beforeAll(async () => {
  store = new PgliteEventStore({ pollIntervalMs: 10, onSubscriptionError: () => {} });
  await store.init();
});

afterAll(async () => {
  await store.close();
});

async function append(idAuction: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await store.append(`auction-${idAuction}`, 'any', [{ type: 'OfferPlaced', data: { idAuction, i } }]);
  }
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('InProcessTransport', () => {
  it('delivers the store log after the resume point, in global order, then new events', async () => {
    const transport = new InProcessTransport(store);
    await append('x', 5);
    const resumeAt = (await store.readAll(0, 100))[1]!.position;
    const seen: StoredEvent[] = [];
    await transport.consume({ group: 'p', resumeAfter: async () => resumeAt }, async (events) => void seen.push(...events));
    await append('y', 3);
    const head = await store.headPosition();
    await until(() => seen.at(-1)?.position === head);
    const positions = seen.map((event) => event.position);
    expect(positions[0]).toBeGreaterThan(resumeAt);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(positions).size).toBe(positions.length);
    expect(positions).toEqual((await store.readAll(resumeAt, 100)).map((event) => event.position));
    await transport.close();
  });

  it('gives a failing handler the same batch again', async () => {
    const transport = new InProcessTransport(store);
    const from = await store.headPosition();
    await append('z', 4);
    const calls: number[][] = [];
    await transport.consume({ group: 'p', resumeAfter: async () => from }, async (events) => {
      calls.push(events.map((event) => event.position));
      if (calls.length === 1) throw new Error('boom');
    });
    await until(() => calls.length >= 2);
    expect(calls[1]!.slice(0, calls[0]!.length)).toEqual(calls[0]);
    await transport.close();
  });

  it('stops one consumer, and close() stops them all', async () => {
    const transport = new InProcessTransport(store);
    const counts = [0, 0];
    const first = await transport.consume({ group: 'a', resumeAfter: () => store.headPosition() }, async (events) => void (counts[0] += events.length));
    await transport.consume({ group: 'b', resumeAfter: () => store.headPosition() }, async (events) => void (counts[1] += events.length));
    await append('w', 1);
    await until(() => counts[0] === 1 && counts[1] === 1);
    await first.stop();
    await append('w', 1);
    await until(() => counts[1] === 2);
    expect(counts[0]).toBe(1);
    await transport.close();
    await append('w', 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counts).toEqual([1, 2]);
    await expect(transport.consume({ group: 'c', resumeAfter: async () => 0 }, async () => {})).rejects.toThrow(/closed/);
  });
});
