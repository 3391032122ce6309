import pg from 'pg';
import { SqlEventStore, type SqlEventStoreOptions } from './internal/sql-event-store.js';
import type { SqlExecutor, SqlQueryable } from './internal/sql-executor.js';

/** Options of the PostgreSQL adapter. */
export interface PostgresEventStoreOptions extends SqlEventStoreOptions {
  /** Extra `pg` Pool settings (the connection string is given separately). */
  pool?: Omit<pg.PoolConfig, 'connectionString'>;
}

/**
 * Event store on PostgreSQL through a `pg` Pool. Appends are group-committed: concurrent
 * `append` calls share one transaction. Global-log reads hide transactions that may still commit
 * (see `internal/sql-schema.ts`), so a caught-up reader never misses an event.
 */
export class PostgresEventStore extends SqlEventStore {
  constructor(connectionString: string, options: PostgresEventStoreOptions = {}) {
    super('postgres', new PgPoolExecutor(new pg.Pool({ max: 10, ...options.pool, connectionString })), options);
  }
}

class PgPoolExecutor implements SqlExecutor {
  constructor(private readonly pool: pg.Pool) {
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => {});
  }

  async query<R>(text: string, params?: unknown[]): Promise<R[]> {
    const result = await this.pool.query(text, params);
    return result.rows as R[];
  }

  async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const tx: SqlQueryable = {
      query: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[],
    };
    try {
      await client.query('BEGIN');
      const result = await work(tx);
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

  async close(): Promise<void> {
    await this.pool.end();
  }
}
