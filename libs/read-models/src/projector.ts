import type { StoredEvent } from '@auction/event-store';
import { insertRows } from './db/copy-rows.js';
import { deleteRows, loadRows, upsertRows } from './db/table-sql.js';
import type { ReadModelDb, SqlRunner } from './db/read-model-db.js';
import { emptyRowSet, isProjectedStream, projectEvent, rowsTouchedBy } from './projections/project-event.js';
import { keyString, type RowKey, type RowSet, type TableRows } from './projections/row-set.js';
import type { ParkedEventRow } from './rows.js';
import { checkpointsTable, parkedEventsTable, PROJECTED_TABLES, type ProjectedTable } from './tables/read-model-tables.js';
import { qualified, type TableSpec } from './tables/table-spec.js';

/** Options of a {@link Projector}. */
export interface ProjectorOptions {
  readonly db: ReadModelDb;
  /** Schema written to; default the database's live schema. */
  readonly schema?: string;
  /** Name of this projection in the checkpoint table; default `read_models`. */
  readonly projection?: string;
  /** Lifts an old event schema version to the current one before projecting (the API's upcasters); default identity. */
  readonly upcast?: (event: StoredEvent) => StoredEvent;
  /**
   * This projector created the schema empty and is the only writer of its streams there (a rebuild): its
   * memory of the checkpoints is complete, so they are not read back from the database.
   */
  readonly soleWriter?: boolean;
  /**
   * With `soleWriter` (a rebuild): up to this many rows (and rows known absent) of the tables events read back are kept
   * in memory after each commit, so a later batch touching them reads nothing from the database. Only committed rows are
   * kept (a failed transaction changes nothing here); past the bound the memory is forgotten and rows are read again.
   * Default 0: none.
   */
  readonly keepRows?: number;
  /**
   * This projector is the only one writing the schema's checkpoints (the embedded default: one process): a stream's
   * checkpoint is read from the database once, then known from memory. A rebuild that swaps the tables pauses this
   * projector first ({@link Projector.pause}), which forgets what it knew.
   */
  readonly cacheCheckpoints?: boolean;
  /** Told of each event parked (logs, metrics). */
  readonly onParked?: (row: ParkedEventRow) => void;
}

/** A projection function threw on an event: the event's fault, never the database's. */
class ProjectionFault extends Error {
  constructor(readonly event: StoredEvent, cause: unknown) {
    super(`${event.type} at ${event.position}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ProjectionFault';
  }
}

/**
 * True for a failure that the same events would meet again whatever the moment: a projection that threw, or a
 * value the database refuses (SQLSTATE class 22, data exception: "date/time field value out of range"; class 23,
 * integrity). A lost connection, a deadlock or a shutdown is none of these: that batch is delivered again as it is.
 */
export function isEventFault(error: unknown): boolean {
  if (error instanceof ProjectionFault) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

/**
 * Most streams one projector transaction locks (PostgreSQL, more than one writer): a batch naming more is applied in
 * several transactions, each of consecutive events naming at most this many streams.
 */
export const MAX_LOCKED_STREAMS = 500;

/** The advisory-lock key a swap takes exclusively and every projector transaction on `schema` takes shared. */
export function swapLockKey(schema: string): string {
  return `read-models-swap:${schema}`;
}

/**
 * Applies batches of stored events to the read-model tables of one schema. One batch is one transaction (on
 * PostgreSQL, one per {@link MAX_LOCKED_STREAMS} streams it names):
 * checkpoints and touched rows read with one query per table, pure projections applied in order, rows
 * written back with multi-row upserts and deletes, checkpoints advanced in the same transaction. An event
 * at or below its stream's checkpoint is skipped, so redelivery changes nothing. Batches may mix streams in
 * any order as long as each stream's events come in increasing position. Calls are serialized.
 */
export class Projector {
  readonly schema: string;
  readonly projection: string;
  private readonly applied = new Map<string, number>();
  /** Streams whose checkpoint `applied` holds as the database has it (`cacheCheckpoints`). */
  private readonly checked = new Set<string>();
  private highWater = 0;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly waiters = new Set<{ position: number; resolve: () => void }>();
  /** Committed rows by table and key string, `null` when known absent (`keepRows`). */
  private readonly kept = new Map<ProjectedTable, Map<string, object | null>>();
  private keptCount = 0;

  constructor(private readonly options: ProjectorOptions) {
    this.schema = options.schema ?? options.db.schema;
    this.projection = options.projection ?? 'read_models';
  }

  /** Applies a batch in one transaction (after any batch still running). */
  apply(events: readonly StoredEvent[]): Promise<void> {
    return this.exclusive(() => this.applyNow(events));
  }

  /** Highest position this projector applied or found in its checkpoints (no query: for health checks). */
  get position(): number {
    return this.highWater;
  }

  /** Events this projection parked (oldest first, at most `limit`): those it failed on and went past. */
  async parked(limit = 100, after = 0): Promise<ParkedEventRow[]> {
    const rows = await this.options.db.query<Record<string, unknown>>(
      `SELECT projection, position, stream_id AS "streamId", type, error, parked_at AS "parkedAt" FROM ${qualified(this.schema, parkedEventsTable)} ` +
        'WHERE projection = $1 AND position > $2 ORDER BY position LIMIT $3', [this.projection, after, limit]);
    return rows.map((r) => ({ ...r, position: Number(r['position']) }) as ParkedEventRow);
  }

  /** How many events this projection parked. */
  async parkedCount(): Promise<number> {
    const rows = await this.options.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM ${qualified(this.schema, parkedEventsTable)} WHERE projection = $1`, [this.projection]);
    return Number(rows[0]?.n ?? 0);
  }

  /** Last position applied to a stream, as far as this projector knows (0 when unknown). */
  appliedPosition(streamId: string): number {
    return this.applied.get(streamId) ?? 0;
  }

  /** Highest position in the checkpoints of this projection: where a globally ordered subscription resumes. */
  async resumePosition(): Promise<number> {
    const rows = await this.options.db.query<{ max: string | number | null }>(
      `SELECT max(position) AS max FROM ${qualified(this.schema, checkpointsTable)} WHERE projection = $1`, [this.projection]);
    const max = Number(rows[0]?.max ?? 0);
    if (max > this.highWater) this.highWater = max;
    return max;
  }

  /**
   * Resolves once this projector has applied an event at or after `position`, or after `timeoutMs`
   * (read-your-writes when events are delivered in global order, as the in-process transport does).
   */
  waitFor(position: number, timeoutMs = 5000): Promise<void> {
    if (position <= this.highWater) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = { position, resolve: () => { clearTimeout(timer); this.waiters.delete(waiter); resolve(); } };
      const timer = setTimeout(waiter.resolve, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  /**
   * Waits for the running batch, then holds every later one until the returned function is called
   * (a rebuild pauses the live projector this way while it swaps schemas).
   */
  pause(): Promise<() => void> {
    let resume!: () => void;
    const gate = new Promise<void>((resolve) => (resume = resolve));
    const idle = this.exclusive(async () => {});
    this.tail = this.tail.then(() => gate);
    // Whoever paused may swap the tables: checkpoints are read back from the database after the resume.
    return idle.then(() => () => {
      this.checked.clear();
      resume();
    });
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work);
    this.tail = run.catch(() => {});
    return run;
  }

  /**
   * One transaction for the batch (on PostgreSQL, one for each run of it naming at most {@link MAX_LOCKED_STREAMS}
   * streams). When it fails through an event's fault ({@link isEventFault}) the batch is split in
   * halves and each applied again, down to the one event at fault, which is parked: recorded in `parked_events` with
   * its stream's checkpoint moved past it, in one transaction. So one bad event costs a few transactions, and every
   * other event (its own stream's later ones too) is projected.
   */
  private async applyNow(batch: readonly StoredEvent[]): Promise<void> {
    const fresh = batch.filter((e) => isProjectedStream(e.streamId) && e.position > this.appliedPosition(e.streamId));
    if (fresh.length === 0) return;
    if (this.locksStreams) {
      const parts = byStreamCount(fresh, MAX_LOCKED_STREAMS);
      if (parts.length > 1) {
        for (const part of parts) await this.applyNow(part);
        return;
      }
    }
    let positions: Map<string, number>;
    try {
      const applied = await this.options.db.transaction((tx) => this.applyInTransaction(tx, fresh), { savepoint: true });
      positions = applied.positions;
      if (applied.rows) this.keep(applied.rows);
    } catch (error) {
      if (!isEventFault(error)) throw error;
      if (fresh.length > 1) {
        const half = Math.ceil(fresh.length / 2);
        await this.applyNow(fresh.slice(0, half));
        await this.applyNow(fresh.slice(half));
        return;
      }
      const event = fresh[0]!;
      const row: ParkedEventRow = {
        projection: this.projection, position: event.position, streamId: event.streamId, type: event.type,
        error: (error instanceof Error ? error.message : String(error)).slice(0, 2000), parkedAt: new Date().toISOString(),
      };
      positions = await this.options.db.transaction((tx) => this.park(tx, event, row), { savepoint: true });
      if (positions.get(event.streamId) === event.position) this.options.onParked?.(row);
    }
    this.advance(positions);
  }

  private advance(positions: Map<string, number>): void {
    for (const [streamId, position] of positions) if (position > this.appliedPosition(streamId)) this.applied.set(streamId, position);
    for (const position of positions.values()) if (position > this.highWater) this.highWater = position;
    for (const w of [...this.waiters]) if (w.position <= this.highWater) w.resolve();
  }

  /** Remembers the committed rows of a batch (`keepRows`); forgets everything past the bound. */
  private keep(rows: RowSet): void {
    for (const table of Object.keys(PROJECTED_TABLES) as ProjectedTable[]) {
      if (!READ_BACK.has(table)) continue;
      let byKey = this.kept.get(table);
      if (!byKey) this.kept.set(table, (byKey = new Map()));
      for (const [k, row] of (rows[table] as TableRows<object>).known()) {
        if (!byKey.has(k)) this.keptCount++;
        byKey.set(k, row ?? null);
      }
    }
    if (this.keptCount > (this.options.keepRows ?? 0)) {
      this.kept.clear();
      this.keptCount = 0;
    }
  }

  private async applyInTransaction(tx: SqlRunner, batch: readonly StoredEvent[]): Promise<{ positions: Map<string, number>; rows?: RowSet }> {
    // PGlite is one session, whose transactions run one at a time and never wait for their own locks, and it does
    // not flush its WAL: the swap lock and the commit setting below are for PostgreSQL.
    if (this.options.db.kind !== 'pglite') {
      await tx.query('SELECT pg_advisory_xact_lock_shared(hashtext($1))', [swapLockKey(this.schema)]);
      // A read model is rebuilt from the log and its checkpoints commit with its rows: a crash may lose the
      // last commits, which are then delivered again, never a half of one. No need to wait for the WAL flush.
      await tx.query('SET LOCAL synchronous_commit TO OFF');
    }
    const streamIds = [...new Set(batch.map((e) => e.streamId))].sort();
    if (this.locksStreams) {
      // Two projectors may hold the same events at once: a Kafka partition that moves to the other instance while the
      // old owner still applies the messages it read (two-instances.e2e, a broker restart). Unlocked, both read the
      // same checkpoint and rows: the event was applied twice (offersCount one too high), or the later commit wrote
      // its older rows and checkpoint over the other's (an update lost for good). Each stream's checkpoint and rows
      // are read and written under a lock of that stream, taken in one order (of the keys) by every projector, so the
      // second reads what the first committed and skips it.
      await this.lockStreams(tx, streamIds);
    }
    if (this.options.cacheCheckpoints) await this.checkUnknown(tx, streamIds);
    const checkpoints = this.options.soleWriter || this.options.cacheCheckpoints
      ? new Map(streamIds.filter((id) => this.applied.has(id)).map((id) => [id, this.applied.get(id)!]))
      : await this.loadCheckpoints(tx, streamIds);
    // Every row belongs to one stream (its events alone write it, with its checkpoint): a stream without a
    // checkpoint has no rows yet, so nothing of it needs loading. During a rebuild that is most of them.
    const known = new Set(checkpoints.keys());
    const events: StoredEvent[] = [];
    for (const e of batch) {
      if (e.position <= (checkpoints.get(e.streamId) ?? 0)) continue;
      checkpoints.set(e.streamId, e.position);
      events.push(this.options.upcast ? this.options.upcast(e) : e);
    }
    if (events.length === 0) return { positions: checkpoints };
    const changed = new Map(events.map((e) => [e.streamId, e.position]));
    const rows = emptyRowSet();
    const keys = new Map<ProjectedTable, Map<string, RowKey>>();
    const touched = events.map((e) => {
      try {
        return rowsTouchedBy(e);
      } catch (error) {
        throw new ProjectionFault(e, error);
      }
    });
    for (const [i, e] of events.entries()) {
      if (!known.has(e.streamId)) continue;
      for (const ref of touched[i]!) {
        let byKey = keys.get(ref.table);
        if (!byKey) keys.set(ref.table, (byKey = new Map()));
        byKey.set(keyString(ref.key, PROJECTED_TABLES[ref.table].primary), ref.key);
      }
    }
    const keepRows = this.options.soleWriter && (this.options.keepRows ?? 0) > 0;
    for (const [table, byKey] of keys) {
      const tableRows = rows[table] as TableRows<object>;
      const kept = keepRows ? this.kept.get(table) : undefined;
      const missing: RowKey[] = [];
      for (const [k, key] of byKey) {
        const row = kept?.get(k);
        if (row === undefined) missing.push(key);
        else if (row === null) tableRows.loadAbsent(key);
        else tableRows.load(row);
      }
      if (missing.length === 0) continue;
      const loaded = await loadRows(tx, this.schema, PROJECTED_TABLES[table] as TableSpec<object>, missing);
      for (const row of loaded) tableRows.load(row);
      if (keepRows) for (const key of missing) tableRows.loadAbsent(key);
    }
    for (const [i, e] of events.entries()) {
      try {
        projectEvent(rows, e, touched[i]);
      } catch (error) {
        throw new ProjectionFault(e, error);
      }
    }
    for (const table of Object.keys(PROJECTED_TABLES) as ProjectedTable[]) {
      const spec = PROJECTED_TABLES[table] as TableSpec<object>;
      const { upserts, deletes, fresh } = (rows[table] as TableRows<object>).changes();
      await deleteRows(tx, this.schema, spec, deletes);
      if (!this.options.soleWriter) {
        await upsertRows(tx, this.schema, spec, upserts);
        continue;
      }
      // A rebuild's fresh tables: a row not loaded as stored is new (its stream had no checkpoint, or the lookup found
      // none), so it is inserted, by COPY on PostgreSQL; insertRows still upserts if one was there (offers are never
      // looked up). Stored rows are upserted as always.
      await upsertRows(tx, this.schema, spec, upserts.filter((_, i) => !fresh[i]));
      await insertRows(tx, this.schema, spec, upserts.filter((_, i) => fresh[i]));
    }
    const checkpointRows = [...changed].map(([streamId, position]) => ({ projection: this.projection, streamId, position }));
    if (this.options.soleWriter) {
      // The rebuild's memory of its checkpoints is complete: a stream without one before this batch has none stored.
      await upsertRows(tx, this.schema, checkpointsTable, checkpointRows.filter((r) => known.has(r.streamId)));
      await insertRows(tx, this.schema, checkpointsTable, checkpointRows.filter((r) => !known.has(r.streamId)));
    } else await upsertRows(tx, this.schema, checkpointsTable, checkpointRows);
    // Every stream of the batch with its position now: applied here, or already applied (by a rebuild) before.
    return { positions: checkpoints, rows: keepRows ? rows : undefined };
  }

  /** True when each transaction locks its streams: on PostgreSQL, where another projector may hold the same events. */
  private get locksStreams(): boolean {
    return this.options.db.kind !== 'pglite' && !this.options.soleWriter;
  }

  /**
   * Takes the transaction-scoped lock of each of `streamIds`, in the two-key space of advisory locks (the swap lock is a
   * one-key lock): the schema and projection, then the stream's hash. In the order of the keys, not of the ids: two
   * streams whose hashes collide share a key, and in id order a projector could take key X then Y while another takes
   * Y then X (a deadlock, the batch failed and delivered again). In key order every projector takes them in one order.
   */
  private async lockStreams(tx: SqlRunner, streamIds: readonly string[]): Promise<void> {
    await tx.query(
      'SELECT pg_advisory_xact_lock(hashtext($1), k) FROM (SELECT DISTINCT hashtext(s) AS k FROM unnest($2::text[]) AS s ORDER BY k) AS keys',
      [`${this.schema}/${this.projection}`, streamIds]);
  }

  /** Records `row`'s event as parked and moves its stream's checkpoint past it (unless another projector already did). */
  private async park(tx: SqlRunner, event: StoredEvent, row: ParkedEventRow): Promise<Map<string, number>> {
    if (this.options.db.kind !== 'pglite') await tx.query('SELECT pg_advisory_xact_lock_shared(hashtext($1))', [swapLockKey(this.schema)]);
    if (this.locksStreams) await this.lockStreams(tx, [event.streamId]);
    const stored = this.options.soleWriter ? 0 : (await this.loadCheckpoints(tx, [event.streamId])).get(event.streamId) ?? 0;
    if (stored >= event.position) return new Map([[event.streamId, stored]]);
    await upsertRows(tx, this.schema, parkedEventsTable, [row]);
    await upsertRows(tx, this.schema, checkpointsTable, [{ projection: this.projection, streamId: event.streamId, position: event.position }]);
    return new Map([[event.streamId, event.position]]);
  }

  /** Reads the checkpoints of streams not checked yet into `applied` (`cacheCheckpoints`). */
  private async checkUnknown(tx: SqlRunner, streamIds: string[]): Promise<void> {
    const unknown = streamIds.filter((id) => !this.checked.has(id));
    if (unknown.length === 0) return;
    for (const [id, position] of await this.loadCheckpoints(tx, unknown)) {
      if (position > this.appliedPosition(id)) this.applied.set(id, position);
    }
    for (const id of unknown) this.checked.add(id);
  }

  private async loadCheckpoints(tx: SqlRunner, streamIds: string[]): Promise<Map<string, number>> {
    const rows = await loadRows(tx, this.schema, checkpointsTable, streamIds.map((streamId) => ({ projection: this.projection, streamId })));
    return new Map(rows.map((r) => [r.streamId, r.position]));
  }
}

/** The tables whose rows a batch reads back before projecting (offers are insert-only, never read back). */
const READ_BACK: ReadonlySet<ProjectedTable> = new Set((Object.keys(PROJECTED_TABLES) as ProjectedTable[]).filter((t) => t !== 'offers'));

/**
 * `events` cut into runs of consecutive events naming at most `max` streams each (so each stream's events stay in order:
 * a later run's come after an earlier run's). The shared lock table of PostgreSQL bounds the locks of one transaction.
 */
function byStreamCount(events: readonly StoredEvent[], max: number): StoredEvent[][] {
  const parts: StoredEvent[][] = [];
  let part: StoredEvent[] = [];
  let streams = new Set<string>();
  for (const e of events) {
    if (!streams.has(e.streamId) && streams.size === max) {
      parts.push(part);
      part = [];
      streams = new Set();
    }
    streams.add(e.streamId);
    part.push(e);
  }
  if (part.length > 0) parts.push(part);
  return parts;
}
