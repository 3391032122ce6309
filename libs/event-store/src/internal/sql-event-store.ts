import {
  CommitOutcomeUnknownError, type AppendChain, type AppendResult, type EventStore, type NewEvent, type ReadAllOptions, type ReadStreamOptions,
  type StoredEvent, type StreamAppend, type Subscription, type SubscriptionHandler,
} from '../event-store.port.js';
import { breakChains, prepareUnit, type UnitOutcome } from './append-unit.js';
import { GroupCommitter, type FlushHooks, type GroupCommitStats } from './group-commit.js';
import { startPollingSubscription, Wakeup } from './polling-subscription.js';
import { RecentEvents, type WrittenRows } from './recent-events.js';
import { flushSize, writeUnits } from './sql-append.js';
import { isRetryableSqlError, type SqlExecutor } from './sql-executor.js';
import { eventStoreSql, type EventStoreSql } from './sql-schema.js';

/** How long a flush that failed before its COMMIT tries to end its session (see `endSession`). */
const END_SESSION_MS = 5_000;
/** The pause between two questions to a database that did not answer (`endSession`, `committedAfterAll`). */
const ASK_AGAIN_MS = 100;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Default of {@link SqlEventStoreOptions.commitCheckMs}: a PostgreSQL restart. */
export const DEFAULT_COMMIT_CHECK_MS = 30_000;

/** Options shared by the SQL adapters. */
export interface SqlEventStoreOptions {
  /** PostgreSQL schema holding `streams` and `events` (default `event_store`); tests use one per run. */
  schema?: string;
  /** Most events written by one group-commit flush (default 1000). */
  maxBatchEvents?: number;
  /** How often a caught-up subscription polls (default 100 ms; in-process commits wake it at once). */
  pollIntervalMs?: number;
  /** Most events handed to a subscription handler at once (default 500). */
  subscriptionBatchSize?: number;
  /** Where subscription read/handler errors go (default `console.error`). */
  onSubscriptionError?: (error: unknown) => void;
  /**
   * This store is the only writer of its log (PGlite: one process holds the database): reads of the log's tail
   * (subscriptions catching up) are served from the events this process committed, see {@link RecentEvents}.
   */
  soleWriter?: boolean;
  /**
   * How long a flush whose COMMIT got no answer (the connection dropped) asks the database whether it committed, before
   * its appends fail with {@link CommitOutcomeUnknownError} (default {@link DEFAULT_COMMIT_CHECK_MS}, 30 s: a PostgreSQL restart).
   */
  commitCheckMs?: number;
}

interface EventRow {
  position: string | number;
  stream_id: string;
  stream_version: number;
  type: string;
  data: Record<string, unknown>;
  /** Absent when read `withoutMetadata`. */
  metadata?: Record<string, unknown>;
  schema_version: number;
  /** Epoch milliseconds (float8: a number from pg, a number or string from PGlite). */
  recorded_ms: number | string;
}

/** What tells how far a reader may go (see `pageSql` in sql-schema.ts); xid8 values come as decimal strings. */
interface PageRow {
  position: string | number;
  xid: string;
  open_below: string | null;
}

const MAX_ATTEMPTS = 5;
/** Positions read per query by `headPosition` past the settled head. */
const HEAD_PAGE = 10_000;

/** The event store on SQL, shared by the PostgreSQL and PGlite adapters through a {@link SqlExecutor}. */
export class SqlEventStore implements EventStore {
  private readonly sql: EventStoreSql;
  private readonly committer: GroupCommitter;
  /** Wakes this process's caught-up subscriptions (its own commits; another process's, where the adapter hears them). */
  protected readonly wakeup = new Wakeup();
  /** The channel notified at the commit of every flush that wrote events, which other processes listen to (null: none). */
  protected appendedChannel: string | null = null;
  private readonly subscriptions = new Set<Subscription>();
  private readonly recent: RecentEvents | null;
  /** Sole writer: the committed version of every stream this process wrote or read (null: several writers). */
  private readonly versions: Map<string, number> | null;
  private closed = false;

  constructor(
    readonly name: string,
    private readonly executor: SqlExecutor,
    private readonly options: SqlEventStoreOptions = {},
  ) {
    this.sql = eventStoreSql(options.schema ?? 'event_store');
    this.recent = options.soleWriter ? new RecentEvents() : null;
    this.versions = options.soleWriter ? new Map() : null;
    // Several writers lock their streams: the next flush may start once one holds its locks (group-commit.ts).
    this.committer = new GroupCommitter((units, hooks) => this.writeFlush(units, hooks), options.maxBatchEvents ?? 1000, () =>
      this.wakeup.notify(), options.soleWriter ? 1 : 2,
    );
  }

  async init(): Promise<void> {
    await this.executor.transaction(async (tx) => {
      // Concurrent CREATE ... IF NOT EXISTS can still collide in the catalog; one init at a time.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [this.sql.initLockKey]);
      for (const statement of this.sql.ddl) await tx.query(statement);
    });
  }

  async append(streamId: string, expectedVersion: number | 'any', events: NewEvent[], chain?: AppendChain): Promise<AppendResult> {
    const [result] = await this.submit([{ streamId, expectedVersion, events, chain }]);
    return result!;
  }

  appendMulti(appends: StreamAppend[]): Promise<AppendResult[]> {
    return this.submit(appends);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const from = options.fromVersion ?? 1;
    const to = options.toVersion ?? 2_147_483_647;
    const rows = await this.executor.query<EventRow>(this.sql.readStream, [streamId, from, to]);
    return rows.map(toStoredEvent);
  }

  async streamVersion(streamId: string): Promise<number> {
    const [row] = await this.executor.query<{ version: number }>(this.sql.streamVersion, [streamId]);
    return row ? Number(row.version) : 0;
  }

  async readAll(afterPosition: number, limit: number, options?: ReadAllOptions): Promise<StoredEvent[]> {
    const held = this.recent?.read(afterPosition, limit);
    if (held) return held;
    const sql = options?.withoutMetadata ? this.sql.readAllWithoutMetadata : this.sql.readAll;
    const rows = await this.executor.query<EventRow & PageRow>(sql, [afterPosition, limit]);
    return deliverable(rows, afterPosition, limit).map(toStoredEvent);
  }

  /** The position a reader from 0 reaches now: the settled head, then the rows a reader may take after it. */
  async headPosition(): Promise<number> {
    const [row] = await this.executor.query<{ position: string | number }>(this.sql.settledHead);
    let head = row ? Number(row.position) : 0;
    for (;;) {
      const rows = await this.executor.query<PageRow>(this.sql.readPositions, [head, HEAD_PAGE]);
      const taken = deliverable(rows, head, HEAD_PAGE);
      if (taken.length > 0) head = Number(taken.at(-1)!.position);
      if (taken.length < HEAD_PAGE) return head;
    }
  }

  subscribe(afterPosition: number, handler: SubscriptionHandler): Subscription {
    if (this.closed) throw new Error(`${this.name} event store is closed`);
    const inner = startPollingSubscription(afterPosition, handler, {
      read: (after, limit) => this.readAll(after, limit),
      wakeup: this.wakeup,
      pollIntervalMs: this.options.pollIntervalMs ?? 100,
      batchSize: this.options.subscriptionBatchSize ?? 500,
      onError: this.options.onSubscriptionError ?? ((error) => console.error(`[${this.name}] subscription`, error)),
    });
    const subscription: Subscription = {
      close: async () => {
        this.subscriptions.delete(subscription);
        await inner.close();
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async listStreams(prefix: string): Promise<string[]> {
    const rows = await this.executor.query<{ stream_id: string }>(this.sql.listStreams, [prefix]);
    return rows.map((row) => row.stream_id);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.committer.drain();
    await this.executor.close();
  }

  /** Group-commit counters: `flushes` is the number of write transactions. */
  stats(): GroupCommitStats {
    return this.committer.stats();
  }

  private submit(appends: StreamAppend[]): Promise<AppendResult[]> {
    try {
      if (this.closed) throw new Error(`${this.name} event store is closed`);
      return this.committer.submit(prepareUnit(appends));
    } catch (error) {
      breakChains(appends, error as Error);
      return Promise.reject(error);
    }
  }

  private async writeFlush(units: Parameters<typeof writeUnits>[2], { locked, beforeCheck, beforeRetry }: FlushHooks): ReturnType<typeof writeUnits> {
    for (let attempt = 1; ; attempt++) {
      let written: WrittenRows | null = null;
      let decided: UnitOutcome[] | null = null;
      let xid: string | null = null;
      try {
        // The positions are reserved by the transaction's first statement, sent with its BEGIN (one round trip less).
        const total = flushSize(units);
        const outcomes = await this.executor.transaction(async (tx, [reserved]) => {
          xid = typeof reserved?.['xid'] === 'string' ? reserved['xid'] : null;
          decided = await writeUnits(tx, this.sql, units, {
            written: (rows) => (written = rows), known: this.versions ?? undefined, channel: this.appendedChannel, reserved, locked, beforeCheck,
          });
          return decided;
        }, total > 0 ? this.sql.reservePositionsOf(total) : undefined);
        this.committed(written);
        return outcomes;
      } catch (error) {
        // The events were written and the transaction failed after that: at its COMMIT. When the connection dropped
        // there, the server may have committed: tried again, the flush would write its appends twice (or refuse them
        // on their versions although they are in the log). The database is asked.
        if (written && decided && xid !== null && await this.committedAfterAll(xid, error)) {
          this.committed(written);
          return decided;
        }
        // Failed before its COMMIT: its session, if the connection dropped on a silent network, lives on (for hours of
        // TCP keepalive) with its streams' locks and its positions, which hold back every reader of the log. Ended.
        if (xid !== null && !(written && decided)) await this.endSession(xid);
        // Deadlocks and racing stream creation from other instances resolve on a second try.
        if (attempt >= MAX_ATTEMPTS || !isRetryableSqlError(error)) throw error;
        await beforeRetry(error as Error);
      }
    }
  }

  /** A flush committed: the subscriptions may read its events from memory, and the next flush knows these versions. */
  private committed(rows: WrittenRows | null): void {
    if (!rows) return;
    this.recent?.add(rows);
    for (const [id, version] of rows.streamVersions) this.versions?.set(id, version);
  }

  /**
   * Ends the session running transaction `xid`, if any; asked again while the database cannot be reached, for
   * {@link END_SESSION_MS} at most (not `commitCheckMs`: the flush's appends, not written, wait for it to fail).
   */
  private async endSession(xid: string): Promise<void> {
    const deadline = Date.now() + Math.min(END_SESSION_MS, this.options.commitCheckMs ?? END_SESSION_MS);
    for (;;) {
      try {
        await this.executor.query(this.sql.endTransactionSession, [xid]);
        return;
      } catch {
        if (Date.now() >= deadline) return;
        await pause(ASK_AGAIN_MS);
      }
    }
  }

  /**
   * Whether transaction `xid`, whose COMMIT failed with `failure`, committed after all: asked until the server is done
   * with it (its session, still `in progress`, is ended), for `commitCheckMs` at most; then
   * {@link CommitOutcomeUnknownError}. A COMMIT the server answered with an error is `aborted`, found at once.
   */
  private async committedAfterAll(xid: string, failure: unknown): Promise<boolean> {
    const deadline = Date.now() + (this.options.commitCheckMs ?? DEFAULT_COMMIT_CHECK_MS);
    let last: unknown = failure;
    for (;;) {
      try {
        const [row] = await this.executor.query<{ status: string | null }>(this.sql.transactionStatus, [xid]);
        if (row?.status === 'committed') return true;
        if (row?.status === 'aborted') return false;
        // Still running: a session whose client is gone (a COMMIT lost on the way, or one the server is still writing).
        // Ended, it commits what it was committing and aborts the rest: either way the next answer is final.
        if (row?.status === 'in progress') await this.executor.query(this.sql.endTransactionSession, [xid]);
      } catch (error) {
        last = error;
      }
      if (Date.now() >= deadline) throw new CommitOutcomeUnknownError(xid, last);
      await pause(ASK_AGAIN_MS);
    }
  }
}

/**
 * The rows after `after` a reader may take (at most `limit`) from a page of `pageSql`: it stops at the first gap that a
 * transaction still in progress may fill, since taking a row after it would skip that position for good.
 */
function deliverable<T extends PageRow>(rows: T[], after: number, limit: number): T[] {
  const taken: T[] = [];
  let expected = after + 1;
  let previousXid = '0'; // the row at `after` is absent (or `after` is 0): any transaction may have reserved the gap
  for (const row of rows) {
    const position = Number(row.position);
    if (position === after) {
      previousXid = row.xid;
      continue;
    }
    if (taken.length === limit) break;
    if (position !== expected && row.open_below !== null && BigInt(row.open_below) >= BigInt(previousXid)) break;
    taken.push(row);
    expected = position + 1;
    previousXid = row.xid;
  }
  return taken;
}

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    streamId: row.stream_id,
    streamVersion: Number(row.stream_version),
    position: Number(row.position),
    type: row.type,
    data: row.data,
    metadata: row.metadata ?? {},
    schemaVersion: Number(row.schema_version),
    recordedAt: new Date(Number(row.recorded_ms)),
  };
}
