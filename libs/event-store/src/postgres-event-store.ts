import pg from 'pg';
import { idleInTransactionTimeoutOf } from './internal/idle-in-transaction-bound.js';
import { SqlEventStore, type SqlEventStoreOptions } from './internal/sql-event-store.js';
import { isStalePlanError, type SqlExecutor, type SqlQueryable } from './internal/sql-executor.js';

export { idleInTransactionTimeoutOf } from './internal/idle-in-transaction-bound.js';

/** Options of the PostgreSQL adapter. */
export interface PostgresEventStoreOptions extends SqlEventStoreOptions {
  /**
   * Extra `pg` Pool settings (the connection string is given separately, the idle-in-transaction bound by
   * {@link idleInTransactionTimeoutMs}).
   */
  pool?: Omit<pg.PoolConfig, 'connectionString' | 'idle_in_transaction_session_timeout'>;
  /**
   * PostgreSQL's `idle_in_transaction_session_timeout` of the store's sessions (its pool's; the LISTEN session never
   * opens a transaction): a session whose client vanished in the middle of a transaction (a drop before the store
   * learned the transaction's id, so it cannot end it) is ended by the server after this long, and with it the
   * locks of its streams and the positions it reserved, which hold back every reader of the log; without it, it lives
   * until TCP keepalive notices, hours on a silent network. Must exceed `commitCheckMs`: a flush waits, inside its
   * transaction, for the first attempt of the flush before it, which may spend up to `commitCheckMs` asking whether
   * its COMMIT went through. At most 2147483647 (PostgreSQL's limit). Default `commitCheckMs` + 30 s (60 s); 0 leaves the
   * server's setting. A connection string's `idle_in_transaction_session_timeout=` sets it instead (checked the same way).
   */
  idleInTransactionTimeoutMs?: number;
  /**
   * Hear the appends of other processes on the same database (LISTEN/NOTIFY), so their subscriptions wake at once
   * instead of at the next poll (default true). Polling stays the safety net: a lost connection only costs latency.
   */
  listen?: boolean;
  /**
   * How the store's statements are sent (default `named`): `named`, each statement is prepared once per session and
   * then only bound and run; after its first five executions PostgreSQL may keep one generic plan for a read, while a
   * write transaction's statements are planned for their parameters each time (see `BEGIN_CUSTOM_PLANS`); `unnamed`,
   * parsed and planned again at each execution (pg's default). Figures in BENCHMARKS.md ("Prepared statements").
   */
  statements?: StatementMode;
}

/** See {@link PostgresEventStoreOptions.statements}. */
export type StatementMode = 'named' | 'unnamed';

/** How long the listener waits before it connects again after losing its connection. */
const RELISTEN_MS = 1_000;

/**
 * Event store on PostgreSQL through a `pg` Pool. Appends are group-committed: concurrent
 * `append` calls share one transaction. Global-log reads stop before a position that may still commit
 * (see `internal/sql-schema.ts`), so a caught-up reader never misses an event.
 */
export class PostgresEventStore extends SqlEventStore {
  private readonly channel: string;
  private listener: pg.Client | null = null;
  private relistenTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly connectionString: string,
    private readonly pgOptions: PostgresEventStoreOptions = {},
  ) {
    // A startup parameter of its own (not `options: '-c …'`), so the caller's `pool.options` stay as they are; pg does
    // not send 0.
    const pool = new pg.Pool({
      max: 10, ...pgOptions.pool, connectionString, idle_in_transaction_session_timeout: idleInTransactionTimeoutOf(pgOptions, connectionString),
    });
    super('postgres', new PgPoolExecutor(pool, (pgOptions.statements ?? 'named') === 'named'), pgOptions);
    // The schema is a validated lower-case identifier (sql-schema.ts), so the channel is one too.
    this.channel = `${pgOptions.schema ?? 'event_store'}_appended`;
    if (pgOptions.listen !== false) this.appendedChannel = this.channel;
  }

  override async init(): Promise<void> {
    await super.init();
    if (this.pgOptions.listen !== false) await this.listen();
  }

  override async close(): Promise<void> {
    this.stopped = true;
    if (this.relistenTimer) clearTimeout(this.relistenTimer);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
    await super.close();
  }

  /** Connects the LISTEN session; on failure or loss, tries again later (and polls once, for what it missed). */
  private async listen(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.listener === client) this.listener = null;
      client.end().catch(() => {});
      if (!this.stopped) this.relistenTimer = setTimeout(() => void this.listen(), RELISTEN_MS);
    };
    client.on('notification', () => this.wakeup.notify());
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch {
      onLost();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.listener = client;
    this.wakeup.notify();
  }
}

/** At most this many distinct statements are prepared on a session; any others are sent unnamed. */
const MAX_NAMED_STATEMENTS = 64;

/**
 * Names of statements, by their text: a named statement is parsed once per session, where pg's default (unnamed) parses
 * it at every execution. Only statements with parameters are named: the store's are a fixed few per schema; those
 * without (DDL, BEGIN, COMMIT) are sent as they are. pg forgets a name whose Parse failed, and a session whose statement
 * failed is ended, not reused (in a transaction here, otherwise by pg-pool): pg would go on believing parsed a statement
 * that a failed Bind closed (its value could not be serialized).
 */
class StatementNames {
  private readonly names = new Map<string, string>();
  private named = 0;

  constructor(private readonly enabled: boolean) {}

  /** The query to send for `text` with `params`. */
  query(text: string, params: unknown[] | undefined): pg.QueryConfig {
    if (!this.enabled || params === undefined || params.length === 0) return { text, values: params };
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_NAMED_STATEMENTS) {
      name = `event_store_${++this.named}`;
      this.names.set(text, name);
    }
    return name === undefined ? { text, values: params } : { name, text, values: params };
  }

  /**
   * New names from now on, so every session prepares the statements again: after a migration changed the type of a
   * column they return, each session that prepared one before would refuse it once (`isStalePlanError`). Those sessions
   * keep the old ones, unused, until they end (one more set per such migration).
   */
  renew(stale: string | undefined): void {
    // Only once per migration: not again for the sessions' other refusals of names already renewed.
    if (stale !== undefined && [...this.names.values()].includes(stale)) this.names.clear();
  }
}

/**
 * How a write transaction begins when its statements are named: planned for their parameters at each execution (parsed
 * once all the same). PostgreSQL keeps a generic plan with the cost it had when made, until the tables' statistics
 * change: made on a small log that then grows unanalysed (autovacuum off or behind), the write's overtaken check kept
 * scanning the whole log, 9.5 ms a flush at 100,000 events (postgres-plans.int.spec.ts). Reads keep PostgreSQL's
 * choice: their generic plans are index look-ups whatever the size.
 */
const BEGIN_CUSTOM_PLANS = 'BEGIN; SET LOCAL plan_cache_mode = force_custom_plan';

class PgPoolExecutor implements SqlExecutor {
  private readonly statements: StatementNames;
  private readonly begin: string;

  constructor(private readonly pool: pg.Pool, named: boolean) {
    this.statements = new StatementNames(named);
    this.begin = named ? BEGIN_CUSTOM_PLANS : 'BEGIN';
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
    // Nor may a checked-out one (pg-pool removes its listener while the client is out): PostgreSQL restarting between
    // two statements of a transaction would otherwise crash the process with an unhandled 'error' event.
    const handled = new WeakSet<pg.PoolClient>();
    pool.on('acquire', (client) => {
      if (handled.has(client)) return;
      handled.add(client);
      client.on('error', () => {});
    });
  }

  async query<R>(text: string, params?: unknown[]): Promise<R[]> {
    try {
      return await this.run(this.pool, text, params);
    } catch (error) {
      // Once more, under a new name (a read; a flush is tried again by the store, isRetryableSqlError).
      if (!isStalePlanError(error)) throw error;
      return await this.run(this.pool, text, params);
    }
  }

  async transaction<T>(work: (tx: SqlQueryable, opened: Record<string, unknown>[]) => Promise<T>, opening?: string): Promise<T> {
    const client = await this.pool.connect();
    const tx: SqlQueryable = {
      query: <R>(text: string, params?: unknown[]) => this.run<R>(client, text, params),
    };
    try {
      // Without parameters, several statements go in one simple query: one round trip for all, the results in order.
      const begun = await client.query([this.begin, ...(opening === undefined ? [] : [opening])].join('; '));
      const opened = opening === undefined ? [] : ((begun as unknown as pg.QueryResult[]).at(-1)?.rows ?? []);
      const result = await work(tx, opened);
      await client.query('COMMIT');
      client.release();
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      // Destroyed rather than reused: a failure inside reserve_positions could leave its session
      // advisory lock held, and only ending the session releases it for sure.
      client.release(true);
      throw error;
    }
  }

  /** Runs a statement, named or not (`StatementNames`); a name PostgreSQL refused as stale is renewed. */
  private async run<R>(on: pg.Pool | pg.PoolClient, text: string, params: unknown[] | undefined): Promise<R[]> {
    const statement = this.statements.query(text, params);
    try {
      return (await on.query(statement)).rows as R[];
    } catch (error) {
      if (isStalePlanError(error)) this.statements.renew(statement.name);
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
