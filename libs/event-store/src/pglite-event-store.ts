import { PGlite } from '@electric-sql/pglite';
import { SqlEventStore, type SqlEventStoreOptions } from './internal/sql-event-store.js';
import type { SqlExecutor, SqlQueryable } from './internal/sql-executor.js';
import { pgliteStartParams } from './pglite-settings.js';

/** Options of the PGlite adapter. */
export interface PgliteEventStoreOptions extends SqlEventStoreOptions {
  /** Directory of the database files; in memory when omitted. */
  dataDir?: string;
  /**
   * A fresh cluster's files (a `dumpDataDir` tarball) to start an empty `dataDir` from instead of running initdb,
   * which costs seconds of CPU; ignored by PGlite when `dataDir` already holds a database.
   */
  loadDataDir?: Blob;
  /** PostgreSQL's `shared_buffers` (default {@link DEFAULT_PGLITE_SHARED_BUFFERS}). */
  sharedBuffers?: string;
}

/**
 * Event store on PGlite (PostgreSQL in WebAssembly, in process), with the same SQL and group
 * commit as {@link PostgresEventStore}. PGlite is one session, so every statement and transaction
 * goes through one serialized queue. File-backed PGlite does not fsync: a killed process keeps
 * what was committed, a power loss may not.
 */
export class PgliteEventStore extends SqlEventStore {
  constructor(options: PgliteEventStoreOptions = {}) {
    // One process holds a PGlite database: this store is the only writer of its log.
    super('pglite', new PgliteExecutor(new PGlite({
      // One options object: PGlite reads its second argument only when the first is a data folder.
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}), startParams: pgliteStartParams(options.sharedBuffers),
    })), { soleWriter: true, ...options });
  }
}

class PgliteExecutor implements SqlExecutor {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: PGlite) {}

  query<R>(text: string, params?: unknown[]): Promise<R[]> {
    return this.exclusive(async () => (await this.db.query<R>(text, params)).rows);
  }

  transaction<T>(work: (tx: SqlQueryable, opened: Record<string, unknown>[]) => Promise<T>, opening?: string): Promise<T> {
    return this.exclusive(async () => {
      const tx: SqlQueryable = {
        query: async <R>(text: string, params?: unknown[]) => (await this.db.query<R>(text, params)).rows,
      };
      await this.db.query('BEGIN');
      try {
        // In process, a round trip costs nothing: the opening is one more statement.
        const opened = opening === undefined ? [] : (await this.db.query<Record<string, unknown>>(opening)).rows;
        const result = await work(tx, opened);
        await this.db.query('COMMIT');
        return result;
      } catch (error) {
        await this.db.query('ROLLBACK').catch(() => {});
        throw error;
      }
    });
  }

  async close(): Promise<void> {
    await this.exclusive(() => this.db.close());
  }

  /** Runs `work` after everything queued before it: two transactions never interleave on the session. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(async () => {
      // PGlite runs each statement synchronously in this thread: let pending I/O (HTTP requests) run between
      // statements and transactions, or a burst of log reads and appends is one unbroken task.
      await new Promise<void>((resolve) => setImmediate(resolve));
      await this.db.waitReady;
      return work();
    });
    this.tail = run.catch(() => {});
    return run;
  }
}
