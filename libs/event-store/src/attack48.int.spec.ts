import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { events, waitFor } from './contract.test-support.js';
import { BrokenChainError } from './event-store.port.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { heldFlushStore, postgresTestSchema } from './postgres.test-support.js';

/**
 * Attack 48 on the pipelined group commit (two flushes in flight on PostgreSQL): an append decided on top of one in
 * the flush before it must never be written when that one is not, even where another instance's event took the
 * version it expects.
 */
const { databaseUrl, schema } = postgresTestSchema('es_attack48');

describe('attack 48: a flush failing while the next one waits at its lock', () => {
  it('refuses the append chained on the failed one though another instance\'s event took its expected version', async () => {
    const { store, gates, stopHolding } = await heldFlushStore(databaseUrl, schema);
    const other = new PostgresEventStore(databaseUrl, { schema, pool: { max: 2 } });
    const watcher = new pg.Client({ connectionString: databaseUrl });
    await watcher.connect();
    const atLock = async () => (await watcher.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1`, [`%${schema}.streams%ON CONFLICT%`],
    )).rows[0]!.n;
    const untilAtLock = async (n: number) => {
      const deadline = Date.now() + 5_000;
      while ((await atLock()) < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await atLock()).toBe(n);
    };
    const settle = (p: Promise<unknown>) => p.then(() => 'ok' as const, (e: unknown) => e as Error);
    try {
      const s = `attack48-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
      const chain = { broken: null };
      // The stream's row exists: those waiting at its lock take it in their order (a new row's waiters race).
      await other.append(s, 0, events(1, 'Seed'));
      // Flush A holds the stream's lock, waiting before its COMMIT.
      const first = settle(store.append(s, 1, events(1), chain));
      // A neighbour in the same flush: a failed flush of two is tried again unit by unit, after B settled.
      const neighbour = settle(store.append(`${s}-n`, 0, events(1)));
      await waitFor(() => gates.length === 1);
      // Another instance (a writer lease's hand-over) queues at the lock first, then flush B, decided on top of A.
      const foreign = settle(other.append(s, 'any', events(1, 'Foreign')));
      await untilAtLock(1);
      const second = settle(store.append(s, 2, events(1, 'OnTopOfFirst'), chain));
      await untilAtLock(2);
      // A fails: the other instance takes version 2, then B finds the version it expects.
      gates[0]!.fail();
      stopHolding();
      expect(await first).toBeInstanceOf(Error);
      expect(await neighbour).toBe('ok');
      expect(await foreign).toBe('ok');
      // Decided on a state holding A's event, which was not written: B's append must not be written either.
      expect(await second).toBeInstanceOf(BrokenChainError);
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['Seed', 'Foreign']);
    } finally {
      stopHolding();
      await watcher.end();
      await other.close();
      await store.close();
    }
  });
});
