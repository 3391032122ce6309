import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteEventStore, type Subscription } from '@auction/event-store';
import { dumpTables } from '../dump-tables.js';
import { Projector } from '../projector.js';
import { AuctionReadModel } from '../queries/auction-read-model.js';
import { rebuildReadModels } from '../rebuild.js';
import type { ReadModelDb, SqlRunner, TransactionOptions } from '../db/read-model-db.js';
import { appendInOrder, chunks, projectInto, pureTables, readEverything, type SuiteDb } from './int-support.test-support.js';
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

    it.each([{ keepRows: 1_000_000 }, { keepRows: 40 }])(
      'a rebuild projector keeping its rows in memory (at most $keepRows) writes what a single pass writes, and keeps nothing of a transaction that failed',
      async ({ keepRows }) => {
        const { db, schema: live } = suite();
        const { events } = generateScenario({ seed: 79, auctions: 12, offersPerAuction: 50, idPrefix: `k${keepRows}` });
        const schema = `${live}_kept${keepRows}`;
        await db.dropSchema(schema);
        await db.ensureSchema(schema);
        // The same database, but the transaction of batch 5 fails after its statements ran (a connection lost before the
        // commit): its rows are rolled back, so rows kept from it would count its offers twice once it comes again.
        let transactions = 0;
        const flaky = Object.create(db, {
          transaction: {
            value: <T>(work: (tx: SqlRunner) => Promise<T>, options?: TransactionOptions) => db.transaction(async (tx) => {
              const result = await work(tx);
              if (++transactions === 5) throw new Error('connection lost before the commit');
              return result;
            }, options),
          },
        }) as ReadModelDb;
        const projector = new Projector({ db: flaky, schema, soleWriter: true, keepRows });
        for (const batch of chunks(events, 37)) {
          await projector.apply(batch).catch(async (error: unknown) => {
            expect(String(error)).toMatch(/connection lost/);
            await projector.apply(batch);
          });
        }
        expect(transactions).toBeGreaterThan(5);
        expect(await dumpTables(db, schema)).toEqual(pureTables(events));
        await db.dropSchema(schema);
      });

    it('a rebuild whose projector fails while the other still writes returns only when none of its transactions runs', async () => {
      const { db, schema: live } = suite();
      const { events } = generateScenario({ seed: 82, auctions: 8, offersPerAuction: 30, idPrefix: 'settle' });
      await appendInOrder(store, events);
      // Two projectors side by side; from the third transaction on, every other one fails at once (one projector's
      // connection gone) while the others take a while: the failure is seen before the other projector's batch ends.
      let started = 0;
      let active = 0;
      let rejected = false;
      let startedAfter = 0;
      const slow = Object.create(db, {
        transaction: {
          value: async <T>(work: (tx: SqlRunner) => Promise<T>, options?: TransactionOptions): Promise<T> => {
            if (rejected) startedAfter++;
            active++;
            try {
              const n = ++started;
              if (n >= 3 && n % 2 === 1) throw new Error('connection gone');
              await new Promise((resolve) => setTimeout(resolve, 40));
              return await db.transaction(work, options);
            } finally {
              active--;
            }
          },
        },
      }) as ReadModelDb;
      const schema = `${live}_settle`;
      await expect(rebuildReadModels({ store, db: slow, schema, batchSize: 100, parallelism: 2 })).rejects.toThrow(/connection gone/);
      rejected = true;
      expect(active).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(startedAfter).toBe(0);
      await db.dropSchema(`${schema}_next`);
    });

    it('a rebuild that fails leaves the live read models serving as they were, and the next rebuild swaps in', async () => {
      const { db, schema: live } = suite();
      // This test feeds its own live projector: the first test's subscription stops here.
      await subscription?.close();
      subscription = undefined;
      const { events } = generateScenario({ seed: 80, auctions: 10, offersPerAuction: 40, idPrefix: 'fail' });
      await appendInOrder(store, events);
      const all = await readEverything(store);
      const projector = await projectInto(db, live, chunks(all, 500));
      const before = await dumpTables(db, live);
      let reads = 0;
      const failing = Object.create(store, {
        readAll: { value: (after: number, limit: number) => (++reads === 3 ? Promise.reject(new Error('store went away')) : store.readAll(after, limit)) },
      }) as typeof store;
      await expect(rebuildReadModels({ store: failing, db, schema: live, batchSize: 200, pauseLive: () => projector.pause() })).rejects.toThrow(/store went away/);
      expect(await dumpTables(db, live)).toEqual(before);
      const queries = new AuctionReadModel(db, { schema: live });
      await expect(queries.running({ idUser: 'dealer-1', roles: ['BUYER'] }, { limit: 10, offset: 0 })).resolves.toBeDefined();
      expect(await db.schemaExists(`${live}_old`)).toBe(false);
      // The live projector was not paused by the failed rebuild: it still applies what comes.
      const more = generateScenario({ seed: 81, auctions: 2, offersPerAuction: 10, idPrefix: 'fail2' }).events;
      await appendInOrder(store, more);
      const head = await store.headPosition();
      for (const batch of chunks((await readEverything(store)).filter((e) => e.position > all.at(-1)!.position), 100)) await projector.apply(batch);
      expect(projector.position).toBe(head);
      await rebuildReadModels({ store, db, schema: live, batchSize: 200, pauseLive: () => projector.pause() });
      expect(await dumpTables(db, live)).toEqual(pureTables(await readEverything(store)));
      expect(await db.schemaExists(`${live}_next`)).toBe(false);
    });
  });
}
