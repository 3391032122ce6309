import type { PROJECTED_TABLES, ProjectedTable } from '../tables/read-model-tables.js';
import type { TableSpec } from '../tables/table-spec.js';

/** The row type of a projected table. */
export type RowOf<T extends ProjectedTable> = (typeof PROJECTED_TABLES)[T] extends TableSpec<infer R> ? R : never;

/** A row's identity within its table: its primary-key values. */
export type RowKey = Readonly<Record<string, string>>;

/** The map key of a primary key. */
export function keyString(key: RowKey, primary: readonly string[]): string {
  if (primary.length === 1) {
    // What the join below gives for one part, without the array (a rebuild keys every event's rows).
    const only = key[primary[0]!] as unknown;
    return only === undefined || only === null ? '' : String(only);
  }
  const parts = primary.map((p) => {
    const part = key[p] as unknown;
    return part === undefined || part === null ? '' : String(part);
  });
  // Parts joined by U+0001; a part holding U+0001 or U+0002 has them escaped by U+0002, so two keys never share a
  // string (joined as is, ('a\u0001b', 'c') and ('a', 'b\u0001c') did: one row in memory, two in the table).
  if (!parts.some((part) => SEPARATOR_OR_ESCAPE.test(part))) return parts.join('\u0001');
  return parts.map((part) => part.replace(/[\u0001\u0002]/g, (c) => `\u0002${c}`)).join('\u0001');
}

const SEPARATOR_OR_ESCAPE = /[\u0001\u0002]/;

/**
 * The rows of one table a batch works on: as loaded, then as projected. Remembers which rows changed and
 * which existed in the database, so the projector writes only upserts of changed rows and deletes of removed ones.
 */
export class TableRows<Row> {
  private readonly rows = new Map<string, Row | undefined>();
  private readonly stored = new Map<string, Row>();
  private readonly dirty = new Set<string>();

  constructor(private readonly primary: readonly string[]) {}

  /** Records a row read from the database. */
  load(row: Row): void {
    const key = keyString(row as RowKey, this.primary);
    this.rows.set(key, row);
    this.stored.set(key, row);
  }

  /** Records a key looked up in the database (or a cache of it) and found absent. */
  loadAbsent(key: RowKey): void {
    const k = keyString(key, this.primary);
    if (!this.rows.has(k)) this.rows.set(k, undefined);
  }

  /** Every row this working set knows, by key string (`undefined`: known absent, or deleted). */
  known(): IterableIterator<[string, Row | undefined]> {
    return this.rows.entries();
  }

  /** Applies a pure projection to the row at `key`; returns the new row. */
  update(key: RowKey, project: (row: Row | undefined) => Row | undefined): Row | undefined {
    const k = keyString(key, this.primary);
    const before = this.rows.get(k);
    const after = project(before);
    if (after !== before) {
      this.rows.set(k, after);
      this.dirty.add(k);
    }
    return after;
  }

  /** The current row at `key`. */
  get(key: RowKey): Row | undefined {
    return this.rows.get(keyString(key, this.primary));
  }

  /**
   * Rows to upsert and stored rows to delete; `fresh` tells which of the upserts were not loaded as stored (absent, or
   * never looked up: a caller that knows its tables held none of them may insert those instead).
   */
  changes(): { upserts: Row[]; deletes: Row[]; fresh: boolean[] } {
    const upserts: Row[] = [];
    const deletes: Row[] = [];
    const fresh: boolean[] = [];
    for (const k of this.dirty) {
      const row = this.rows.get(k);
      if (row !== undefined) {
        upserts.push(row);
        fresh.push(!this.stored.has(k));
      } else if (this.stored.has(k)) deletes.push(this.stored.get(k)!);
    }
    return { upserts, deletes, fresh };
  }
}

/** The working set of a batch: one {@link TableRows} per projected table. */
export type RowSet = { readonly [T in ProjectedTable]: TableRows<RowOf<T>> };
