import { ident, qualified, snake, sqlType, type TableSpec } from '../tables/table-spec.js';
import type { SqlRunner } from './read-model-db.js';

/**
 * Set-based SQL over a {@link TableSpec}: every statement takes ONE parameter, the rows or keys as a JSON
 * array read with `json_to_recordset`, so a batch of any size is one round trip per table and the same
 * text works on `pg` and PGlite (no array serializers involved).
 */

const JSON_PARAM = '$1::text::json';

function recordset<Row>(spec: TableSpec<Row>, props: readonly string[]): string {
  const types = new Map(spec.columns.map((c) => [c.prop as string, sqlType(c.type)]));
  return `json_to_recordset(${JSON_PARAM}) AS x(${props.map((p) => `${ident(p)} ${types.get(p)}`).join(', ')})`;
}

/** `SELECT` of every column, aliased to its property. */
export function selectList<Row>(spec: TableSpec<Row>, alias = 't'): string {
  return spec.columns.map((c) => `${alias}.${ident(snake(c.prop))} AS ${ident(c.prop)}`).join(', ');
}

/** Converts a row read with {@link selectList}: bigints to numbers, instants to ISO strings. */
export function fromDb<Row>(spec: TableSpec<Row>, raw: Record<string, unknown>): Row {
  for (const c of spec.columns) {
    const v = raw[c.prop];
    if (v === null || v === undefined) continue;
    if (c.type === 'bigint') raw[c.prop] = Number(v);
    else if (c.type === 'instant') raw[c.prop] = v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString();
    else if (c.type === 'double' && typeof v !== 'number') raw[c.prop] = Number(v);
  }
  return raw as Row;
}

/**
 * One index lookup per key: a LATERAL subquery with LIMIT cannot be flattened into a join, so the planner
 * never swaps it for a hash join over the whole table (which it did on tables whose statistics lag behind
 * a rebuild, making each batch cost as much as the table is big).
 */
function lookup<Row>(schema: string, spec: TableSpec<Row>, columns: string): string {
  const where = spec.primary.map((p) => `k.${ident(snake(p))} = x.${ident(p)}`).join(' AND ');
  return `${recordset(spec, spec.primary)} CROSS JOIN LATERAL (SELECT ${columns} FROM ${qualified(schema, spec)} k WHERE ${where} LIMIT 1) t`;
}

/** Reads the rows with the given primary keys (one statement, one index lookup per key). */
export async function loadRows<Row>(tx: SqlRunner, schema: string, spec: TableSpec<Row>, keys: readonly object[]): Promise<Row[]> {
  if (keys.length === 0) return [];
  const rows = await tx.query<Record<string, unknown>>(`SELECT ${selectList(spec)} FROM ${lookup(schema, spec, 'k.*')}`, [JSON.stringify(keys)]);
  return rows.map((r) => fromDb(spec, r));
}

/** Inserts or replaces rows (one multi-row statement). Rows must have distinct primary keys. */
export async function upsertRows<Row>(tx: SqlRunner, schema: string, spec: TableSpec<Row>, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const props = spec.columns.map((c) => c.prop as string);
  const cols = props.map((p) => ident(snake(p))).join(', ');
  const rest = props.filter((p) => !spec.primary.includes(p as never));
  const onConflict = rest.length === 0
    ? 'DO NOTHING'
    : `DO UPDATE SET ${rest.map((p) => `${ident(snake(p))} = EXCLUDED.${ident(snake(p))}`).join(', ')}`;
  const pk = spec.primary.map((p) => ident(snake(p))).join(', ');
  const sql = `INSERT INTO ${qualified(schema, spec)} (${cols}) SELECT ${props.map(ident).join(', ')} FROM ${recordset(spec, props)} ` +
    `ON CONFLICT (${pk}) ${onConflict}`;
  await tx.query(sql, [JSON.stringify(rows)]);
}

/** Deletes rows by primary key (one statement; found by index, deleted by tuple id). */
export async function deleteRows<Row>(tx: SqlRunner, schema: string, spec: TableSpec<Row>, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const keys = rows.map((r) => Object.fromEntries(spec.primary.map((p) => [p, r[p]])));
  await tx.query(`DELETE FROM ${qualified(schema, spec)} WHERE ctid = ANY(ARRAY(SELECT t.ctid FROM ${lookup(schema, spec, 'k.ctid')}))`,
    [JSON.stringify(keys)]);
}
