import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore, type StoredEvent } from '@auction/event-store';
import { insertRows } from './db/copy-rows.js';
import { type ReadModelDb, type SqlRunner } from './db/read-model-db.js';
import { upsertRows } from './db/table-sql.js';
import { dumpTables } from './dump-tables.js';
import { rebuildReadModels } from './rebuild.js';
import type { OfferRow, VehicleRecordRow } from './rows.js';
import { offersTable, vehicleRecordsTable } from './tables/read-model-tables.js';
import type { TableSpec } from './tables/table-spec.js';
import { appendInOrder, pureTables, readEverything } from './testing/int-support.test-support.js';
import { generateScenario } from './testing/scenario.test-support.js';
import { postgresSuite } from './testing/postgres-suite.test-support.js';

const suite = postgresSuite('rm_copy');
const { databaseUrl, schema } = suite;
let db: ReadModelDb;
beforeAll(() => { db = suite.db; });

/** Quotes, tabs, newlines, backslashes, COPY's own markers, accents, CJK and an astral character. */
const HOSTILE = ` '"\t\n\r\\ \\N \\. \\\\t ,;| é 漢字 🚀 \u00a0`;

const offer = (i: number, o: Partial<OfferRow> = {}): OfferRow => ({
  idOffer: `o${i}${HOSTILE}`, idLot: `l${HOSTILE}`, idAuction: `a${HOSTILE}`, idUser: `u${i}${HOSTILE}`, amount: 12.34,
  clickAndBuy: i % 2 === 0, placedAt: '2026-11-27T00:00:00.123Z', position: i, ...o,
});

const record = (i: number, o: Partial<VehicleRecordRow> = {}): VehicleRecordRow => ({
  idVehicle: `v${i}${HOSTILE}`, provenance: HOSTILE, idLoader: 'l', status: 'STOCK', published: true, holderRole: 'LOADER', holderUserId: HOSTILE,
  licensePlate: `P${i}`, frame: `F${i}\\`, brand: HOSTILE, model: 'm', version: null, firstRegistration: '2020-01', mileageKm: 2147483647, fuel: 'D',
  gearbox: 'M', powerKw: -2147483648, colour: null, damageTotal: 1.7976931348623157e308, channel: 'c', area: 'a', region: 'r',
  appraisal: { notes: HOSTILE, grade: 'A', nested: [1.5, null, true, { q: '"\\' }] }, photos: [HOSTILE, 'p2'], documents: [{ idBlob: 'b', kind: HOSTILE }],
  price: 5e-324, auctionsCount: 0, idAuction: null, idLot: null, idShowcase: null, soldUserId: null, soldPrice: -0, soldAt: null,
  insertedAt: '2026-11-27T00:00:00.000Z', loadedPosition: 2 ** 53 - 1, ...o,
});

let copies = 0;
/** `tx` counting its COPY statements in `copies`. */
const counting = (tx: SqlRunner): SqlRunner => ({
  query: (sql, params) => tx.query(sql, params),
  copyFrom: (sql, text) => { copies++; return tx.copyFrom!(sql, text); },
});
/** `db` whose transactions count their COPY statements. */
const countingDb = (): ReadModelDb => new Proxy(db, {
  get(target, prop) {
    if (prop === 'transaction') return (fn: (tx: SqlRunner) => Promise<unknown>, options?: unknown) => target.transaction((tx) => fn(counting(tx)), options as never);
    const value = Reflect.get(target, prop, target) as unknown;
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  },
});

/** Copies `rows` into a fresh schema and upserts them into another; both tables must read back the same. */
async function sameAsUpsert<Row>(spec: TableSpec<Row>, rows: readonly Row[], name: string): Promise<unknown[]> {
  copies = 0;
  for (const s of [`${schema}_${name}_c`, `${schema}_${name}_u`]) {
    await db.dropSchema(s);
    await db.ensureSchema(s);
  }
  const copied = db.transaction(async (tx) => {
    expect(tx.copyFrom).toBeTypeOf('function');
    await insertRows(counting(tx), `${schema}_${name}_c`, spec, rows);
  });
  const upserted = db.transaction((tx) => upsertRows(tx, `${schema}_${name}_u`, spec, rows));
  const [c, u] = await Promise.allSettled([copied, upserted]);
  expect(c.status).toBe(u.status);
  if (c.status === 'rejected' && u.status === 'rejected') {
    expect((c.reason as { code?: string }).code).toBe((u.reason as { code?: string }).code);
    return [];
  }
  const [a, b] = [await dumpTables(db, `${schema}_${name}_c`), await dumpTables(db, `${schema}_${name}_u`)];
  expect(a[spec.table]).toEqual(b[spec.table]);
  return a[spec.table]!;
}

describe('insertRows on PostgreSQL (COPY FROM STDIN): the same rows as the JSON upsert', () => {
  it('hostile strings, extreme integers and doubles, JSON columns, NULLs', async () => {
    const offers = [offer(1), offer(2, { amount: 1e15 + 0.37, placedAt: null }), offer(3, { amount: -0, position: 2 ** 53 - 1 }), offer(4, { amount: Number.NaN as never })];
    const rows = await sameAsUpsert(offersTable, offers.filter((o) => !Number.isNaN(o.amount)), 'offers');
    expect(copies).toBe(1);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => (r as OfferRow).idOffer).sort()).toEqual(offers.slice(0, 3).map((o) => o.idOffer).sort());
    // NaN in a NOT NULL double: NULL in both ways, refused by both alike.
    await sameAsUpsert(offersTable, offers, 'offers_nan');
    const records = await sameAsUpsert(vehicleRecordsTable, [record(1), record(2, { colour: HOSTILE, appraisal: null, soldPrice: Number.POSITIVE_INFINITY })], 'records');
    expect((records[0] as VehicleRecordRow).appraisal).toEqual(record(1).appraisal);
    expect((records[0] as VehicleRecordRow).brand).toBe(HOSTILE);
  });

  it('values COPY cannot say the same way (NUL, a lone surrogate, an object in a text column) go the JSON way, with its outcome', async () => {
    for (const [idUser, name] of [['nul\u0000', 'nul'], ['lone\ud800', 'surrogate'], [{ not: 'text' }, 'object']] as const) {
      await sameAsUpsert(offersTable, [offer(1, { idUser: idUser as never })], name);
      expect(copies).toBe(0);
    }
  });

  it('a row that was there after all (a unique violation) is upserted instead, in the same transaction', async () => {
    const name = `${schema}_dup`;
    await db.ensureSchema(name);
    await db.transaction((tx) => insertRows(tx, name, offersTable, [offer(1), offer(2)]));
    await db.transaction(async (tx: SqlRunner) => {
      await insertRows(tx, name, offersTable, [offer(2, { amount: 99 }), offer(3)]);
      await tx.query(`INSERT INTO "${name}".offers (id_offer, id_lot, id_auction, id_user, amount, click_and_buy, position) VALUES ('after', 'l', 'a', 'u', 1, false, 1)`);
    });
    const rows = (await dumpTables(db, name))['offers'] as unknown as OfferRow[];
    expect(rows.map((r) => [r.idOffer, r.amount])).toEqual([['after', 1], [offer(1).idOffer, 12.34], [offer(2).idOffer, 99], [offer(3).idOffer, 12.34]]);
  });
});

describe('rebuild on PostgreSQL of a log full of hostile strings and huge amounts (its new rows copied)', () => {
  let store: PostgresEventStore;
  beforeAll(async () => {
    store = new PostgresEventStore(databaseUrl, { schema: `${schema}_events` });
    await store.init();
  });
  afterAll(async () => {
    await store.close();
  });

  it('equals one pure pass of the projections', async () => {
    const { events } = generateScenario({ seed: 2027, auctions: 12, offersPerAuction: 60, dealers: 6, showcases: 3, vehiclesPerShowcase: 10 });
    await appendInOrder(store, events.map(hostile), 500);
    const head = await store.headPosition();
    for (let tries = 0; (await store.readAll(head - 1, 1)).length === 0 && tries < 600; tries++) await new Promise((r) => setTimeout(r, 100));
    copies = 0;
    const stats = await rebuildReadModels({ store, db: countingDb(), schema: `${schema}_live`, batchSize: 700 });
    expect(copies).toBeGreaterThan(10);
    const log = await readEverything(store);
    expect(stats.events).toBe(log.length);
    expect(JSON.stringify(log)).toContain('🚀');
    const dump = await dumpTables(db, `${schema}_live`);
    expect(dump).toEqual(pureTables(log));
    expect(dump['offers']!.length).toBeGreaterThan(100);
    expect(JSON.stringify(dump['offers'])).toContain('\\t');
  }, 120_000);
});

/** Text fields and ids get {@link HOSTILE} appended (stream ids alike, so rows keep their streams); money gets huge. */
function hostile(e: StoredEvent): StoredEvent {
  const text = (s: string) => `${s}${HOSTILE}`;
  const TEXT = /^(id[A-Z].*|auctionName|brand|model|licensePlate|frame|message|templateName|description)$/;
  const MONEY = /^(amount|basePrice|minIncrement|reservePrice|buyNowPrice|price)$/;
  const walk = (value: unknown, key: string): unknown => {
    if (typeof value === 'string' && TEXT.test(key)) return text(value);
    if (typeof value === 'number' && MONEY.test(key)) return value * 1e9 + 0.25;
    if (Array.isArray(value)) return value.map((v) => (key === 'lotIds' && typeof v === 'string' ? text(v) : walk(v, '')));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    return value;
  };
  const dash = e.streamId.indexOf('-');
  return { ...e, streamId: `${e.streamId.slice(0, dash + 1)}${text(e.streamId.slice(dash + 1))}`, data: walk(e.data, '') as Record<string, unknown> };
}
