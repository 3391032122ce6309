import { PostgresEventStore } from '@auction/event-store';
import { afterAll, beforeAll } from 'vitest';
import { createReadModelDb, type ReadModelDb } from '../db/read-model-db.js';

/** A PostgreSQL suite's database: opened before the suite, every schema it made dropped after it. */
export interface PostgresSuite {
  readonly databaseUrl: string;
  /** This process's schema name; every schema the suite creates must start with it (all are dropped afterwards). */
  readonly schema: string;
  /** The read-model database (from the suite's `beforeAll` on). */
  readonly db: ReadModelDb;
  /** An event store in `<schema>_events` (from the suite's `beforeAll` on; only with `{ store: true }`). */
  readonly store: PostgresEventStore;
}

/**
 * Registers the suite's `beforeAll`/`afterAll` on the PostgreSQL of `DATABASE_URL` (refused when unset: never a skip):
 * a schema named `<prefix>_<pid>_<time>` so parallel runs never meet, created up front with `ensureSchema`, an event
 * store beside it with `store`, and every schema starting with that name dropped at the end.
 */
export function postgresSuite(prefix: string, { store: withStore = false, ensureSchema = false } = {}): PostgresSuite {
  const databaseUrl = process.env['DATABASE_URL'];
  if (!databaseUrl) throw new Error('DATABASE_URL is not set: this suite needs PostgreSQL (`bash tools/infra/infra.sh start postgres`).');
  const schema = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  let db: ReadModelDb | undefined;
  let store: PostgresEventStore | undefined;
  beforeAll(async () => {
    db = await createReadModelDb({ databaseUrl, schema });
    if (ensureSchema) await db.ensureSchema(schema);
    if (withStore) {
      store = new PostgresEventStore(databaseUrl, { schema: `${schema}_events` });
      await store.init();
    }
  });
  afterAll(async () => {
    if (!db) return;
    const rows = await db.query<{ name: string }>('SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE $1', [`${schema}%`]);
    for (const { name } of rows) await db.dropSchema(name);
    await store?.close();
    await db.close();
  });
  const opened = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`postgresSuite(${prefix}): ${what} is opened in the suite's beforeAll`);
    return value;
  };
  return {
    databaseUrl, schema,
    get db() { return opened(db, 'the database'); },
    get store() { return opened(withStore ? store : undefined, 'the event store (pass { store: true })'); },
  };
}
