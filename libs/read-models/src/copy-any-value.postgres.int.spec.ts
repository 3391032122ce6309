/** Every column of every table, each value of a hostile pool (any type): COPY (or its fallback) stores what the JSON upsert stores, or fails with its code. */
import { beforeAll, expect, it } from 'vitest';
import { insertRows } from './db/copy-rows.js';
import { type ReadModelDb, type SqlRunner } from './db/read-model-db.js';
import { upsertRows } from './db/table-sql.js';
import { ALL_TABLES } from './tables/read-model-tables.js';
import { qualified, type TableSpec } from './tables/table-spec.js';
import { postgresSuite } from './testing/postgres-suite.test-support.js';

const suite = postgresSuite('rm_anyval', { ensureSchema: true });
const { schema } = suite;
let db: ReadModelDb;
beforeAll(() => { db = suite.db; });

const POOL: unknown[] = [
  '', ' ', 'x', ' 1 ', '1', '-0', '0.30000000000000004', '1e400', 'NaN', 'Infinity', '-Infinity', 'infinity', 'true', 'yes', 'on', 'f', 't',
  '\\N', '\\.', 'a\r\nb', 'a\tb', '\\', '\\\\', '🚀', '\ud83d', '\u2028', '0001-01-01T00:00:00Z', '2016-12-31T23:59:60Z', '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z', '2026-11-27T00:00:00+14:00', '0099-01-01T00:00:00.000Z', '12:00', '2026-02-30', '{"a":1}', '[1,2]', 'null', '"q"',
  0, -0, 0.1 + 0.2, 1.5, -1, 1e21, 2 ** 53 + 2, 2 ** 31, -(2 ** 31), 5e-324, Number.NaN, Number.POSITIVE_INFINITY, true, false, null, undefined,
  { a: [1, null, 'x\ty'] }, [], ['\\N'], { n: Number.NaN }, 'x'.repeat(100_000), 'é漢\u00a0',
];

let n = 0;
const pick = (seed: number) => POOL[seed % POOL.length];

async function outcome(spec: TableSpec<object>, row: object, write: (tx: SqlRunner) => Promise<void>): Promise<string> {
  let result = '';
  await db.transaction(async (tx) => {
    try {
      await write(tx);
      const rows = await tx.query<{ j: unknown }>(`SELECT row_to_json(t)::text AS j FROM ${qualified(schema, spec)} t`);
      result = JSON.stringify(rows.map((r) => r.j));
    } catch (e) {
      result = `error ${(e as { code?: string }).code}`;
    }
    throw new Error('rollback');
  }).catch(() => {});
  return result;
}

it('COPY and the JSON upsert agree on any value in any column', async () => {
  const diffs: string[] = [];
  for (const spec of ALL_TABLES as unknown as TableSpec<object>[]) {
    for (const column of spec.columns) {
      for (let v = 0; v < POOL.length; v++) {
        const row: Record<string, unknown> = {};
        for (const c of spec.columns) {
          row[c.prop] = c.type === 'text' ? `k${n++}` : c.type === 'integer' || c.type === 'bigint' || c.type === 'double' ? 1 : c.type === 'boolean' ? true
            : c.type === 'instant' ? '2026-11-27T00:00:00.000Z' : { ok: 1 };
        }
        row[column.prop] = pick(v);
        const copied = await outcome(spec, row, (tx) => insertRows(tx, schema, spec, [row]));
        const upserted = await outcome(spec, row, (tx) => upsertRows(tx, schema, spec, [row]));
        if (copied !== upserted) diffs.push(`${spec.table}.${column.prop} (${column.type}) ${JSON.stringify(pick(v))?.slice(0, 40)}: copy ${copied.slice(0, 200)} / upsert ${upserted.slice(0, 200)}`);
      }
    }
  }
  expect(diffs).toEqual([]);
}, 600_000);
