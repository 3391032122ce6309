import pg from 'pg';
import type { EventStore } from './event-store.port.js';
import type { SqlExecutor } from './internal/sql-executor.js';
import { afterAll } from 'vitest';

/**
 * The PostgreSQL server of a test file (DATABASE_URL, refused with how to start one when unset) and a schema of the
 * file's own, so parallel runs do not share tables; the schema is dropped after the file's tests.
 */
export function postgresTestSchema(prefix: string): { databaseUrl: string; schema: string } {
  const databaseUrl = process.env['DATABASE_URL'];
  if (!databaseUrl) {
    throw new Error(
      'DATABASE_URL is not set: the PostgreSQL suite needs a server. Run `tools/infra/infra.sh start postgres` ' +
        'and `eval "$(tools/infra/infra.sh env)"`, then run the tests again.',
    );
  }
  const schema = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  afterAll(async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });
  return { databaseUrl, schema };
}

/** Collects the errors the store's write transactions throw (deadlocks are retried inside the store, so unseen outside). */
export function watchTransactionFailures(store: EventStore, failures: unknown[]): void {
  const executor = (store as unknown as { executor: SqlExecutor }).executor;
  const transaction = executor.transaction.bind(executor);
  executor.transaction = (work, opening) => transaction(work, opening).catch((error: unknown) => {
    failures.push(error);
    throw error;
  });
}

/** Settles every append of one synchronous burst (one flush): the refused ones as their errors. */
export const settleAll = (appends: Promise<unknown>[]) => Promise.all(appends.map((a) => a.then(() => 'ok' as const, (e: unknown) => e as Error)));
