import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '@auction/event-store';
import { createReadModelDb, type ReadModelDb, type SqlRunner } from './db/read-model-db.js';
import { dumpTables } from './dump-tables.js';
import { MAX_LOCKED_STREAMS, Projector } from './projector.js';
import { projectInto, pureTables } from './testing/int-support.test-support.js';
import { stored } from './testing/stored.test-support.js';
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

  it('never deadlock on streams whose lock keys collide: locks are taken in the order of their keys, not of the ids', async () => {
    // hashtext('payment-173517') = hashtext('payment-84033') and hashtext('payment-278196') = hashtext('payment-56437'):
    // in id order, A locks the first pair's key, then the second's; B the second's, then the first's.
    const name = `${schema}_collide`;
    await projectInto(db, name, []);
    const keys = await db.query<{ a: number; d: number; b: number; c: number }>(
      "SELECT hashtext('payment-173517') AS a, hashtext('payment-84033') AS d, hashtext('payment-278196') AS b, hashtext('payment-56437') AS c");
    expect(keys[0]!.a).toBe(keys[0]!.d);
    expect(keys[0]!.b).toBe(keys[0]!.c);
    const paid = (streamId: string, at: number) => stored(streamId, { type: 'PurchasePaid', data: {} }, at);
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => { locked = resolve; });
    // A third transaction holds the key of 'payment-2' (between A's two streams in id order): A stops holding its first.
    const third = db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [`${name}/read_models`, 'payment-2']);
      locked();
      await held;
    });
    await holding;
    const a = new Projector({ db, schema: name }).apply([paid('payment-173517', 1), paid('payment-2', 2), paid('payment-278196', 3)]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const b = new Projector({ db, schema: name }).apply([paid('payment-56437', 4), paid('payment-84033', 5)]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await third;
    const outcomes = await Promise.allSettled([a, b]);
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'applied'))).toEqual(['applied', 'applied']);
    const checkpoints = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${name}.checkpoints`);
    expect(Number(checkpoints[0]!.n)).toBe(5);
  }, 20_000);

  it('holds at most MAX_LOCKED_STREAMS stream locks in one transaction, however many streams a batch names', async () => {
    // The locks live in PostgreSQL's shared lock table (max_locks_per_transaction × connections, for every session):
    // a Kafka batch of a bulk import names thousands of streams; unbounded, one such batch ran it out ("out of shared
    // memory", 53200, not an event's fault: the same batch again, forever) and other sessions' locks with it.
    const name = `${schema}_many`;
    await projectInto(db, name, []);
    const streams = MAX_LOCKED_STREAMS * 2 + 7;
    const events = Array.from({ length: streams }, (_, i) => stored(`payment-many-${i}`, { type: 'PurchasePaid', data: {} }, 1_000 + i));
    const held: number[] = [];
    const counting = (tx: SqlRunner): SqlRunner => ({
      query: async (sql, params) => {
        const rows = await tx.query(sql, params);
        if (sql.includes('pg_advisory_xact_lock(hashtext($1), k)')) {
          const [{ n }] = await tx.query<{ n: string }>("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND objsubid = 2");
          held.push(Number(n));
        }
        return rows as never;
      },
    });
    const counted = new Proxy(db, {
      get(target, prop) {
        if (prop === 'transaction') return (fn: (tx: SqlRunner) => Promise<unknown>, options?: unknown) => target.transaction((tx) => fn(counting(tx)), options as never);
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    await new Projector({ db: counted, schema: name }).apply(events);
    expect(held.length).toBeGreaterThan(1);
    expect(Math.max(...held)).toBeLessThanOrEqual(MAX_LOCKED_STREAMS);
    const checkpoints = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${name}.checkpoints`);
    expect(Number(checkpoints[0]!.n)).toBe(streams);
  }, 60_000);
});
