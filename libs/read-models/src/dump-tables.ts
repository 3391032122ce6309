import type { SqlRunner } from './db/read-model-db.js';
import { fromDb, selectList } from './db/table-sql.js';
import { ALL_TABLES } from './tables/read-model-tables.js';
import { ident, qualified, snake } from './tables/table-spec.js';

/** Every read-model table of a schema: table name → rows (as the projections see them) in primary-key order. */
export type TableDump = Record<string, Record<string, unknown>[]>;

/**
 * Reads every table of a read-model schema in a canonical order (primary key, byte order), so two
 * schemas built from the same events compare equal with a deep equality, whatever the delivery order.
 */
export async function dumpTables(db: SqlRunner, schema: string): Promise<TableDump> {
  const dump: TableDump = {};
  for (const spec of ALL_TABLES) {
    const textual = (p: string) => spec.columns.find((c) => c.prop === p)?.type === 'text';
    const order = spec.primary.map((p) => `t.${ident(snake(p))}${textual(p) ? ' COLLATE "C"' : ''}`).join(', ');
    const rows = await db.query<Record<string, unknown>>(`SELECT ${selectList(spec)} FROM ${qualified(schema, spec)} t ORDER BY ${order}`);
    dump[spec.table] = rows.map((r) => fromDb(spec, r) as Record<string, unknown>);
  }
  return dump;
}

/** The tables whose rows differ between two schemas (empty when the read models are equal). */
export async function compareReadModels(db: SqlRunner, schemaA: string, schemaB: string): Promise<string[]> {
  const [a, b] = [await dumpTables(db, schemaA), await dumpTables(db, schemaB)];
  return Object.keys(a).filter((t) => JSON.stringify(a[t]) !== JSON.stringify(b[t]));
}
