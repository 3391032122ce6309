import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { describeEventStoreContract, events, waitFor } from './contract.test-support.js';
import { BrokenChainError } from './event-store.port.js';
import type { SqlExecutor } from './internal/sql-executor.js';
import { describeConcurrentWriters } from './ordering.test-support.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { heldFlushStore, postgresTestSchema } from './postgres.test-support.js';

const { databaseUrl, schema } = postgresTestSchema('es_test');

describeEventStoreContract(
  'postgres',
  async () => {
    const store = new PostgresEventStore(databaseUrl, { schema });
    await store.init();
    return store;
  },
  { stats: (store) => (store as PostgresEventStore).stats() },
);

describeConcurrentWriters(databaseUrl, schema);

describe('postgres: another process appends (LISTEN/NOTIFY)', () => {
  // A poll interval of a minute: an event that arrives within seconds was announced, not polled.
  const open = async (listen: boolean) => {
    const store = new PostgresEventStore(databaseUrl, { schema, pollIntervalMs: 60_000, listen });
    await store.init();
    return store;
  };
  const firstArrival = async (listen: boolean, waitMs: number) => {
    const [writer, reader] = [await open(true), await open(listen)];
    try {
      const head = await reader.headPosition();
      const streamId = `notify-${listen}-${Date.now().toString(36)}`;
      let seen: string | null = null;
      const subscription = reader.subscribe(head, async (batch) => {
        seen ??= batch.find((e) => e.streamId === streamId)?.streamId ?? null;
      });
      await new Promise((r) => setTimeout(r, 200));
      await writer.append(streamId, 0, [{ type: 'Noticed', data: {} }]);
      const deadline = Date.now() + waitMs;
      while (!seen && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await subscription.close();
      return seen;
    } finally {
      await Promise.all([writer.close(), reader.close()]);
    }
  };

  test('a subscription of a listening store wakes on the other store\'s commit, not at its next poll', async () => {
    expect(await firstArrival(true, 5_000)).toMatch(/^notify-true-/);
  });

  test('without listening, the same commit waits for the poll (the test above could fail)', async () => {
    expect(await firstArrival(false, 1_000)).toBeNull();
  });
});

describe('postgres: one flush, three statements past BEGIN', () => {
  const open = async () => {
    const store = new PostgresEventStore(databaseUrl, { schema, pool: { max: 2 } });
    await store.init();
    return store;
  };

  test('a flush is three statements past BEGIN; a second writer of its streams (new or not) waits for its COMMIT, then reads its versions; the notice is heard at COMMIT only', async () => {
    const [first, second] = [await open(), await open()];
    const listener = new pg.Client({ connectionString: databaseUrl });
    let notices = 0;
    listener.on('notification', () => (notices += 1));
    await listener.connect();
    await listener.query(`LISTEN ${schema}_appended`);
    let release = () => {};
    try {
      const p = `three-${Date.now().toString(36)}`;
      await first.append(`${p}-old`, 0, events(2));
      await waitFor(() => notices === 1);
      // The first store's next transaction is held before its COMMIT, its statements recorded.
      const statements: string[] = [];
      let reached!: () => void;
      const atCommit = new Promise<void>((resolve) => (reached = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      const executor = (first as unknown as { executor: SqlExecutor }).executor;
      const transaction = executor.transaction.bind(executor);
      executor.transaction = (work, opening) => transaction(async (tx, opened) => {
        // The opening (the positions' reservation) was sent with BEGIN, in the same round trip.
        if (opening !== undefined) statements.push(opening);
        const result = await work({ query: (text, params) => (statements.push(text), tx.query(text, params)) }, opened);
        reached();
        await held;
        return result;
      }, opening);
      const firstWrite = first.appendMulti([
        { streamId: `${p}-old`, expectedVersion: 2, events: events(1) },
        { streamId: `${p}-new`, expectedVersion: 0, events: events(2) },
      ]);
      await atCommit;
      expect(statements.map((text) => text.replace(/\s+/g, ' ').slice(0, 60))).toHaveLength(3);
      expect(statements[0]).toMatch(/reserve_positions/);
      expect(statements[1]).toMatch(/ON CONFLICT \(stream_id\) DO UPDATE[\s\S]*RETURNING/);
      expect(statements[2]).toMatch(/INSERT INTO \S+\.events[\s\S]*UPDATE \S+\.streams[\s\S]*pg_notify/);

      // Its expected versions hold only after the first flush's commit: read earlier, they would be refused at once.
      let secondSettled = false;
      const secondWrite = second.appendMulti([
        { streamId: `${p}-new`, expectedVersion: 2, events: events(1) },
        { streamId: `${p}-old`, expectedVersion: 3, events: events(1) },
      ]).finally(() => (secondSettled = true));
      const waiting = async () => {
        const [row] = (await listener.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1`,
          [`%${schema}.streams%ON CONFLICT%`],
        )).rows;
        return row!.n;
      };
      const deadline = Date.now() + 5_000;
      while ((await waiting()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await waiting()).toBe(1);
      await new Promise((r) => setTimeout(r, 200));
      expect(secondSettled).toBe(false);
      expect(notices).toBe(1);

      release();
      expect((await firstWrite).map((r) => r.nextVersion)).toEqual([3, 2]);
      expect((await secondWrite).map((r) => r.nextVersion)).toEqual([3, 4]);
      await waitFor(() => notices === 3);
      expect((await first.readStream(`${p}-old`)).map((e) => e.streamVersion)).toEqual([1, 2, 3, 4]);
      // A flush that wrote nothing (its only append refused) notifies nobody.
      await expect(second.append(`${p}-old`, 0, events(1))).rejects.toThrow(/expected/i);
      await new Promise((r) => setTimeout(r, 200));
      expect(notices).toBe(3);
    } finally {
      release(); // on a failure too: the first store's close waits for its flush
      await listener.end();
      await Promise.all([first.close(), second.close()]);
    }
  });

  test('a flush is four round trips: BEGIN (custom plans) with the positions\' reservation, the locks, the events, COMMIT', async () => {
    const store = await open();
    try {
      const p = `trips-${Date.now().toString(36)}`;
      await store.append(`${p}-a`, 0, events(1));
      // Every query a pool client sends from here on is one round trip to the server.
      const pool = (store as unknown as { executor: { pool: pg.Pool } }).executor.pool;
      const sent: string[] = [];
      const wrapped = new WeakSet<pg.PoolClient>();
      pool.on('acquire', (client) => {
        if (wrapped.has(client)) return;
        wrapped.add(client);
        const query = client.query.bind(client) as (...args: unknown[]) => unknown;
        (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
          // A text, or a named statement's config ({ name, text, values }).
          const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
          sent.push(text.replace(/\s+/g, ' ').trim());
          return query(...args);
        };
      });
      const written = await Promise.all([store.append(`${p}-a`, 1, events(2)), store.append(`${p}-b`, 0, events(1))]);
      expect(written.map((r) => r.nextVersion)).toEqual([3, 1]);
      expect(sent).toHaveLength(4);
      expect(sent[0]).toMatch(/^BEGIN; SET LOCAL plan_cache_mode = force_custom_plan; WITH r AS MATERIALIZED \(SELECT \S+\.reserve_positions\(3::int\)/);
      expect(sent[1]).toMatch(/ON CONFLICT \(stream_id\) DO UPDATE/);
      expect(sent[2]).toMatch(/INSERT INTO \S+\.events/);
      expect(sent[3]).toBe('COMMIT');
      // The three positions reserved with BEGIN are the flush's, one after another.
      const positions = written.flatMap((r) => r.positions).sort((x, y) => x - y);
      expect(positions).toEqual([positions[0], positions[0]! + 1, positions[0]! + 2]);
    } finally {
      await store.close();
    }
  });
});

describe('postgres: the next flush starts once the one before it holds its locks', () => {
  const heldStore = () => heldFlushStore(databaseUrl, schema);
  /** Runs a test on a {@link heldStore}, released and closed afterwards whatever happened. */
  const withHeld = (body: (held: Awaited<ReturnType<typeof heldStore>>) => Promise<void>) => async () => {
    const held = await heldStore();
    try {
      await body(held);
    } finally {
      held.stopHolding();
      await held.store.close();
    }
  };
  const id = (name: string) => `pipe-${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  /** A client counting the transactions that wait at a stream row's lock, and a wait until one does. */
  const lockWatcher = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const atLock = async () => (await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1`, [`%${schema}.streams%ON CONFLICT%`],
    )).rows[0]!.n;
    const untilOneWaits = async () => {
      const deadline = Date.now() + 5_000;
      while ((await atLock()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return atLock();
    };
    return { atLock, untilOneWaits, end: () => client.end() };
  };

  test('an append to another stream commits while the flush before it waits before its COMMIT; a third waits for a free place', withHeld(async ({ store, gates, stopHolding }) => {
    const first = store.append(id('a'), 0, events(1));
    await waitFor(() => gates.length === 1);
    const second = store.append(id('b'), 0, events(1));
    // Held too, before its COMMIT: both flushes are in flight at once (one at a time before).
    await waitFor(() => gates.length === 2);
    let thirdDone = false;
    const third = store.append(id('c'), 0, events(1)).finally(() => (thirdDone = true));
    await new Promise((r) => setTimeout(r, 300));
    // Two flushes in flight at most: the third has not started.
    expect(gates).toHaveLength(2);
    gates[1]!.release();
    const [b] = [await second];
    await waitFor(() => gates.length === 3);
    expect(thirdDone).toBe(false);
    stopHolding();
    const [a, c] = [await first, await third];
    // Positions in the flushes' order.
    expect(a.positions[0]!).toBeLessThan(b.positions[0]!);
    expect(b.positions[0]!).toBeLessThan(c.positions[0]!);
  }));

  test('an append decided on top of one in the flush before waits at the stream\'s lock, then follows it', withHeld(async ({ store, gates, stopHolding }) => {
    const s = id('chain');
    const chain = { broken: null };
    const first = store.append(s, 0, events(2), chain);
    await waitFor(() => gates.length === 1);
    let secondDone = false;
    const second = store.append(s, 2, events(1), chain).finally(() => (secondDone = true));
    // Its flush started (positions reserved) and waits at the lock the first holds: not held at its COMMIT yet.
    const watcher = await lockWatcher();
    try {
      expect(await watcher.untilOneWaits()).toBe(1);
    } finally {
      await watcher.end();
    }
    expect(gates).toHaveLength(1);
    expect(secondDone).toBe(false);
    stopHolding();
    expect((await first).nextVersion).toBe(2);
    expect((await second).nextVersion).toBe(3);
    const stored = await store.readStream(s);
    expect(stored.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    expect(stored.map((e) => e.position)).toEqual([...stored.map((e) => e.position)].sort((x, y) => x - y));
  }));

  test('a failed flush is tried again only after the flush started behind it settled: nothing is written out of order', withHeld(async ({ store, gates, stopHolding }) => {
    const watcher = await lockWatcher();
    try {
      const [s, t] = [id('retried'), id('other')];
      const chain = { broken: null };
      const settle = (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => e as Error);
      // One flush: an append to s and one to t. Then an append decided on top of the first, in the next flush.
      const a = settle(store.append(s, 0, events(1), chain));
      const x = settle(store.append(t, 0, events(1)));
      await waitFor(() => gates.length === 1);
      const b = settle(store.append(s, 1, events(1), chain));
      expect(await watcher.untilOneWaits()).toBe(1);
      // The first flush fails after its locks: the second takes s's lock and finds it empty.
      gates[0]!.fail();
      await waitFor(() => gates.length === 2);
      await new Promise((r) => setTimeout(r, 300));
      // The first flush's units are not tried again yet (none waits at a lock, no third transaction).
      expect(await watcher.atLock()).toBe(0);
      expect(gates).toHaveLength(2);
      stopHolding();
      expect(await b).toBeInstanceOf(Error);
      // Tried again alone after the second settled: the append to t is written, the one to s refused with its chain.
      expect(await x).toBe('ok');
      expect(await a).toBeInstanceOf(Error);
      expect(await store.readStream(s)).toEqual([]);
      expect((await store.readStream(t)).map((e) => e.streamVersion)).toEqual([1]);
    } finally {
      await watcher.end();
    }
  }));

  test('an append that read a stream written in the flush before waits for it to settle: refused when that one was', withHeld(async ({ store, gates, stopHolding }) => {
    const [read, written] = [id('read'), id('written')];
    const readChain = { broken: null };
    const first = store.append(read, 0, events(1), readChain).then(() => 'ok', (e: unknown) => e as Error);
    await waitFor(() => gates.length === 1);
    let secondDone = false;
    const second = store.appendMulti([{ streamId: written, expectedVersion: 0, events: events(1), reads: [readChain] }])
      .then(() => 'ok', (e: unknown) => e as Error).finally(() => (secondDone = true));
    await new Promise((r) => setTimeout(r, 300));
    // Not started: it takes no lock on what it read, so it may not pass the flush it read from.
    expect(gates).toHaveLength(1);
    expect(secondDone).toBe(false);
    gates[0]!.fail();
    expect(String(await first)).toMatch(/held flush failed/);
    stopHolding();
    expect(await second).toBeInstanceOf(BrokenChainError);
    expect(await store.readStream(written)).toEqual([]);
  }));

  test('an append that read a stream written in the flush before follows it once it committed', withHeld(async ({ store, gates, stopHolding }) => {
    const [read, written] = [id('read'), id('written')];
    const readChain = { broken: null };
    const first = store.append(read, 0, events(1), readChain);
    await waitFor(() => gates.length === 1);
    const second = store.appendMulti([{ streamId: written, expectedVersion: 0, events: events(1), reads: [readChain] }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(gates).toHaveLength(1);
    stopHolding();
    const [a, [b]] = [await first, await second];
    expect(b!.nextVersion).toBe(1);
    expect(a.positions[0]!).toBeLessThan(b!.positions[0]!);
  }));

  test('when the flush before fails, the append decided on top of it is refused and nothing of either is written', withHeld(async ({ store, gates, stopHolding }) => {
    const s = id('failed');
    const chain = { broken: null };
    const first = store.append(s, 0, events(2), chain).then(() => 'ok', (e: unknown) => e as Error);
    await waitFor(() => gates.length === 1);
    const second = store.append(s, 2, events(1), chain).then(() => 'ok', (e: unknown) => e as Error);
    await new Promise((r) => setTimeout(r, 200));
    gates[0]!.fail();
    expect(String(await first)).toMatch(/held flush failed/);
    // The second's flush went on once the first's ROLLBACK freed the lock: it commits, without the refused append.
    await waitFor(() => gates.length === 2);
    stopHolding();
    const refused = await second;
    expect(refused).toBeInstanceOf(Error);
    expect(String(refused)).toMatch(/expected|chain|version/i);
    expect(await store.readStream(s)).toEqual([]);
    // The stream takes an append at its real version afterwards.
    expect((await store.append(s, 0, events(1))).nextVersion).toBe(1);
  }));
});
