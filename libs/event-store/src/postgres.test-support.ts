import pg from 'pg';
import type { EventStore } from './event-store.port.js';
import type { SqlExecutor } from './internal/sql-executor.js';
import { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store.js';
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

/** A store whose flushes each wait, before their COMMIT, until released or failed (in the order they came, `gates`). */
export async function heldFlushStore(databaseUrl: string, schema: string, options: PostgresEventStoreOptions = {}) {
  const store = new PostgresEventStore(databaseUrl, { schema, pool: { max: 4 }, ...options });
  await store.init();
  const executor = (store as unknown as { executor: SqlExecutor }).executor;
  const transaction = executor.transaction.bind(executor);
  const gates: { release: () => void; fail: () => void }[] = [];
  let hold = true;
  executor.transaction = (work, opening) => transaction(async (tx, opened) => {
    const result = await work(tx, opened);
    if (!hold) return result;
    await new Promise<void>((resolve, reject) => gates.push({ release: resolve, fail: () => reject(new Error('held flush failed')) }));
    return result;
  }, opening);
  return { store, gates, stopHolding: () => { hold = false; for (const g of gates.splice(0)) g.release(); } };
}
