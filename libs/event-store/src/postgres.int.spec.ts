import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { describeEventStoreContract, events, waitFor } from './contract.test-support.js';
import type { SqlExecutor } from './internal/sql-executor.js';
import { describeConcurrentWriters } from './ordering.test-support.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { postgresTestSchema } from './postgres.test-support.js';

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

  test('a flush is four round trips: BEGIN with the positions\' reservation, the locks, the events, COMMIT', async () => {
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
          sent.push(String(args[0]).replace(/\s+/g, ' ').trim());
          return query(...args);
        };
      });
      const written = await Promise.all([store.append(`${p}-a`, 1, events(2)), store.append(`${p}-b`, 0, events(1))]);
      expect(written.map((r) => r.nextVersion)).toEqual([3, 1]);
      expect(sent).toHaveLength(4);
      expect(sent[0]).toMatch(/^BEGIN; SELECT \S+\.reserve_positions\(3::int\)/);
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
