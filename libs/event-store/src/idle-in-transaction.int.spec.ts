import { describe, expect, test } from 'vitest';
import { events, settled, waitFor } from './contract.test-support.js';
import type { SqlExecutor } from './internal/sql-executor.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { startProxy, urlThrough } from './pg-proxy.test-support.js';
import { heldFlushStore, postgresTestSchema, settleAll } from './postgres.test-support.js';

/**
 * A session the store leaves idle in a transaction (its client gone in the middle of it, before the store learned the
 * transaction's id) must not keep its streams' locks and its positions until TCP keepalive notices: the server ends
 * it after `idleInTransactionTimeoutMs`.
 */
const { databaseUrl, schema } = postgresTestSchema('es_idle_tx');

/** Short, for the test; `commitCheckMs` must stay below it. */
const IDLE_MS = 1_000;
/** Well past IDLE_MS: without the bound, the append and the reader below still wait then (for as long as the session lives). */
const WITHIN_MS = 10_000;

const executorOf = (store: PostgresEventStore) => (store as unknown as { executor: SqlExecutor }).executor;
const settle = <T>(p: Promise<T>) => p.then((value) => value, (error: unknown) => error as Error);
const pause = (ms: number) => new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms));

describe('postgres: idle_in_transaction_session_timeout on the store\'s sessions', () => {
  test('a flush left idle in its transaction is ended by the server: its lock and positions are released, the pool replaces the client', async () => {
    // One client in the pool: the appends after the ended session prove the pool made a new one.
    const held = await heldFlushStore(databaseUrl, schema, { idleInTransactionTimeoutMs: IDLE_MS, commitCheckMs: 500, pool: { max: 1 } });
    const other = new PostgresEventStore(databaseUrl, { schema, listen: false });
    await other.init();
    const s = `idle-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
    try {
      const head = await other.headPosition();
      // Held before its COMMIT, as by a client gone silent: its session holds the stream's lock and its position.
      const stuck = settle(held.store.append(s, 0, events(1, 'Held')));
      await waitFor(() => held.gates.length === 1);
      const [session] = await executorOf(other).query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE state = 'idle in transaction' AND query LIKE $1`, [`%${schema}.events%`],
      );
      expect(session).toBeDefined();

      // Another writer of the same stream waits at the lock until the server ends the held session.
      const appended = await Promise.race([settle(other.append(s, 0, events(1, 'After'))), pause(WITHIN_MS)]);
      expect(appended).toMatchObject({ streamId: s, nextVersion: 1 });
      // Ended by the server (it no longer shows among the sessions), not by the store.
      const sessionNow = () => executorOf(other).query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [session!.pid]);
      expect(await settled(sessionNow, (rows) => rows.length === 0)).toEqual([]);
      // A reader of the log gets past the held flush's position (a gap its ended transaction no longer holds).
      const position = (appended as { positions: number[] }).positions[0]!;
      const read = await settled(() => other.readAll(head, 100), (rows) => rows.some((e) => e.position === position));
      expect(read.filter((e) => e.streamId === s).map((e) => e.type)).toEqual(['After']);

      // Released, the held flush finds its session gone: refused, never written.
      held.stopHolding();
      expect(await stuck).toBeInstanceOf(Error);
      expect((await other.readStream(s)).map((e) => e.type)).toEqual(['After']);
      // The store appends on: its pool replaced the ended client.
      await expect(held.store.append(s, 1, events(1, 'Later'))).resolves.toMatchObject({ nextVersion: 2 });
    } finally {
      held.stopHolding();
      await held.store.close();
      await other.close();
    }
  });

  test('a client gone silent right after its flush\'s BEGIN (its transaction id never learned): the server ends the session, readers get past its position', async () => {
    const proxy = startProxy(new URL(databaseUrl));
    const store = new PostgresEventStore(urlThrough(databaseUrl, await proxy.listen()), {
      schema, listen: false, idleInTransactionTimeoutMs: IDLE_MS, commitCheckMs: 500,
    });
    const other = new PostgresEventStore(databaseUrl, { schema, listen: false });
    await Promise.all([store.init(), other.init()]);
    const s = `begin-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
    try {
      const head = await other.headPosition();
      // The BEGIN and the reservation of its position reach the server; the answer never reaches the store.
      proxy.chaos((chunk) => {
        if (!chunk.includes('reserve_positions')) return null;
        proxy.chaos(null);
        return 'forwarded-server-kept';
      });
      const [lost] = await settleAll([store.append(s, 0, events(1, 'Lost'))]);
      expect(String(lost)).toMatch(/Connection terminated/);
      // An event committed after it, at a later position: a reader waits at the gap while the lost transaction runs.
      const { positions: [after] } = await other.append(`${s}-b`, 0, events(1, 'After'));
      const read = await settled(() => other.readAll(head, 100), (rows) => rows.some((e) => e.position === after), WITHIN_MS);
      expect(read.map((e) => e.position)).toContain(after);
      expect(await other.streamVersion(s)).toBe(0);
    } finally {
      proxy.releaseKept();
      await Promise.all([store.close(), other.close()]);
      await proxy.close();
    }
  });

  test('the default bound reaches every session of the pool, beside the options the caller gave', async () => {
    const store = new PostgresEventStore(databaseUrl, { schema, listen: false, pool: { max: 1, options: '-c statement_timeout=12345' } });
    try {
      const [row] = await executorOf(store).query(
        `SELECT current_setting('idle_in_transaction_session_timeout') AS idle, current_setting('statement_timeout') AS statement`,
      );
      expect(row).toEqual({ idle: '1min', statement: '12345ms' });
    } finally {
      await store.close();
    }
  });

  test('two flushes left idle past the bound, the later one waiting for the earlier one\'s attempt: every answer matches the log, nothing written twice', async () => {
    const held = await heldFlushStore(databaseUrl, schema, { idleInTransactionTimeoutMs: IDLE_MS, commitCheckMs: 500 });
    const other = new PostgresEventStore(databaseUrl, { schema, listen: false });
    await other.init();
    const s = `two-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
    const chain = { broken: null };
    try {
      // Flush A (a chained append and a neighbour) held before its COMMIT; flush B (decided on top of A, and a
      // neighbour) waits inside its transaction for A's first attempt; the server ends both sessions.
      const a = [settle(held.store.append(`${s}-a`, 0, events(1, 'a'), chain)), settle(held.store.append(`${s}-an`, 0, events(1, 'an')))];
      await waitFor(() => held.gates.length === 1);
      const b = [settle(held.store.append(`${s}-b`, 0, events(1, 'b'), chain)), settle(held.store.append(`${s}-bn`, 0, events(1, 'bn')))];
      const idleOnes = () => executorOf(other).query(`SELECT pid FROM pg_stat_activity WHERE state = 'idle in transaction' AND query LIKE $1`, [`%${schema}.%`]);
      expect(await settled(idleOnes, (rows) => rows.length === 2)).toHaveLength(2);
      expect(await settled(idleOnes, (rows) => rows.length === 0, WITHIN_MS)).toEqual([]);
      held.stopHolding();
      const answers = await Promise.all([...a, ...b]);
      for (const [i, name] of ['a', 'an', 'b', 'bn'].entries()) {
        const log = (await other.readStream(`${s}-${name}`)).map((e) => e.type);
        expect(log).toEqual(answers[i] instanceof Error ? [] : [name]);
      }
      // The neighbours, decided on nothing in the other flush, are tried again alone and written.
      expect(answers[1]).toMatchObject({ nextVersion: 1 });
      expect(answers[3]).toMatchObject({ nextVersion: 1 });
    } finally {
      held.stopHolding();
      await held.store.close();
      await other.close();
    }
  });

  test('a connection string\'s bound and a commitCheckMs near PostgreSQL\'s limit reach the sessions, which still connect', async () => {
    const url = new URL(databaseUrl);
    url.searchParams.set('idle_in_transaction_session_timeout', '45000');
    const fromUrl = new PostgresEventStore(url.href, { schema, listen: false, pool: { max: 1 } });
    const nearLimit = new PostgresEventStore(databaseUrl, { schema, listen: false, pool: { max: 1 }, commitCheckMs: 2 ** 31 - 1_000 });
    const idleOf = async (store: PostgresEventStore) =>
      (await executorOf(store).query<{ idle: string }>(`SELECT current_setting('idle_in_transaction_session_timeout') AS idle`))[0]!.idle;
    try {
      expect(await idleOf(fromUrl)).toBe('45s');
      expect(await idleOf(nearLimit)).toBe('2147483647ms');
    } finally {
      await Promise.all([fromUrl.close(), nearLimit.close()]);
    }
  });
});
