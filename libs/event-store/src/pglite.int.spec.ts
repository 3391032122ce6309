import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEventStoreContract, events } from './contract.test-support.js';
import { PgliteEventStore } from './pglite-event-store.js';
import type { SqlExecutor } from './internal/sql-executor.js';
import { pgliteStartParams } from './pglite-settings.js';

describeEventStoreContract(
  'pglite (in memory)',
  async () => {
    const store = new PgliteEventStore();
    await store.init();
    return store;
  },
  { stats: (store) => (store as PgliteEventStore).stats() },
);

describe('PGlite specifics', () => {
  it('runs PostgreSQL with the shared_buffers it is given, 16MB by default, and refuses a value that is not a size', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    for (const [given, shown] of [[undefined, '16MB'], ['8MB', '8MB']] as const) {
      const db = new PGlite({ startParams: pgliteStartParams(given) });
      expect((await db.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: shown }]);
      await db.close();
    }
    expect(() => pgliteStartParams('16MB -c fsync=off')).toThrow(/shared_buffers must be a size/);
    // PostgreSQL refuses less than 128kB and PGlite's memory does not start 2GB: refused here with the range, not by PGlite.
    for (const bad of ['100kB', '2GB', '9999999GB']) expect(() => pgliteStartParams(bad)).toThrow(/between 128kB and 1GB/);
    expect(() => new PgliteEventStore({ sharedBuffers: '1kB' })).toThrow(/between 128kB and 1GB/);
    expect(() => new PgliteEventStore({ sharedBuffers: 'lots' })).toThrow(/shared_buffers must be a size/);
    // The store hands its setting to its PGlite (its executor is private: read through it, as the store does).
    const store = new PgliteEventStore({ sharedBuffers: '12MB' });
    await store.init();
    const executor = (store as unknown as { executor: { query<R>(sql: string): Promise<R[]> } }).executor;
    expect(await executor.query<{ shared_buffers: string }>('SHOW shared_buffers')).toEqual([{ shared_buffers: '12MB' }]);
    await store.close();
  }, 120_000); // three PGlite starts: ~2 s each on a quiet machine, 37 s in a loaded fresh-clone run (30 s default timeout)

  it('keeps committed events in its data directory across a reopen', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'event-store-pglite-'));
    try {
      const first = new PgliteEventStore({ dataDir });
      await first.init();
      await first.append('persisted', 0, events(2));
      await first.close();
      const second = new PgliteEventStore({ dataDir });
      await second.init();
      expect((await second.readStream('persisted')).map((e) => e.streamVersion)).toEqual([1, 2]);
      expect(await second.headPosition()).toBe(2);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('serves the log\'s tail from the events it committed: equal to what the database returns, gaps included', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'event-store-pglite-'));
    try {
      const writer = new PgliteEventStore({ dataDir, maxBatchEvents: 5 });
      await writer.init();
      const delivered: number[] = [];
      const subscription = writer.subscribe(0, (batch) => {
        delivered.push(...batch.map((e) => e.position));
      });
      await Promise.all(Array.from({ length: 12 }, (_, i) => writer.append(`tail-${i % 3}`, 'any', events(2))));
      // A flush the database refuses (a NUL character jsonb does not take) uses positions and commits nothing.
      const refused = writer.append('tail-bad', 0, [{ type: 'Bad', data: { text: 'a\u0000b' } }]);
      await expect(refused).rejects.toThrow();
      await writer.append('tail-0', 'any', [{ type: 'After', data: { z: 1, a: [1, 2], nested: { b: null, a: 'x' } }, metadata: { userId: 'u' } }]);
      const fromMemory = await writer.readAll(0, 1000);
      const head = await writer.headPosition();
      while (delivered.length < fromMemory.length) await new Promise((r) => setTimeout(r, 10));
      await subscription.close();
      await writer.close();

      const reader = new PgliteEventStore({ dataDir });
      await reader.init();
      const fromDatabase = await reader.readAll(0, 1000);
      await reader.append('tail-more', 0, events(1));
      // A page of the tail after a reopen: below the first flush of this process, from the database.
      const page = await reader.readAll(fromDatabase[3]!.position, 4);
      await reader.close();
      expect(fromMemory).toHaveLength(25);
      expect(fromMemory).toEqual(fromDatabase);
      expect(delivered).toEqual(fromDatabase.map((e) => e.position));
      // The refused flush left a gap in the positions.
      expect(fromDatabase.at(-1)!.position).toBe(head);
      expect(head).toBeGreaterThan(25);
      expect(page.map((e) => e.position)).toEqual(fromDatabase.slice(4, 8).map((e) => e.position));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('as the only writer, checks versions it did not write (a reopen) and keeps the stream rows the database answers with', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'event-store-pglite-'));
    try {
      const first = new PgliteEventStore({ dataDir });
      await first.init();
      await first.append('known', 0, events(2));
      await first.close();
      const second = new PgliteEventStore({ dataDir });
      await second.init();
      await expect(second.append('known', 0, events(1))).rejects.toThrow(/expected/i);
      await expect(second.append('fresh', 1, events(1))).rejects.toThrow(/expected/i);
      expect((await second.append('known', 2, events(1))).nextVersion).toBe(3);
      await Promise.all([second.append('known', 3, events(1)), second.append('fresh', 0, events(2))]);
      await expect(second.append('known', 3, events(1))).rejects.toThrow(/expected/i);
      expect([await second.streamVersion('known'), await second.streamVersion('fresh')]).toEqual([4, 2]);
      await second.close();
      const third = new PgliteEventStore({ dataDir });
      await third.init();
      expect(await third.listStreams('')).toEqual(['fresh', 'known']);
      expect((await third.readStream('known')).map((e) => e.streamVersion)).toEqual([1, 2, 3, 4]);
      expect((await third.append('fresh', 2, events(1))).nextVersion).toBe(3);
      await third.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('as the only writer, writes a flush of streams it knows in two statements past BEGIN, three when it reads a version', async () => {
    const store = new PgliteEventStore();
    await store.init();
    const statements: string[][] = [];
    const executor = (store as unknown as { executor: SqlExecutor }).executor;
    const transaction = executor.transaction.bind(executor);
    executor.transaction = (work, opening) => {
      // The opening (the positions' reservation) is the transaction's first statement.
      const flush: string[] = opening === undefined ? [] : [opening];
      statements.push(flush);
      return transaction((tx, opened) => work({ query: (text, params) => (flush.push(text), tx.query(text, params)) }, opened), opening);
    };
    await store.append('two-a', 0, events(1));
    await Promise.all([store.append('two-a', 1, events(2)), store.append('two-b', 0, events(1))]);
    await store.append('two-a', 3, events(1));
    const kinds = statements.map((flush) => flush.map((text) => /reserve_positions|SELECT stream_id, version|pg_notify/.exec(text)?.[0]));
    expect(kinds).toEqual([
      ['reserve_positions', 'SELECT stream_id, version', 'pg_notify'],
      ['reserve_positions', 'SELECT stream_id, version', 'pg_notify'],
      ['reserve_positions', 'pg_notify'],
    ]);
    expect(statements[2]![1]).toMatch(/INSERT INTO \S+\.events[\s\S]*INSERT INTO \S+\.streams[\s\S]*ON CONFLICT/);
    expect((await store.readStream('two-a')).map((e) => e.streamVersion)).toEqual([1, 2, 3, 4]);
    await store.close();
  });

  it('never interleaves transactions on its single session', async () => {
    const store = new PgliteEventStore({ maxBatchEvents: 7 });
    await store.init();
    const work = Array.from({ length: 200 }, (_, i) =>
      i % 10 === 0
        ? store.appendMulti([{ streamId: `m${i}`, expectedVersion: 0, events: events(1) }, { streamId: `m${i}`, expectedVersion: 0, events: events(1) }])
        : i % 3 === 0
          ? store.readAll(0, 1000)
          : store.append(`s${i}`, 0, events(2)),
    );
    const outcomes = await Promise.allSettled(work);
    const appended = outcomes.filter((o, i) => o.status === 'fulfilled' && i % 10 !== 0 && i % 3 !== 0).length;
    expect(outcomes.filter((o, i) => i % 10 === 0 && o.status === 'rejected')).toHaveLength(20);
    expect(await store.readAll(0, 10_000)).toHaveLength(appended * 2);
    expect(store.stats().flushes).toBeGreaterThan(1);
    await store.close();
  });
});
