/**
 * Adversarial interleavings of the stream writer's recovery (43965ec), forced by a store wrapper (slow reads of chosen
 * streams) and a foreign writer appending behind the writer's back: on an in-memory PGlite store, and on PostgreSQL
 * through the group committer when DATABASE_URL is set (infra.sh env postgres).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PgliteEventStore, PostgresEventStore, type EventStore } from '@auction/event-store';
import { StreamWriter } from './stream-writer.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `inner` with reads of the streams in `slow` held back 300 ms (a reload that takes its time). */
function withSlowReads(inner: EventStore, slow: Set<string>): EventStore {
  return new Proxy(inner, {
    get(target, property) {
      if (property === 'readStream') {
        return async (...args: Parameters<EventStore['readStream']>) => {
          if (slow.has(args[0])) await sleep(300);
          return target.readStream(...args);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const stores: [string, () => EventStore][] = [['pglite', () => new PgliteEventStore()]];
if (process.env.DATABASE_URL) stores.push(['postgresql', () => new PostgresEventStore(process.env.DATABASE_URL!)]);

describe.each(stores)('StreamWriter under attack (%s)', (_name, make) => {
  const inner = make();
  const slow = new Set<string>();
  const store = withSlowReads(inner, slow);
  const writer = new StreamWriter(store, () => 1_000);
  const run = randomUUID().slice(0, 8);
  const sid = (name: string) => `lot-att-${run}-${name}`;
  /** A command appending `Added {n, saw}` to `writes`, having read `reads` (saw: their versions when it decided). */
  const cmd = (n: number, writes: string[], reads: string[] = []) => writer.execute({
    streams: [...writes, ...reads], metadata: { userId: 'test' },
    decide: (view) => writes.map((id) => ({ streamId: id, events: [{ type: 'Added', data: { n, saw: reads.map((r) => view.version(r)) } }] })),
    reply: (view) => writes.map((id) => view.version(id)),
  });
  const foreign = (id: string, version: number) => store.append(id, version, [{ type: 'Foreign', data: {} }]);
  const log = async (id: string) => (await store.readStream(id)).map((e) => (e.type === 'Added' ? (e.data as { n: number; saw: number[] }) : e.type));

  beforeAll(() => inner.init(), 60_000);
  afterAll(() => inner.close());

  it('a refused command deciding again reads the other streams it holds only once they are reloaded (never a state that was not stored)', async () => {
    const [a, b] = [sid('ro-a'), sid('ro-b')];
    await cmd(0, [a]);
    await cmd(0, [b]);
    await foreign(a, 1);
    await foreign(b, 1);
    await foreign(b, 2);
    slow.add(b);
    // x writes a having read b; y writes b after it. Both are refused (another writer took a and b). b's version in the
    // writer's memory is then y's unstored one (2); the store holds 3.
    const x = cmd(1, [a], [b]);
    const y = cmd(2, [b]);
    await Promise.all([x, y]);
    slow.delete(b);
    expect(await log(b)).toEqual([{ n: 0, saw: [] }, 'Foreign', 'Foreign', { n: 2, saw: [] }]);
    // x decided again on b as stored: 3, or 4 once y's retry is stored (x only reads b: its refusal on a does not order it
    // before y's retry on b), never on y's refused append (2).
    const [, , last] = await log(a);
    expect(last).toMatchObject({ n: 1 });
    expect([[3], [4]]).toContainEqual((last as { saw: number[] }).saw);
  });

  it('a command that read a stream pipelined on an append later refused is not appended on that state either', async () => {
    const [a, b] = [sid('rp-a'), sid('rp-b')];
    await cmd(0, [a]);
    await cmd(0, [b]);
    await foreign(b, 1);
    await foreign(b, 2);
    // y decides b on version 1 (memory: 2) and is refused; x, behind it on b, decides on y's state, writing only a.
    const y = cmd(2, [b]);
    const x = cmd(1, [a], [b]);
    await Promise.all([x, y]);
    expect(await log(b)).toEqual([{ n: 0, saw: [] }, 'Foreign', 'Foreign', { n: 2, saw: [] }]);
    // x's append to a must not carry y's refused state (b at 2: never stored): refused with it, x decides again on b as
    // stored (failed before the fix: a held { n: 1, saw: [2] }).
    const [, last] = await log(a);
    expect(last).toMatchObject({ n: 1 });
    expect([[3], [4]]).toContainEqual((last as { saw: number[] }).saw);
  });

  /** The writer's entry of a stream (white box: its recovery is released once nothing is left to decide again). */
  const entry = (id: string) => (writer as unknown as { entries: Map<string, { recovery: unknown; inFlight: number; broken: unknown }> }).entries.get(id)!;

  it('a refused command whose decide throws when it decides again leaves the stream writable, its recovery released', async () => {
    const id = sid('decide-throws');
    await cmd(0, [id]);
    await foreign(id, 1);
    let decisions = 0;
    const thrower = writer.execute({
      streams: [id], metadata: { userId: 'test' },
      decide: () => {
        if (++decisions > 1) throw new Error('decide failed');
        return [{ streamId: id, events: [{ type: 'Added', data: { n: 1 } }] }];
      },
      reply: () => null,
    });
    // Pipelined on the thrower's refused append: refused too, decides again after it.
    const after = cmd(2, [id]);
    await expect(thrower).rejects.toThrow('decide failed');
    expect((await after).reply).toEqual([3]);
    expect(await log(id)).toEqual([{ n: 0, saw: [] }, 'Foreign', { n: 2, saw: [] }]);
    expect(entry(id)).toMatchObject({ recovery: null, inFlight: 0, broken: null });
  });

  it('many commands refused behind one that keeps conflicting: each is stored once, in arrival order, or fails; the stream stays writable', async () => {
    const id = sid('storm');
    await cmd(0, [id]);
    let attempts = 0;
    // The head finds another writer's event before its own append at each of its 3 attempts; 20 offers are pipelined behind it.
    const head = writer.execute({
      streams: [id], metadata: { userId: 'test' },
      decide: (view) => {
        attempts++;
        void foreign(id, view.version(id));
        return [{ streamId: id, events: [{ type: 'Added', data: { n: 0.5 } }] }];
      },
      reply: () => null,
    });
    const rest = Array.from({ length: 20 }, (_, i) => cmd(i + 1, [id]).then(() => 'ok', (e: unknown) => (e as Error).name));
    await expect(head).rejects.toThrow();
    const outcomes = await Promise.all(rest);
    const stored = (await log(id)).filter((e): e is { n: number; saw: number[] } => typeof e === 'object').map((e) => e.n).slice(1);
    // Stored once each, in arrival order; those not stored failed (never a success without its event).
    expect(stored).toEqual([...stored].sort((x, y) => x - y));
    expect(new Set(stored).size).toBe(stored.length);
    expect(stored).toEqual(outcomes.flatMap((o, i) => (o === 'ok' ? [i + 1] : [])));
    expect(attempts).toBe(3);
    expect((await cmd(99, [id])).reply).toHaveLength(1);
    expect(entry(id)).toMatchObject({ recovery: null, inFlight: 0, broken: null });
  });
});
