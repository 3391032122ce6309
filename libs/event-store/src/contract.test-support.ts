import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BrokenChainError, WrongExpectedVersionError, type AppendChain, type EventStore, type NewEvent, type StoredEvent } from './event-store.port.js';

/** What the contract suite needs to know about an adapter. */
export interface ContractOptions {
  /** Set when `appendMulti` is not atomic on this adapter: the atomicity test is skipped with this reason. */
  nonAtomicAppendMulti?: string;
  /** Group-commit counters, when the adapter has them (`flushes` = write transactions). */
  stats?: (store: EventStore) => { flushes: number; appends: number };
  /** Set to skip the whole suite (e.g. no server configured), with this reason. */
  skip?: string;
}

/** Builds `n` simple events. */
export const events = (n: number, type = 'Tested'): NewEvent[] =>
  Array.from({ length: n }, (_, i) => ({ type, data: { i }, metadata: { correlationId: `c-${i}` } }));

/** Polls `condition` until it holds or `timeoutMs` passes. */
export async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Reads until `done` holds (or `timeoutMs` passed) and answers the last read. A SQL store shows a commit in the global
 * log only once every older transaction of the server has ended (no event ever appears behind a reader), so another
 * test's open transaction on the same PostgreSQL server delays what a read right after an append sees.
 */
export async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Reads the whole global log after `after`, page by page. */
export async function readAllPages(store: EventStore, after: number, pageSize: number): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  for (let cursor = after; ; ) {
    const page = await store.readAll(cursor, pageSize);
    out.push(...page);
    if (page.length < pageSize) return out;
    cursor = page[page.length - 1]!.position;
  }
}

const isIncreasing = (values: number[]): boolean => values.every((v, i) => i === 0 || v > values[i - 1]!);

/**
 * The behaviour every {@link EventStore} adapter must show. `factory` returns an initialised store,
 * shared by the tests of the suite and closed after them. Stream ids are unique per test and the
 * global log is only checked after its head, so a store may hold data of other tests and runs.
 */
export function describeEventStoreContract(name: string, factory: () => Promise<EventStore>, options: ContractOptions = {}): void {
  describe.skipIf(options.skip !== undefined)(`EventStore contract: ${name}${options.skip ? ` (skipped: ${options.skip})` : ''}`, () => {
    let store: EventStore;
    let p: string;
    beforeAll(async () => {
      store = await factory();
    });
    afterAll(async () => {
      await store?.close();
    });
    beforeEach(() => {
      p = `t${randomUUID().slice(0, 8)}`;
    });

    it('appends and reads back a stream', async () => {
      const before = Date.now();
      const result = await store.append(`${p}-a`, 0, [{ type: 'Opened', data: { x: 1 }, metadata: { userId: 'u' }, schemaVersion: 2 }, ...events(1)]);
      expect(result.streamId).toBe(`${p}-a`);
      expect(result.nextVersion).toBe(2);
      expect(result.positions).toHaveLength(2);
      expect(isIncreasing(result.positions)).toBe(true);
      const read = await store.readStream(`${p}-a`);
      expect(read.map((e) => [e.streamVersion, e.type, e.data, e.schemaVersion])).toEqual([[1, 'Opened', { x: 1 }, 2], [2, 'Tested', { i: 0 }, 1]]);
      expect(read[0]!.metadata).toMatchObject({ userId: 'u' });
      expect(read[0]!.recordedAt).toBeInstanceOf(Date);
      // The store's clock (the database server's) is this machine's: the time is the append's, to the millisecond.
      expect(read[0]!.recordedAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(read[0]!.recordedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
      const inLog = await settled(async () => (await store.readAll(0, 10_000)).find((e) => e.position === result.positions[0]), (e) => e !== undefined);
      expect(inLog?.recordedAt.getTime()).toBe(read[0]!.recordedAt.getTime());
      expect(await store.streamVersion(`${p}-a`)).toBe(2);
      expect(await store.streamVersion(`${p}-none`)).toBe(0);
      expect(await store.readStream(`${p}-none`)).toEqual([]);
    });

    it('checks the expected version and writes nothing on a mismatch', async () => {
      await store.append(`${p}-v`, 0, events(1));
      const error = await store.append(`${p}-v`, 0, events(2)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ code: 'WRONG_EXPECTED_VERSION', streamId: `${p}-v`, expectedVersion: 0, actualVersion: 1 });
      await expect(store.append(`${p}-new`, 3, events(1))).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(`${p}-v`)).toHaveLength(1);
      expect(await store.streamVersion(`${p}-new`)).toBe(0);
      expect((await store.append(`${p}-v`, 1, events(1))).nextVersion).toBe(2);
      expect((await store.append(`${p}-v`, 'any', events(1))).nextVersion).toBe(3);
    });

    it('lets exactly one of concurrent appends with the same expected version win', async () => {
      const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => store.append(`${p}-race`, 0, events(1))));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes.filter((o) => o.status === 'rejected')) expect(o.reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(`${p}-race`)).toHaveLength(1);
    });

    it('refuses every append of a chain after a refused one, even one whose expected version matches', async () => {
      await store.append(`${p}-c`, 0, events(1));
      // Another writer takes version 2, which the chain's first append expected to take.
      await store.append(`${p}-c`, 1, events(1, 'Foreign'));
      const chain: AppendChain = { broken: null };
      const other: AppendChain = { broken: null };
      const first = store.append(`${p}-c`, 1, events(1), chain);
      const second = store.append(`${p}-c`, 2, events(1), chain);
      // A unit of two chains: refused for the broken one, it breaks the other.
      const both = store.appendMulti([{ streamId: `${p}-c2`, expectedVersion: 0, events: events(1), chain: other }, { streamId: `${p}-c`, expectedVersion: 3, events: events(1), chain }]);
      const after = store.append(`${p}-c2`, 0, events(1), other);
      const [a, b, c, d] = await Promise.all([first, second, both, after].map((r) => r.catch((e: unknown) => e)));
      expect(a).toBeInstanceOf(WrongExpectedVersionError);
      expect(a).not.toBeInstanceOf(BrokenChainError);
      for (const refused of [b, c, d]) expect(refused).toBeInstanceOf(BrokenChainError);
      expect(b).toMatchObject({ streamId: `${p}-c`, expectedVersion: 2, refusal: a });
      expect(chain.broken).toBe(a);
      expect(other.broken).toBeInstanceOf(BrokenChainError);
      expect((await store.readStream(`${p}-c`)).map((e) => e.type)).toEqual(['Tested', 'Foreign']);
      expect(await store.readStream(`${p}-c2`)).toEqual([]);
      // Appends without the chain go on; the chain's owner clears it once none of its appends is left unsettled.
      expect((await store.append(`${p}-c`, 2, events(1))).nextVersion).toBe(3);
      chain.broken = null;
      expect((await store.append(`${p}-c`, 3, events(1), chain)).nextVersion).toBe(4);
    });

    it('refuses an append decided on a stream it read whose chain is broken; the chain read is left as it was', async () => {
      const read: AppendChain = { broken: new Error('refused before') };
      const own: AppendChain = { broken: null };
      const refused = await store.appendMulti([{ streamId: `${p}-r`, expectedVersion: 0, events: events(1), chain: own, reads: [read] }]).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(BrokenChainError);
      expect(refused).toMatchObject({ refusal: read.broken });
      expect(own.broken).toBe(refused);
      expect(read.broken?.message).toBe('refused before');
      expect(await store.readStream(`${p}-r`)).toEqual([]);
      const [ok] = await store.appendMulti([{ streamId: `${p}-r`, expectedVersion: 0, events: events(1), reads: [{ broken: null }] }]);
      expect(ok!.nextVersion).toBe(1);
    });

    it('a chained append refused for its payload breaks its chain too', async () => {
      const chain: AppendChain = { broken: null };
      const poison = store.append(`${p}-cp`, 0, [{ type: 'Bad', data: { text: 'nul \u0000 byte' } }], chain);
      const next = store.append(`${p}-cp`, 1, events(1), chain);
      const [a, b] = await Promise.allSettled([poison, next]);
      // jsonb refuses \u0000; EventStoreDB accepts it (then both are written).
      if (a!.status === 'rejected') {
        expect(b!.status === 'rejected' && b.reason).toBeInstanceOf(BrokenChainError);
        expect(await store.readStream(`${p}-cp`)).toEqual([]);
      } else {
        expect(b!.status).toBe('fulfilled');
      }
    });

    const atomicTitle = 'appendMulti is atomic: one bad expected version writes nothing';
    if (options.nonAtomicAppendMulti) {
      console.warn(`[${name}] skipping "${atomicTitle}": ${options.nonAtomicAppendMulti}`);
      it.skip(`${atomicTitle} (skipped: ${options.nonAtomicAppendMulti})`, () => {});
    } else {
      it(atomicTitle, async () => {
        await store.append(`${p}-m1`, 0, events(1));
        const bad = store.appendMulti([
          { streamId: `${p}-m1`, expectedVersion: 1, events: events(1) },
          { streamId: `${p}-m2`, expectedVersion: 0, events: events(2) },
          { streamId: `${p}-m3`, expectedVersion: 4, events: events(1) },
        ]);
        await expect(bad).rejects.toBeInstanceOf(WrongExpectedVersionError);
        expect(await store.streamVersion(`${p}-m1`)).toBe(1);
        expect(await store.readStream(`${p}-m2`)).toEqual([]);
        const ok = await store.appendMulti([
          { streamId: `${p}-m1`, expectedVersion: 1, events: events(1) },
          { streamId: `${p}-m2`, expectedVersion: 0, events: events(2) },
        ]);
        expect(ok.map((r) => r.nextVersion)).toEqual([2, 2]);
        expect(isIncreasing(ok.flatMap((r) => r.positions))).toBe(true);
      });
    }

    it('reads a stream from and to a version', async () => {
      await store.append(`${p}-r`, 0, events(5));
      const versions = async (o: { fromVersion?: number; toVersion?: number }) => (await store.readStream(`${p}-r`, o)).map((e) => e.streamVersion);
      expect(await versions({ fromVersion: 2, toVersion: 4 })).toEqual([2, 3, 4]);
      expect(await versions({ fromVersion: 4 })).toEqual([4, 5]);
      expect(await versions({ toVersion: 2 })).toEqual([1, 2]);
      expect(await versions({ fromVersion: 6 })).toEqual([]);
    });

    it('pages through the global log in append order', async () => {
      const head = await store.headPosition();
      const written: number[] = [];
      for (let i = 0; i < 7; i++) written.push(...(await store.append(`${p}-g${i % 3}`, 'any', events(1 + (i % 2)))).positions);
      const read = await settled(
        async () => (await readAllPages(store, head, 3)).filter((e) => e.streamId.startsWith(p)),
        (events) => events.length >= written.length,
      );
      expect(read.map((e) => e.position)).toEqual(written);
      expect(isIncreasing(written)).toBe(true);
      expect(read.map((e) => e.streamId).slice(0, 3)).toEqual([`${p}-g0`, `${p}-g1`, `${p}-g1`]);
    });

    it('reads the global log without metadata when asked: the same events, metadata left out or as stored', async () => {
      const head = await store.headPosition();
      const { positions } = await store.append(`${p}-nm`, 0, events(3).map((e) => ({ ...e, metadata: { userId: 'u-nm', correlationId: 'c' } })));
      const full = await settled(async () => (await store.readAll(head, 10_000)).filter((e) => e.streamId === `${p}-nm`), (e) => e.length >= 3);
      const bare = (await store.readAll(head, 10_000, { withoutMetadata: true })).filter((e) => e.streamId === `${p}-nm`);
      expect(full.map((e) => e.position)).toEqual(positions);
      expect(full[0]!.metadata).toMatchObject({ userId: 'u-nm' });
      expect(bare.map((e) => ({ ...e, metadata: {} }))).toEqual(full.map((e) => ({ ...e, metadata: {} })));
      for (const [i, e] of bare.entries()) expect([{}, full[i]!.metadata]).toContainEqual(e.metadata);
    });

    it('reports the head position', async () => {
      const before = await store.headPosition();
      const { positions } = await store.append(`${p}-h`, 0, events(3));
      expect(positions[0]).toBeGreaterThan(before);
      expect(await settled(() => store.headPosition(), (head) => head >= positions[2]!)).toBe(positions[2]);
    });

    it('delivers existing then new events to a subscriber, in order', async () => {
      const head = await store.headPosition();
      await store.append(`${p}-s`, 0, events(3));
      const seen: StoredEvent[] = [];
      const subscription = store.subscribe(head, async (batch) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push(...batch.filter((e) => e.streamId.startsWith(p)));
      });
      await waitFor(() => seen.length === 3);
      await store.append(`${p}-s`, 3, events(2));
      await store.append(`${p}-s2`, 0, events(1));
      await waitFor(() => seen.length === 6);
      await subscription.close();
      await store.append(`${p}-s`, 5, events(1));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen.map((e) => `${e.streamId.slice(p.length)}:${e.streamVersion}`)).toEqual(['-s:1', '-s:2', '-s:3', '-s:4', '-s:5', '-s2:1']);
      expect(isIncreasing(seen.map((e) => e.position))).toBe(true);
    });

    it('lists streams by prefix', async () => {
      await store.append(`${p}-list-b`, 0, events(1));
      await store.append(`${p}-list-a`, 0, events(1));
      await store.append(`${p}-other`, 0, events(1));
      await store.append(`${p}-list-refused`, 2, events(1)).catch(() => {});
      expect(await store.listStreams(`${p}-list-`)).toEqual([`${p}-list-a`, `${p}-list-b`]);
    });

    it('group-commits 500 concurrent appends to 500 streams', async () => {
      const before = options.stats?.(store);
      const started = performance.now();
      const results = await Promise.all(Array.from({ length: 500 }, (_, i) => store.append(`${p}-gc-${i}`, 0, events(1))));
      const ms = performance.now() - started;
      expect(results.every((r) => r.nextVersion === 1)).toBe(true);
      expect(new Set(results.map((r) => r.positions[0])).size).toBe(500);
      if (before && options.stats) {
        const after = options.stats(store);
        const flushes = after.flushes - before.flushes;
        console.info(`[${name}] group commit: 500 appends in ${flushes} flush(es), ${ms.toFixed(0)} ms`);
        expect(after.appends - before.appends).toBe(500);
        expect(flushes).toBeLessThanOrEqual(10);
      }
    });

    it('keeps the other appends of a batch when one fails in the database', async () => {
      const poison = store.append(`${p}-poison`, 0, [{ type: 'Bad', data: { text: 'nul \u0000 byte' } }]);
      const good = Array.from({ length: 20 }, (_, i) => store.append(`${p}-ok-${i}`, 0, events(1)));
      await poison.catch(() => {}); // jsonb refuses \u0000; EventStoreDB accepts it.
      expect((await Promise.all(good)).every((r) => r.nextVersion === 1)).toBe(true);
    });
  });
}
