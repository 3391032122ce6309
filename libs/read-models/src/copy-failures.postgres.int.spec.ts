import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRows } from './db/copy-rows.js';
import { type ReadModelDb } from './db/read-model-db.js';
import { dumpTables } from './dump-tables.js';
import type { OfferRow } from './rows.js';
import { offersTable } from './tables/read-model-tables.js';
import { postgresSuite } from './testing/postgres-suite.test-support.js';

const suite = postgresSuite('rm_copyfail');
const { databaseUrl, schema } = suite;
let db: ReadModelDb;
beforeAll(() => { db = suite.db; });

const offer = (i: number, o: Partial<OfferRow> = {}): OfferRow => ({
  idOffer: `o${i}`, idLot: `l${'x'.repeat(200)}`, idAuction: 'a', idUser: `u${i}`, amount: 12.34,
  clickAndBuy: false, placedAt: '2026-11-27T00:00:00.123Z', position: i, ...o,
});

const within = <T>(p: Promise<T>, ms: number): Promise<T | 'hung'> =>
  Promise.race([p, new Promise<'hung'>((r) => setTimeout(() => r('hung'), ms))]);

describe('COPY failing midway', () => {
  it('a large COPY whose first row was there already falls back to the upsert: every row stored once', async () => {
    await db.ensureSchema(schema);
    await db.transaction((tx) => insertRows(tx, schema, offersTable, [offer(0)]));
    const rows = Array.from({ length: 150_000 }, (_, i) => offer(i, { amount: i }));
    await db.transaction((tx) => insertRows(tx, schema, offersTable, rows));
    const [{ n, s }] = await db.query<{ n: string; s: number }>(`SELECT count(*) AS n, sum(amount) AS s FROM "${schema}".offers`);
    expect([Number(n), Number(s)]).toEqual([150_000, (149_999 * 150_000) / 2]);
  }, 120_000);

  it('a connection dropped during a COPY fails the transaction (no hang), and the next one works', async () => {
    const rows = Array.from({ length: 300_000 }, (_, i) => offer(1_000_000 + i));
    const outcome = within(db.transaction(async (tx) => {
      const [{ pid }] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // Another connection than the transaction's (a timer here would inherit the transaction's context).
      const killer = new pg.Client({ connectionString: databaseUrl });
      await killer.connect();
      setTimeout(() => { void killer.query('SELECT pg_terminate_backend($1)', [pid]).finally(() => killer.end()); }, 30);
      await insertRows(tx, schema, offersTable, rows);
    }).then(() => 'committed', (e: unknown) => `failed: ${(e as Error).message}`), 60_000);
    expect(await outcome).toMatch(/^failed/);
    await db.transaction((tx) => insertRows(tx, schema, offersTable, [offer(2_000_000)]));
    const dump = (await dumpTables(db, schema))['offers'] as unknown as OfferRow[];
    expect(dump.some((r) => r.idOffer === 'o2000000')).toBe(true);
    expect(dump.some((r) => r.idOffer === 'o1000000')).toBe(false);
  }, 120_000);

  it('a COPY cancelled by statement_timeout fails the transaction, and the next one works', async () => {
    const rows = Array.from({ length: 300_000 }, (_, i) => offer(3_000_000 + i));
    const outcome = within(db.transaction(async (tx) => {
      await tx.query("SET LOCAL statement_timeout = '20ms'");
      await insertRows(tx, schema, offersTable, rows);
    }).then(() => 'committed', (e: unknown) => `failed: ${(e as { code?: string }).code}`), 60_000);
    expect(await outcome).toBe('failed: 57014');
    await db.transaction((tx) => insertRows(tx, schema, offersTable, [offer(4_000_000)]));
    const [{ n }] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".offers WHERE id_offer = 'o4000000'`);
    expect(Number(n)).toBe(1);
  }, 120_000);
});
