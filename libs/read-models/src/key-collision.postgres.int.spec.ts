import { beforeAll, describe, expect, it } from 'vitest';
import type { PostgresEventStore, StoredEvent } from '@auction/event-store';
import { type ReadModelDb } from './db/read-model-db.js';
import { dumpTables } from './dump-tables.js';
import { rebuildReadModels } from './rebuild.js';
import { appendInOrder, chunks, projectInto, readEverything } from './testing/int-support.test-support.js';
import { generateScenario } from './testing/scenario.test-support.js';
import { postgresSuite } from './testing/postgres-suite.test-support.js';

const suite = postgresSuite('rm_keys', { store: true });
const { schema } = suite;
let db: ReadModelDb;
let store: PostgresEventStore;
beforeAll(() => { ({ db, store } = suite); });

/** Every string equal to a key of `names` (and the stream id's part after its prefix) renamed. */
function renamed(e: StoredEvent, names: ReadonlyMap<string, string>): StoredEvent {
  const walk = (v: unknown): unknown => (typeof v === 'string' ? names.get(v) ?? v : Array.isArray(v) ? v.map(walk)
    : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)])) : v);
  const dash = e.streamId.indexOf('-');
  const id = e.streamId.slice(dash + 1);
  return { ...e, streamId: `${e.streamId.slice(0, dash + 1)}${names.get(id) ?? id}`, data: walk(e.data) as Record<string, unknown> };
}

describe('rows whose keys of several parts hold the separator U+0001', () => {
  it('are rebuilt as the live projector writes them one event at a time', async () => {
    const { events } = generateScenario({ seed: 31, auctions: 2, offersPerAuction: 30, dealers: 4 });
    const offers = events.filter((e) => e.type === 'OfferPlaced');
    const first = offers[0]!;
    const other = offers.find((e) => e.data['idLot'] !== first.data['idLot'] && e.data['idUser'] !== first.data['idUser'])!;
    const [lot1, user1, lot2, user2] = [first.data['idLot'], first.data['idUser'], other.data['idLot'], other.data['idUser']] as string[];
    // (K\u0001s, u1) and (K, s\u0001u1): joined by U+0001 as they were, the same string.
    const names = new Map([[lot1!, 'K\u0001s'], [lot2!, 'K'], [user2!, `s\u0001${user1}`]]);
    await appendInOrder(store, events.map((e) => renamed(e, names)), 500);
    const head = await store.headPosition();
    for (let tries = 0; (await store.readAll(head - 1, 1)).length === 0 && tries < 600; tries++) await new Promise((r) => setTimeout(r, 100));
    const log = await readEverything(store);
    expect(log.some((e) => e.streamId === 'lot-K\u0001s')).toBe(true);
    await rebuildReadModels({ store, db, schema: `${schema}_live`, batchSize: 5000, parallelism: 1 });
    await projectInto(db, `${schema}_one`, chunks(log, 1));
    const [rebuilt, one] = [await dumpTables(db, `${schema}_live`), await dumpTables(db, `${schema}_one`)];
    expect(rebuilt['dealer_bests']!.length).toBeGreaterThan(1);
    expect(rebuilt).toEqual(one);
  }, 120_000);
});
