import { beforeAll, describe, expect, it } from 'vitest';
import type { PostgresEventStore } from '@auction/event-store';
import { type ReadModelDb, type SqlRunner } from './db/read-model-db.js';
import { dumpTables } from './dump-tables.js';
import { rebuildReadModels } from './rebuild.js';
import { appendInOrder, chunks, projectInto, pureTables, readEverything } from './testing/int-support.test-support.js';
import { generateScenario } from './testing/scenario.test-support.js';
import { postgresSuite } from './testing/postgres-suite.test-support.js';

const suite = postgresSuite('rm_copyrb', { store: true });
const { schema } = suite;
const live = `${schema}_live`;
let db: ReadModelDb;
let store: PostgresEventStore;
beforeAll(() => { ({ db, store } = suite); });

/** `db` whose transactions' COPY fails when `fail()` says so (a connection lost, a disk full: not a unique violation). */
const failingCopies = (fail: () => boolean): ReadModelDb => new Proxy(db, {
  get(target, prop) {
    if (prop === 'transaction') {
      return (fn: (tx: SqlRunner) => Promise<unknown>, options?: unknown) => target.transaction((tx) => fn({
        query: (sql, params) => tx.query(sql, params),
        copyFrom: (sql, text) => (fail() ? Promise.reject(Object.assign(new Error('copy went wrong'), { code: '53100' })) : tx.copyFrom!(sql, text)),
      }), options as never);
    }
    const value = Reflect.get(target, prop, target) as unknown;
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  },
});

describe('a rebuild whose COPY fails on PostgreSQL', () => {
  it.each([
    { when: 'while projecting side by side', failAt: (n: number, paused: boolean) => !paused && n === 7 },
    { when: 'after the live projector was paused, before the swap', failAt: (_n: number, paused: boolean) => paused },
  ])('$when: fails, leaves the live tables serving, the live projector resumed, and the next rebuild swaps in', async ({ failAt }) => {
    const { events } = generateScenario({ seed: 91, auctions: 8, offersPerAuction: 50, idPrefix: `f${Math.random().toString(36).slice(2, 6)}` });
    await appendInOrder(store, events, 500);
    const head = await store.headPosition();
    for (let tries = 0; (await store.readAll(head - 1, 1)).length === 0 && tries < 600; tries++) await new Promise((r) => setTimeout(r, 100));
    const all = await readEverything(store);
    const projector = await projectInto(db, live, chunks(all, 500));
    const before = await dumpTables(db, live);
    let copies = 0;
    let paused = false;
    const broken = failingCopies(() => failAt(++copies, paused));
    await expect(rebuildReadModels({
      store, db: broken, schema: live, batchSize: 150, pauseLive: async () => {
        // Events of new streams come in as the live projector pauses: the last catch-up copies their rows.
        const late = generateScenario({ seed: 93, auctions: 1, offersPerAuction: 5, idPrefix: `p${Math.random().toString(36).slice(2, 6)}` }).events;
        await appendInOrder(store, late);
        const lateHead = await store.headPosition();
        for (let tries = 0; (await store.readAll(lateHead - 1, 1)).length === 0 && tries < 600; tries++) await new Promise((r) => setTimeout(r, 100));
        paused = true;
        return projector.pause();
      },
    })).rejects.toThrow(/copy went wrong/);
    expect(await dumpTables(db, live)).toEqual(before);
    // The live projector still applies what comes (it was resumed).
    const more = generateScenario({ seed: 92, auctions: 1, offersPerAuction: 10, idPrefix: `m${Math.random().toString(36).slice(2, 6)}` }).events;
    await appendInOrder(store, more);
    const newHead = await store.headPosition();
    for (let tries = 0; (await store.readAll(newHead - 1, 1)).length === 0 && tries < 600; tries++) await new Promise((r) => setTimeout(r, 100));
    const rest = (await readEverything(store)).filter((e) => e.position > all.at(-1)!.position);
    await Promise.race([
      (async () => { for (const batch of chunks(rest, 100)) await projector.apply(batch); })(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('live projector still paused')), 10_000)),
    ]);
    expect(projector.position).toBe(newHead);
    await rebuildReadModels({ store, db, schema: live, batchSize: 150, pauseLive: () => projector.pause() });
    expect(await dumpTables(db, live)).toEqual(pureTables(await readEverything(store)));
    expect(await db.schemaExists(`${live}_next`)).toBe(false);
  }, 120_000);
});
