import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from './contract.test-support.js';
import { WrongExpectedVersionError } from './event-store.port.js';
import { PgliteEventStore } from './pglite-event-store.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { postgresTestSchema, settleAll, watchTransactionFailures } from './postgres.test-support.js';

/**
 * Attack 45 on the SQL event store's one-statement flush (streams created, locked and read by one upsert; events,
 * versions and the notice by one CTE): ids differing only by Unicode normalization, case or width; two instances
 * appending to overlapping stream sets listed in opposite orders; the notice of a flush that writes nothing. All held.
 */
const { databaseUrl, schema } = postgresTestSchema('es_attack45');

const openPostgres = async (): Promise<PostgresEventStore> => {
  const store = new PostgresEventStore(databaseUrl, { schema, maxBatchEvents: 8, pool: { max: 3 } });
  await store.init();
  return store;
};

describe('attack 45: ids alike to a reader', () => {
  it.each(['postgres', 'pglite'])('keeps ids that differ only by normalization (NFC, NFD), case or width apart: five streams, nothing merged (%s)', async (kind) => {
    const store = kind === 'postgres' ? await openPostgres() : new PgliteEventStore();
    if (store instanceof PgliteEventStore) await store.init();
    const p = `a${randomUUID().slice(0, 8)}-`;
    const ids = [`${p}caf\u00e9`, `${p}cafe\u0301`, `${p}CAF\u00c9`, `${p}\uff43\uff41\uff46\uff45`, `${p}cafe`];
    expect(await settleAll(ids.map((id) => store.append(id, 0, [{ type: 'T', data: { id } }])))).toEqual(ids.map(() => 'ok'));
    // A second round, each expecting version 1: a merged stream would be at 2 or more and refuse all but one.
    expect(await settleAll(ids.map((id) => store.append(id, 1, events(1))))).toEqual(ids.map(() => 'ok'));
    expect((await store.listStreams(p)).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect(await store.streamVersion(id)).toBe(2);
      expect((await store.readStream(id))[0]!.data).toEqual({ id });
    }
    await store.close();
  });
});

describe('attack 45: two PostgreSQL instances, overlapping stream sets in opposite orders', () => {
  it('every unit is written (no deadlock, no lost version): 30 rounds of units of 8 streams, listed forwards on one, backwards on the other', async () => {
    const stores = [await openPostgres(), await openPostgres()];
    const failures: unknown[] = [];
    for (const store of stores) watchTransactionFailures(store, failures);
    try {
      const p = `b${randomUUID().slice(0, 8)}-`;
      const ids = Array.from({ length: 8 }, (_, i) => `${p}${i}`);
      for (let round = 0; round < 30; round++) {
        const units = [ids, [...ids].reverse(), ids.slice(2, 7), ids.slice(1, 6).reverse()].map((order, u) =>
          stores[u % 2]!.appendMulti(order.map((streamId) => ({ streamId, expectedVersion: 'any' as const, events: events(1) }))));
        expect(await settleAll(units)).toEqual(units.map(() => 'ok'));
      }
      // Streams 0 and 7 are in 2 units a round, 1 and 6 in 3, 2 to 5 in 4.
      const expected = [60, 90, 120, 120, 120, 120, 90, 60];
      for (const [s, id] of ids.entries()) expect((await stores[0]!.readStream(id)).map((e) => e.streamVersion)).toEqual(Array.from({ length: expected[s]! }, (_, i) => i + 1));
      // Deadlocks are retried inside the store: none may have happened (without the sorted lock order, some do).
      expect(failures.filter((e) => (e as { code?: string }).code === '40P01')).toEqual([]);
    } finally {
      await Promise.all(stores.map((s) => s.close()));
    }
  }, 20_000);
});

describe('attack 45: the notice of a flush (PostgreSQL)', () => {
  let store: PostgresEventStore;
  let listener: pg.Client;
  const notices: string[] = [];
  beforeAll(async () => {
    store = await openPostgres();
    listener = new pg.Client({ connectionString: databaseUrl });
    await listener.connect();
    listener.on('notification', (n) => notices.push(n.channel));
    await listener.query(`LISTEN ${schema}_appended`);
  });
  afterAll(async () => {
    await listener?.end();
    await store?.close();
  });

  const quiet = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('is sent once for a flush that writes, never for one whose units are all refused or empty', async () => {
    const s = `c${randomUUID().slice(0, 8)}`;
    await store.append(s, 0, events(2));
    await quiet();
    expect(notices).toEqual([`${schema}_appended`]);
    notices.length = 0;
    // Refused (wrong expected versions) and empty appends, in one flush: nothing written, nothing notified.
    const outcomes = await settleAll([store.append(s, 0, events(1)), store.append(s, 5, events(1)), store.append(`${s}-empty`, 'any', [])]);
    expect(outcomes.slice(0, 2).map((o) => o instanceof WrongExpectedVersionError)).toEqual([true, true]);
    await quiet();
    expect(notices).toEqual([]);
    expect(await store.streamVersion(s)).toBe(2);
  });
});
