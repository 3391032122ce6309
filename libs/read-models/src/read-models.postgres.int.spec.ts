import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '@auction/event-store';
import { createReadModelDb, type ReadModelDb, type SqlRunner } from './db/read-model-db.js';
import { dumpTables } from './dump-tables.js';
import { Projector } from './projector.js';
import { projectInto, pureTables } from './testing/int-support.test-support.js';
import { generateScenario } from './testing/scenario.test-support.js';
import { checkAuctionMessageColumnAdded, checkLotVehicleColumnsAdded, checkUsernameColumnsDropped } from './testing/dropped-columns.test-support.js';
import { describeDeliverySuite } from './testing/delivery-suite.test-support.js';
import type { SuiteDb } from './testing/int-support.test-support.js';
import { describeQuerySuite } from './testing/query-suite.test-support.js';
import { describeRebuildSuite } from './testing/rebuild-suite.test-support.js';

const databaseUrl = process.env['DATABASE_URL'];
if (!databaseUrl) {
  throw new Error(
    'DATABASE_URL is not set: the PostgreSQL suite needs a server. Run `bash tools/infra/infra.sh start postgres` ' +
      'and `eval "$(bash tools/infra/infra.sh env postgres)"`, then run the tests again.',
  );
}
// One schema family per run of this file, so parallel runs do not share tables.
const schema = `rm_test_${process.pid}_${Date.now().toString(36)}`;
let db: ReadModelDb;
const suite = (): SuiteDb => ({ db, schema, cleanup: async () => {} });

beforeAll(async () => {
  db = await createReadModelDb({ databaseUrl, schema });
});
afterAll(async () => {
  const rows = await db.query<{ name: string }>(`SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE $1`, [`${schema}%`]);
  for (const { name } of rows) await db.dropSchema(name);
  await db.close();
});

describe('PostgreSQL read-model database', () => {
  it('adds the message and regulation document columns of auctions to an existing table of an earlier release', async () => {
    await checkAuctionMessageColumnAdded(db, `${schema}_old_auctions`);
  });

  it('adds the vehicle columns of lots (#22) to an existing table of an earlier release', async () => {
    await checkLotVehicleColumnsAdded(db, `${schema}_old_lots`);
  });

  it('drops the username columns of an earlier release from existing tables (they refused inserts and held personal data)', async () => {
    await checkUsernameColumnsDropped(db, `${schema}_old_usernames`);
  });

  it('creates the schema idempotently, even from concurrent starts', async () => {
    await Promise.all([db.ensureSchema(), db.ensureSchema(`${schema}_x`), db.ensureSchema(`${schema}_x`)]);
    expect(await db.schemaExists(`${schema}_x`)).toBe(true);
  });

  it('runs transactions on their own connection and rolls back on error', async () => {
    await db.query(`CREATE TABLE ${schema}_x.t (n integer)`);
    await expect(db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${schema}_x.t VALUES (1)`);
      await db.query(`INSERT INTO ${schema}_x.t VALUES (2)`);
      throw new Error('boom');
    })).rejects.toThrow('boom');
    expect(await db.query(`SELECT * FROM ${schema}_x.t`)).toEqual([]);
  });
});

describeDeliverySuite('postgres', suite);
describeQuerySuite('postgres', suite);
describeRebuildSuite('postgres', suite);

/**
 * `db`, whose transactions stop after their first read of the checkpoints until `gate` resolves: a projector caught
 * between reading its checkpoints and writing its rows, while another projector gets the same events.
 */
function pausedAfterCheckpoints(db: ReadModelDb, gate: Promise<void>): ReadModelDb {
  const pausing = (tx: SqlRunner): SqlRunner => ({
    query: async (sql, params) => {
      const rows = await tx.query(sql, params);
      if (/^\s*SELECT/i.test(sql) && sql.includes('checkpoints')) await gate;
      return rows as never;
    },
  });
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'transaction') return (fn: (tx: SqlRunner) => Promise<unknown>, options?: unknown) => target.transaction((tx) => fn(pausing(tx)), options as never);
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('PostgreSQL: two projectors handed the same events at once (a Kafka partition moving between instances)', () => {
  const scenario = generateScenario({ seed: 7 });
  const half = Math.floor(scenario.events.length / 2);
  const before = scenario.events.slice(0, half);
  /** Offers on lots the first half created: each event a projector may get twice at once. */
  const offers = scenario.events.slice(half).filter((e) => e.type === 'OfferPlaced' && before.some((b) => b.streamId === e.streamId));

  it('apply each event once: the second waits for the first and skips what it committed', async () => {
    expect(offers.length).toBeGreaterThan(1);
    const name = `${schema}_two`;
    await projectInto(db, name, [before]);
    const [e] = offers as [StoredEvent];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    // B reads its checkpoints and stops; A gets the same event meanwhile (unlocked, A committed it here).
    const b = new Projector({ db: pausedAfterCheckpoints(db, gate), schema: name }).apply([e]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const a = new Projector({ db, schema: name }).apply([e]);
    const aFirst = await Promise.race([a.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 500))]);
    open();
    await Promise.all([a, b]);
    // With the streams' locks, A waited for B (B held its lot's lock while it stopped).
    expect(aFirst).toBe(false);
    // The rest of the log, then the tables are exactly what the pure projections compute.
    const rest = new Projector({ db, schema: name });
    await rest.apply(scenario.events.slice(half));
    expect(await dumpTables(db, name)).toEqual(pureTables(scenario.events));
  });

  it('never write older rows and an older checkpoint over the other\'s later ones', async () => {
    const name = `${schema}_lost`;
    await projectInto(db, name, [before]);
    const stream = offers[0]!.streamId;
    const [e1, e2, e3] = scenario.events.slice(half).filter((e) => e.streamId === stream) as [StoredEvent, StoredEvent, StoredEvent | undefined];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    // A (the old owner) reads its checkpoints for [e1] and stops; B (the new owner) applies [e1, e2] meanwhile.
    const a = new Projector({ db: pausedAfterCheckpoints(db, gate), schema: name }).apply([e1]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const bProjector = new Projector({ db, schema: name });
    const b = bProjector.apply([e1, e2]);
    await Promise.race([b, new Promise((resolve) => setTimeout(resolve, 500))]);
    open();
    await Promise.all([a, b]);
    if (e3) await bProjector.apply([e3]);
    const rest = new Projector({ db, schema: name });
    await rest.apply(scenario.events.slice(half));
    expect(await dumpTables(db, name)).toEqual(pureTables(scenario.events));
  });
});
