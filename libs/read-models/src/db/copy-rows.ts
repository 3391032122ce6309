import { ident, qualified, snake, type TableSpec } from '../tables/table-spec.js';
import type { SqlRunner } from './read-model-db.js';
import { upsertRows } from './table-sql.js';

/**
 * Rows inserted with `COPY ... FROM STDIN` (PostgreSQL's text format) instead of the JSON upsert of `table-sql.ts`:
 * PostgreSQL parses a tab-separated line per row instead of a JSON document, and the API writes about half the bytes
 * (no property names). For rows a rebuild knows to be new (its fresh tables, its memory of what it wrote); the same
 * statement is the JSON upsert's wherever COPY cannot say the same thing (PGlite, see `ReadModelDb`; a value below).
 */

const BACKSLASH = /[\\\n\r\t]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * The text of one value as `json_to_recordset` would read it from `JSON.stringify(rows)` (the upsert's way), escaped for
 * COPY's text format; `\N` for SQL NULL; `undefined` when COPY could not store the same value (a string with NUL or a
 * lone surrogate, which the JSON path refuses or stores otherwise; an object in a non-JSON column; a bigint or symbol).
 */
function field(value: unknown, json: boolean): string | undefined {
  // JSON.stringify writes undefined, functions and non-finite numbers as null or leaves the key out: NULL either way.
  if (value === null || value === undefined || typeof value === 'function') return '\\N';
  if (json) {
    const text = JSON.stringify(value);
    return text === undefined ? '\\N' : text === 'null' ? '\\N' : text.includes('\\u0000') ? undefined : escape(text);
  }
  switch (typeof value) {
    case 'string':
      if (value.includes('\0') || !(value as WellFormed).isWellFormed()) return undefined;
      return escape(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : '\\N';
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return undefined;
  }
}

/** `String.prototype.isWellFormed` (ES2024, Node 20+): no lone surrogate. */
type WellFormed = string & { isWellFormed(): boolean };

function escape(text: string): string {
  return BACKSLASH.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c]!) : text;
}

/** The COPY text of `rows` (one line per row, every column of the spec in order), or null when one value cannot be copied. */
export function copyText<Row>(spec: TableSpec<Row>, rows: readonly Row[]): string | null {
  const columns = spec.columns.map((c) => [c.prop, c.type === 'json'] as const);
  let text = '';
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < columns.length; i++) {
      const [prop, json] = columns[i]!;
      const value = field((row as Record<string, unknown>)[prop], json);
      if (value === undefined) return null;
      line += i === 0 ? value : `\t${value}`;
    }
    text += `${line}\n`;
  }
  return text;
}

let savepoints = 0;

/**
 * Inserts rows believed absent from the table. On PostgreSQL (a runner with `copyFrom`) with one `COPY` under a
 * savepoint; if a row was there after all (a unique violation), or a value cannot be copied, or on PGlite, the JSON
 * upsert stores them instead: the table ends as {@link upsertRows} would leave it in every case.
 */
export async function insertRows<Row>(tx: SqlRunner, schema: string, spec: TableSpec<Row>, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const text = tx.copyFrom ? copyText(spec, rows) : null;
  if (text === null) return upsertRows(tx, schema, spec, rows);
  const columns = spec.columns.map((c) => ident(snake(c.prop))).join(', ');
  const name = `copy_${++savepoints}`;
  await tx.query(`SAVEPOINT ${name}`);
  try {
    await tx.copyFrom!(`COPY ${qualified(schema, spec)} (${columns}) FROM STDIN`, text);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== '23505') throw error;
    await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
    await tx.query(`RELEASE SAVEPOINT ${name}`);
    return upsertRows(tx, schema, spec, rows);
  }
  await tx.query(`RELEASE SAVEPOINT ${name}`);
}
