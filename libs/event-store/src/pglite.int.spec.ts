import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEventStoreContract, events } from './contract.test-support.js';
import { PgliteEventStore } from './pglite-event-store.js';

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
