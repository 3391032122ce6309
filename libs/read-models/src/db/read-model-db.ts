import { AsyncLocalStorage } from 'node:async_hooks';
import { finished } from 'node:stream/promises';
import pgCopy from 'pg-copy-streams';
import { DataSource, type QueryRunner } from 'typeorm';
import { pgliteStartParams } from '@auction/event-store';
import { ALL_TABLES, readModelEntities } from '../tables/read-model-tables.js';
import { ident, tableDdl } from '../tables/table-spec.js';
import { releasePgliteSlot, serializedPgliteDriver } from './serialized-pglite-pool.js';

/** Something that runs SQL: the database itself or one of its transactions. */
export interface SqlRunner {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /**
   * Runs `COPY ... FROM STDIN` with `text` as its data (PostgreSQL's text format), on a transaction of a PostgreSQL
   * database only: absent elsewhere (PGlite through TypeORM takes no COPY stream), where callers write otherwise.
   */
  copyFrom?(sql: string, text: string): Promise<void>;
}

/** Options of {@link ReadModelDb.transaction}. */
export interface TransactionOptions {
  readonly isolation?: 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';
  readonly readOnly?: boolean;
  /**
   * Inside another transaction, run `work` under a savepoint, so its failure undoes only its own statements and the
   * outer transaction goes on (PostgreSQL otherwise aborts it whole). Only for work run one at a time on the outer one.
   */
  readonly savepoint?: boolean;
}

/** Where the read models live. */
export interface ReadModelDbOptions {
  /** PostgreSQL URL; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory (only without `databaseUrl`); in memory when undefined. */
  dataDir?: string;
  /** PGlite: a fresh cluster's files (a `dumpDataDir` tarball) to start an empty `dataDir` from instead of initdb. */
  loadDataDir?: Blob;
  /** PGlite: PostgreSQL's `shared_buffers` (default `DEFAULT_PGLITE_SHARED_BUFFERS` of @auction/event-store). */
  sharedBuffers?: string;
  /** Schema of the live tables, default `read_model`. */
  schema?: string;
  /** Connections of the PostgreSQL pool, default 10. */
  poolSize?: number;
}

/**
 * A small wrapper around a TypeORM `DataSource` on PostgreSQL (`pg`) or PGlite (`typeorm-pglite`).
 * On PGlite every query runner is exclusive (see `serialized-pglite-pool.ts`), so statements and transactions
 * never interleave on its single session, whoever issues them. A `query` issued while inside `transaction`
 * (same async context) runs in that transaction instead of waiting for a second connection.
 */
export class ReadModelDb implements SqlRunner {
  private readonly current = new AsyncLocalStorage<SqlRunner>();
  private savepoints = 0;

  constructor(
    readonly kind: 'postgres' | 'pglite',
    readonly dataSource: DataSource,
    /** Schema of the live tables. */
    readonly schema: string,
  ) {}

  /** Runs one statement (in the current transaction, if any) and returns its rows. */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]> {
    const tx = this.current.getStore();
    if (tx) return tx.query<R>(sql, params);
    return this.withRunner((qr) => run<R>(qr, sql, params));
  }

  /** Runs `work` in one transaction on one connection; a transaction inside a transaction joins it. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const outer = this.current.getStore();
    if (outer && options.savepoint) return this.underSavepoint(outer, work);
    if (outer) return work(outer);
    return this.withRunner(async (qr) => {
      const tx: SqlRunner = { query: (sql, params) => run(qr, sql, params) };
      if (this.kind === 'postgres') tx.copyFrom = (sql, text) => copyIn(qr, sql, text);
      const mode = [options.isolation ? `ISOLATION LEVEL ${options.isolation}` : '', options.readOnly ? 'READ ONLY' : ''].join(' ');
      await run(qr, `BEGIN ${mode}`.trim());
      try {
        const result = await this.current.run(tx, () => work(tx));
        await run(qr, 'COMMIT');
        return result;
      } catch (error) {
        await run(qr, 'ROLLBACK').catch(() => {});
        throw error;
      }
    });
  }

  private async underSavepoint<T>(outer: SqlRunner, work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    const name = `nested_${++this.savepoints}`;
    await outer.query(`SAVEPOINT ${name}`);
    try {
      const result = await work(outer);
      await outer.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      await outer.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => {});
      throw error;
    }
  }

  /** Creates `schema` (default: the live one) and its tables and indexes if absent. Idempotent. */
  async ensureSchema(schema: string = this.schema): Promise<void> {
    await this.transaction(async (tx) => {
      // Concurrent CREATE ... IF NOT EXISTS can still collide in the catalog: one creator at a time.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`read-models-ddl:${schema}`]);
      await tx.query(`CREATE SCHEMA IF NOT EXISTS ${ident(schema)}`);
      for (const spec of ALL_TABLES) for (const statement of tableDdl(schema, spec)) await tx.query(statement);
    });
  }

  /** Drops a schema and its tables, if present. */
  async dropSchema(schema: string): Promise<void> {
    await this.query(`DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE`);
  }

  /** True when the schema exists. */
  async schemaExists(schema: string): Promise<boolean> {
    const rows = await this.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [schema]);
    return rows.length > 0;
  }

  /** Closes the connections (and the PGlite instance). */
  async close(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }

  private async withRunner<T>(work: (qr: QueryRunner) => Promise<T>): Promise<T> {
    const qr = this.dataSource.createQueryRunner('master');
    try {
      return await work(qr);
    } finally {
      await qr.release();
    }
  }
}

/** The events of a `pg` pool this file listens to. */
interface PgPoolEvents {
  on(event: 'acquire', listener: (client: { on(event: 'error', listener: () => void): unknown }) => void): unknown;
}

/**
 * A `pg` client checked out of its pool has no 'error' listener: when PostgreSQL goes away between two of its queries
 * (a restart, a failover), its 'error' event would crash the process. Each client gets a listener the first time it is
 * checked out: the query running (or the next one) still fails, and the broken client is discarded by its pool.
 */
function keepClientErrorsHandled(pool: PgPoolEvents | undefined): void {
  const handled = new WeakSet<object>();
  pool?.on('acquire', (client) => {
    if (handled.has(client)) return;
    handled.add(client);
    client.on('error', () => {});
  });
}

async function run<R>(qr: QueryRunner, sql: string, params?: unknown[]): Promise<R[]> {
  const result = await qr.query(sql, params, true);
  return (result.records ?? []) as R[];
}

/** `COPY ... FROM STDIN` on the query runner's own `pg` client (inside its transaction); fails as the statement fails. */
async function copyIn(qr: QueryRunner, sql: string, text: string): Promise<void> {
  const client = (await qr.connect()) as { query(stream: pgCopy.CopyStreamQuery): pgCopy.CopyStreamQuery };
  const stream = client.query(pgCopy.from(sql));
  stream.end(text);
  await finished(stream);
}

/**
 * Opens the read-model database: PostgreSQL when `databaseUrl` is given, else PGlite in `dataDir` (or in
 * memory), and creates the live schema's tables if absent. Only one PGlite read-model database can be open
 * per process (`typeorm-pglite` keeps one PGlite instance); give it a data directory of its own, never the
 * event store's.
 */
export async function createReadModelDb(options: ReadModelDbOptions = {}): Promise<ReadModelDb> {
  const schema = options.schema ?? 'read_model';
  const common = { type: 'postgres' as const, entities: readModelEntities(schema), synchronize: false, logging: false };
  let db: ReadModelDb;
  if (options.databaseUrl) {
    db = new ReadModelDb('postgres', new DataSource({ ...common, url: options.databaseUrl, poolSize: options.poolSize ?? 10 }), schema);
  } else {
    const driver = serializedPgliteDriver({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      startParams: pgliteStartParams(options.sharedBuffers),
    });
    db = new ReadModelDb('pglite', new DataSource({ ...common, driver }), schema);
  }
  try {
    await db.dataSource.initialize();
    if (db.kind === 'postgres') keepClientErrorsHandled((db.dataSource.driver as unknown as { master?: PgPoolEvents }).master);
    await db.ensureSchema();
    return db;
  } catch (error) {
    await db.close().catch(() => {});
    if (db.kind === 'pglite') releasePgliteSlot();
    throw error;
  }
}
