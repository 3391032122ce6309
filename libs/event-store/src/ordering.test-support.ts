import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { events } from './contract.test-support.js';
import { WrongExpectedVersionError, type StoredEvent } from './event-store.port.js';
import { prepareUnit } from './internal/append-unit.js';
import { writeUnits } from './internal/sql-append.js';
import { eventStoreSql } from './internal/sql-schema.js';
import { PostgresEventStore } from './postgres-event-store.js';

/**
 * PostgreSQL with several writer processes (simulated by separate pools): transactions commit out
 * of position order, and a reader tailing `readAll` must still see every event once, in
 * increasing position order.
 */
export function describeConcurrentWriters(databaseUrl: string, schema: string): void {
  describe('PostgreSQL: concurrent writers (separate pools)', () => {
    const open = async (poolSize: number) => {
      const store = new PostgresEventStore(databaseUrl, { schema, pool: { max: poolSize } });
      await store.init();
      return store;
    };

    it('checks expected versions across instances: exactly one wins', async () => {
      const stores = await Promise.all([open(2), open(2), open(2)]);
      const id = `x${randomUUID().slice(0, 8)}`;
      const outcomes = await Promise.allSettled(stores.flatMap((s) => [s.append(id, 0, events(1)), s.append(id, 0, events(1))]));
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(await stores[0]!.readStream(id)).toHaveLength(1);
      await Promise.all(stores.map((s) => s.close()));
    });

    it('lets a tailing reader see every event once, never going back, while commits land out of order', async () => {
      const p = `o${randomUUID().slice(0, 8)}`;
      const writers = await Promise.all(Array.from({ length: 4 }, () => open(3)));
      const reader = await open(1);
      const sql = eventStoreSql(schema);
      let commitSeq = 0;
      const committed = new Map<number, number>(); // position -> commit sequence number

      // A writer that takes its position, then holds its transaction open while others commit.
      const slowAppend = async (streamId: string, holdMs: number): Promise<void> => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query('BEGIN');
        const tx = { query: async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[] };
        const [outcome] = await writeUnits(tx, sql, [prepareUnit([{ streamId, expectedVersion: 0, events: events(1, 'Slow') }])]);
        if (!outcome?.ok) throw new Error('slow append refused');
        await sleep(holdMs);
        await client.query('COMMIT');
        committed.set(outcome.results[0]!.positions[0]!, commitSeq++);
        await client.end();
      };

      const seen: StoredEvent[] = [];
      let lastSeen = await reader.headPosition();
      let regressions = 0;
      let done = false;
      const tail = (async () => {
        for (;;) {
          const finishing = done;
          const page = await reader.readAll(lastSeen, 50);
          for (const event of page) {
            if (event.position <= lastSeen) regressions += 1;
            lastSeen = Math.max(lastSeen, event.position);
            if (event.streamId.startsWith(p)) seen.push(event);
          }
          if (page.length === 0 && finishing) return;
          if (page.length === 0) await sleep(2);
        }
      })();

      const fast = writers.map(async (store, w) => {
        for (let round = 0; round < 25; round++) {
          const batch = Array.from({ length: 6 }, (_, i) => store.append(`${p}-w${w}-${round}-${i}`, 0, events(1 + (i % 2))));
          for (const result of await Promise.all(batch)) for (const pos of result.positions) committed.set(pos, commitSeq++);
        }
      });
      const slow = [0, 60, 150].map(async (delay, i) => {
        await sleep(delay);
        await slowAppend(`${p}-slow-${i}`, 250);
      });
      await Promise.all([...fast, ...slow]);
      done = true;
      await tail;

      const positions = seen.map((e) => e.position);
      expect(regressions).toBe(0);
      expect(new Set(positions).size).toBe(positions.length);
      expect([...positions].sort((a, b) => a - b)).toEqual([...committed.keys()].sort((a, b) => a - b));
      // The scenario really happened: some event with a higher position committed before a slow one.
      const slowPositions = seen.filter((e) => e.type === 'Slow').map((e) => e.position);
      const overtaken = slowPositions.filter((sp) => [...committed].some(([pos, seq]) => pos > sp && seq < committed.get(sp)!));
      expect(overtaken.length).toBeGreaterThan(0);
      const stats = writers.map((s) => s.stats());
      const sum = (key: 'flushes' | 'appends') => stats.reduce((total, s) => total + s[key], 0);
      console.info(
        `[postgres] concurrent writers: ${positions.length} events, ${sum('appends')} appends in ${sum('flushes')} flushes ` +
          `over 4 pools, ${overtaken.length}/3 slow transactions overtaken by later positions`,
      );
      await Promise.all([...writers, reader].map((s) => s.close()));
    });
  });
}
