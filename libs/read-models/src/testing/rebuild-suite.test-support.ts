import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteEventStore, type Subscription } from '@auction/event-store';
import { dumpTables } from '../dump-tables.js';
import { Projector } from '../projector.js';
import { AuctionReadModel } from '../queries/auction-read-model.js';
import { rebuildReadModels } from '../rebuild.js';
import { appendInOrder, chunks, projectInto, readEverything, type SuiteDb } from './int-support.test-support.js';
import { generateScenario } from './scenario.test-support.js';

/**
 * Rebuild from a PGlite event store beside the live tables while a live projector keeps applying new
 * events (and queries keep running), then the swap; the live tables must equal a fresh single pass.
 */
export function describeRebuildSuite(name: string, suite: () => SuiteDb): void {
  describe(`${name}: rebuild and swap`, () => {
    let store: PgliteEventStore;
    let subscription: Subscription | undefined;

    beforeAll(async () => {
      store = new PgliteEventStore({ pollIntervalMs: 20 });
      await store.init();
    });
    afterAll(async () => {
      await subscription?.close();
      await store.close();
    });

    it.each([
      { pause: true, cache: false, prefix: '' }, { pause: false, cache: false, prefix: 'x' },
      // The embedded default's live projector knows its checkpoints from memory; the pause makes it read them again.
      { pause: true, cache: true, prefix: 'c' },
    ])('rebuilds while the live projector and queries keep working, then equals a fresh projection (pause live: $pause, cached checkpoints: $cache)', async ({ pause, cache, prefix }) => {
      const { db, schema: live } = suite();
      // Each run appends another log, under ids of its own, after the previous one.
      const { events } = generateScenario({ seed: 77, auctions: 30, offersPerAuction: 60, idPrefix: prefix });
      const [cut1, cut2] = [Math.floor(events.length * 0.5), Math.floor(events.length * 0.9)];
      const [before, during, after] = [events.slice(0, cut1), events.slice(cut1, cut2), events.slice(cut2)];
      await appendInOrder(store, before);
      const projector = new Projector({ db, schema: live, cacheCheckpoints: cache });
      await subscription?.close();
      subscription = store.subscribe(await projector.resumePosition(), (batch) => projector.apply(batch));

      const queries = new AuctionReadModel(db, { schema: live });
      let writing = true;
      let queried = 0;
      const writer = (async () => {
        for (const chunk of chunks(during, 40)) {
          await appendInOrder(store, chunk);
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        writing = false;
      })();
      const reader = (async () => {
        while (writing) {
          await queries.running({ idUser: 'dealer-1', roles: ['BUYER'] }, { limit: 100, offset: 0 });
          queried++;
          // PGlite answers without real I/O: yield to timers, or this loop would starve the writer's.
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      })();
      const progress: number[] = [];
      const stats = await rebuildReadModels({
        store, db, schema: live, batchSize: 250, onProgress: (position) => progress.push(position), pauseLive: pause ? () => projector.pause() : undefined,
      });
      await Promise.all([writer, reader]);
      await appendInOrder(store, after);
      const head = await store.headPosition();
      await projector.waitFor(head, 10_000);
      expect(projector.appliedPosition(after.at(-1)!.streamId)).toBeGreaterThan(0);

      const all = await readEverything(store);
      expect(all.length).toBeGreaterThanOrEqual(events.length);
      await projectInto(db, `${live}_fresh`, chunks(all, 500));
      expect(await dumpTables(db, live)).toEqual(await dumpTables(db, `${live}_fresh`));
      expect(stats.events).toBeGreaterThanOrEqual(before.length);
      expect(progress.length).toBeGreaterThan(1);
      expect(queried).toBeGreaterThan(0);
      expect(await db.schemaExists(`${live}_next`)).toBe(false);
      expect(await db.schemaExists(`${live}_old`)).toBe(false);
      console.log(`[${name}] rebuild of ${stats.events} events while live (pause: ${pause}): ${Math.round(stats.eventsPerSecond)} events/s`);
    });

    it('a live projector with cached checkpoints that lagged behind the swap skips what the rebuild applied', async () => {
      const { db, schema: live } = suite();
      const { events } = generateScenario({ seed: 78, auctions: 10, offersPerAuction: 40, idPrefix: 'lag' });
      const from = await store.headPosition();
      await appendInOrder(store, events);
      const logged = (await readEverything(store)).filter((e) => e.position > from);
      const cut = Math.floor(logged.length / 2);
      const projector = new Projector({ db, schema: live, cacheCheckpoints: true });
      // Everything logged before this run reaches the live tables, then half of this run's events: the rest is
      // still on its way to the live projector when the rebuild pauses it and swaps.
      for (const batch of chunks((await readEverything(store)).filter((e) => e.position <= from), 500)) await projector.apply(batch);
      for (const batch of chunks(logged.slice(0, cut), 50)) await projector.apply(batch);
      await rebuildReadModels({ store, db, schema: live, batchSize: 250, pauseLive: () => projector.pause() });
      for (const batch of chunks(logged.slice(cut), 50)) await projector.apply(batch);
      await projectInto(db, `${live}_fresh2`, chunks(await readEverything(store), 500));
      expect(await dumpTables(db, live)).toEqual(await dumpTables(db, `${live}_fresh2`));
    });
  });
}
