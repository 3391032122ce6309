/**
 * The stream writer's pipelining and its recovery after a failed append, on an in-memory PGlite store: and what an idle
 * stream keeps, since every running lot has one (issue 25 item 4: 100,000 running lots under 1 GB).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PgliteEventStore, type EventStore } from '@auction/event-store';
import { StreamWriter } from './stream-writer.js';

/** A store whose next appends fail while `failing` is set (the writer must reload the stream after). */
class FlakyStore extends PgliteEventStore {
  failing = false;
  override append(...args: Parameters<EventStore['append']>): ReturnType<EventStore['append']> {
    if (this.failing) return new Promise((_, reject) => setTimeout(() => reject(new Error('append failed')), 20));
    return super.append(...args);
  }
}

describe('StreamWriter', () => {
  const store = new FlakyStore();
  // Lot streams with an event type the lot does not know: evolve ignores it, so the version counts the events.
  const writer = new StreamWriter(store, () => 1_000);
  const add = (id: string) => writer.execute({
    streams: [id], metadata: { userId: 'test' },
    decide: () => [{ streamId: id, events: [{ type: 'Added', data: {} }] }],
    reply: (view) => view.version(id),
  });
  /** The writer's entry of a stream (white box: what an idle stream keeps in memory). */
  const entry = (id: string) => (writer as unknown as { entries: Map<string, { tail: Promise<void>; durable: Promise<unknown>; inFlight: number }> }).entries.get(id)!;

  beforeAll(() => store.init(), 60_000);
  afterAll(() => store.close());

  it('decides pipelined commands on one stream in arrival order, each reply once its own append is durable', async () => {
    const replies = await Promise.all(Array.from({ length: 20 }, () => add('lot-test-a')));
    expect(replies.map((r) => r.reply)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect((await store.readStream('lot-test-a')).map((e) => e.streamVersion)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('an idle stream keeps no promise of its own: its tail and durable are one settled promise shared by all', async () => {
    await Promise.all([add('lot-test-b'), add('lot-test-b'), add('lot-test-c')]);
    const [a, b, c] = [entry('lot-test-a'), entry('lot-test-b'), entry('lot-test-c')];
    expect(b.inFlight).toBe(0);
    expect(b.durable).toBe(a.durable);
    expect(c.durable).toBe(a.durable);
    expect(b.tail).toBe(a.tail);
    expect(c.tail).toBe(a.tail);
  });

  it('after a failed append, the next command waits for the appends in flight and decides on the reloaded stream', async () => {
    await add('lot-test-d');
    store.failing = true;
    const failed = [add('lot-test-d'), add('lot-test-d')];
    await Promise.all(failed.map((p) => expect(p).rejects.toThrow('append failed')));
    store.failing = false;
    // Decided on the store's stream (one event), not on the two the failed appends had folded into memory.
    expect((await add('lot-test-d')).reply).toBe(2);
    expect(entry('lot-test-d').inFlight).toBe(0);
    expect(entry('lot-test-d').durable).toBe(entry('lot-test-a').durable);
    expect((await store.readStream('lot-test-d')).length).toBe(2);
  });

  it('a command on two streams holds both: the commands queued behind it on each decide after it, in order', async () => {
    let admit!: () => void;
    const both = writer.execute({
      streams: ['lot-test-f', 'lot-test-g'], metadata: { userId: 'test' }, admit: new Promise<void>((r) => (admit = r)),
      decide: () => [{ streamId: 'lot-test-f', events: [{ type: 'Added', data: {} }] }, { streamId: 'lot-test-g', events: [{ type: 'Added', data: {} }] }],
      reply: (view) => [view.version('lot-test-f'), view.version('lot-test-g')],
    });
    const f = [add('lot-test-f'), add('lot-test-f')];
    const g = add('lot-test-g');
    const read = writer.read<unknown>('lot-test-g').then(() => 'read');
    await new Promise((r) => setTimeout(r, 50));
    admit();
    expect((await both).reply).toEqual([1, 1]);
    expect((await Promise.all(f)).map((o) => o.reply)).toEqual([2, 3]);
    expect((await g).reply).toBe(2);
    expect(await read).toBe('read');
    // Idle again: a later command does not wait for anything.
    expect((await add('lot-test-g')).reply).toBe(3);
    expect(entry('lot-test-g').tail).toBe(entry('lot-test-a').tail);
  });

  it('acknowledges a command only once its append is in the store, also when an earlier append failed', async () => {
    await add('lot-test-h');
    store.failing = true;
    const failed = add('lot-test-h');
    // The failing append is submitted (the command decided), then the store takes appends again.
    while (entry('lot-test-h').inFlight === 0) await new Promise((r) => setImmediate(r));
    store.failing = false;
    const next = add('lot-test-h');
    await expect(failed).rejects.toThrow('append failed');
    const outcome = await next;
    const stored = await store.readStream('lot-test-h');
    expect(stored.map((e) => e.position)).toContain(outcome.position);
    expect(stored.length).toBe(outcome.reply);
  });

  it('states read through the writer follow its appends', async () => {
    await add('lot-test-e');
    await add('lot-test-e');
    const version = await writer.execute({ streams: ['lot-test-e'], metadata: { userId: 'test' }, decide: () => [], reply: (view) => view.version('lot-test-e') });
    expect(version.reply).toBe(2);
  });
});
