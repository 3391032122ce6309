import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { events, waitFor } from './contract.test-support.js';
import { BrokenChainError } from './event-store.port.js';
import type { SqlExecutor } from './internal/sql-executor.js';
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

describe('attack 48: two instances on one stream', () => {
  it('keeps a stream\'s versions in position order when an instance that reserved first takes the stream\'s lock last', async () => {
    const slow = new PostgresEventStore(databaseUrl, { schema, pool: { max: 2 } });
    const fast = new PostgresEventStore(databaseUrl, { schema, pool: { max: 2 } });
    await slow.init();
    // The slow instance's flushes pause between their BEGIN (positions reserved) and their lock (a busy event loop).
    const executor = (slow as unknown as { executor: SqlExecutor }).executor;
    const transaction = executor.transaction.bind(executor);
    const pauses: (() => void)[] = [];
    let pausing = true;
    executor.transaction = (work, opening) => transaction(async (tx, opened) => {
      if (pausing) await new Promise<void>((resolve) => pauses.push(resolve));
      return work(tx, opened);
    }, opening);
    try {
      const s = `attack48-order-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
      const first = slow.append(s, 'any', events(1, 'ReservedFirst'));
      await waitFor(() => pauses.length === 1);
      await fast.append(s, 'any', events(1, 'ReservedSecond'));
      pausing = false;
      pauses[0]!();
      await first;
      const stored = await fast.readStream(s);
      const positions = stored.map((e) => e.position);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
      const log = (await fast.readAll(0, 100_000)).filter((e) => e.streamId === s);
      expect(log.map((e) => e.streamVersion)).toEqual([1, 2]);
    } finally {
      pausing = false;
      for (const resume of pauses) resume();
      await fast.close();
      await slow.close();
    }
  });
});

describe('attack 48: chained appends hammered with failing flushes and a foreign writer', () => {
  it.each([
    ['', false],
    [' and its connections killed', true],
  ])('writes every event right after the one it was decided on, each acknowledged once, none refused%s', async (_, kill) => {
    const application_name = `attack48_${Math.random().toString(36).slice(2, 8)}`;
    const store = new PostgresEventStore(databaseUrl, { schema, maxBatchEvents: 16, pool: { max: 3, application_name } });
    const other = new PostgresEventStore(databaseUrl, { schema, pool: { max: 2 } });
    await store.init();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    // Some events fail their flush (a trigger raising), some hold it a little (so flushes overlap).
    await admin.query(`CREATE OR REPLACE FUNCTION ${schema}.attack48_trap() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.data->>'trap' = 'fail' THEN RAISE EXCEPTION 'attack48 trap'; END IF;
        IF NEW.data->>'trap' = 'slow' THEN PERFORM pg_sleep(0.01); END IF;
        RETURN NEW;
      END $$`);
    await admin.query(`CREATE TRIGGER attack48_trap BEFORE INSERT ON ${schema}.events FOR EACH ROW EXECUTE FUNCTION ${schema}.attack48_trap()`);
    const run = Math.random().toString(36).slice(2, 8);
    interface Producer { id: string; version: number; last: string | null; chain: { broken: Error | null }; inFlight: Promise<unknown>[]; reloading: Promise<void> | null }
    const producers: Producer[] = Array.from({ length: 6 }, (_, i) => ({
      id: `h48-${run}-${i}`, version: 0, last: null, chain: { broken: null }, inFlight: [], reloading: null,
    }));
    const acknowledged = new Set<string>();
    const refused = new Set<string>();
    let seq = 0;
    let killed = 0;
    const trapOf = (roll: number) => (roll < 0.03 ? 'fail' : roll < 0.15 ? 'slow' : 'none');
    const reload = (p: Producer) => (p.reloading ??= (async () => {
      await Promise.allSettled(p.inFlight);
      let stored: Awaited<ReturnType<typeof store.readStream>> | null = null;
      // Its connection may be killed too: read again, a little later (reads refused at once must not spin on promises,
      // which would starve the timers and hang the test past its timeout), until a deadline (then the test fails).
      const deadline = Date.now() + 30_000;
      while (!stored) {
        stored = await store.readStream(p.id).catch((error: unknown) => {
          if (Date.now() > deadline) throw new Error(`${p.id} could not be read for 30 s`, { cause: error });
          return null;
        });
        if (!stored) await new Promise((r) => setTimeout(r, 20));
      }
      p.version = stored.length;
      p.last = (stored.at(-1)?.data as { id?: string } | undefined)?.id ?? null;
      p.chain = { broken: null };
      p.reloading = null;
    })());
    const decide = (p: Producer, trap = trapOf(Math.random())) => {
      const id = `e${++seq}`;
      const append = store.append(p.id, p.version, [{ type: 'Decided', data: { id, after: p.last, trap } }], p.chain);
      p.version += 1;
      p.last = id;
      const settled = append.then(() => void acknowledged.add(id), () => {
        refused.add(id);
        // A failed reload is seen where every producer reloads after the hammer.
        reload(p).catch(() => {});
      });
      p.inFlight.push(settled);
      return id;
    };
    for (let round = 0; round < 150; round++) {
      for (const p of producers) {
        if (p.reloading) continue;
        decide(p);
        if (Math.random() < 0.5) decide(p);
      }
      if (kill && round % 10 === 5) {
        const { rows: [row] } = await admin.query<{ n: number }>(
          `SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1 AND state <> 'idle'`,
          [application_name],
        );
        killed += row!.n;
      }
      if (Math.random() < 0.2) {
        const p = producers[Math.floor(Math.random() * producers.length)]!;
        void other.append(p.id, 'any', [{ type: 'Foreign', data: { id: `f${++seq}`, trap: 'none' } }]).catch(() => {});
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    for (const p of producers) await Promise.allSettled(p.inFlight);
    await other.close();
    // Once the traps, kills and foreign events stop, every producer's next append is acknowledged: the store recovers
    // (and the run acknowledged something even where the kills refused every flush before, as CI once saw).
    await Promise.all(producers.map((p) => reload(p)));
    const afterwards = producers.map((p) => decide(p, 'none'));
    for (const p of producers) await Promise.allSettled(p.inFlight);
    console.log(`attack 48 hammer${kill ? ' with kills' : ''}: ${acknowledged.size} appends acknowledged, ${refused.size} refused, ${killed} connections killed`);
    try {
      const rows = (await admin.query<{ position: string; stream_id: string; stream_version: number; type: string; data: { id: string; after?: string | null } }>(
        `SELECT position, stream_id, stream_version, type, data FROM ${schema}.events WHERE stream_id LIKE $1 ORDER BY position`, [`h48-${run}-%`],
      )).rows;
      const problems: string[] = [];
      const byStream = new Map<string, typeof rows>();
      for (const row of rows) byStream.set(row.stream_id, [...(byStream.get(row.stream_id) ?? []), row]);
      const written = new Map<string, number>();
      for (const [streamId, stream] of byStream) {
        stream.forEach((row, i) => {
          written.set(row.data.id, (written.get(row.data.id) ?? 0) + 1);
          if (row.stream_version !== i + 1) problems.push(`${streamId}: version ${row.stream_version} at ${i + 1} (position order)`);
        });
        const byVersion = [...stream].sort((x, y) => x.stream_version - y.stream_version);
        byVersion.forEach((row, i) => {
          const before = i === 0 ? null : byVersion[i - 1]!.data.id;
          if (row.type === 'Decided' && row.data.after !== before) problems.push(`${streamId}: ${row.data.id} decided after ${row.data.after}, written after ${before}`);
        });
      }
      for (const id of acknowledged) if (written.get(id) !== 1) problems.push(`acknowledged ${id} written ${written.get(id) ?? 0} times`);
      for (const id of refused) if (written.has(id)) problems.push(`refused ${id} written`);
      expect(problems).toEqual([]);
      expect(afterwards.filter((id) => !acknowledged.has(id))).toEqual([]);
      // Most refusals are the pipelined appends behind a refused one (BrokenChainError), as with the StreamWriter.
      expect(refused.size).toBeGreaterThan(0);
      // The kills hit connections at work.
      if (kill) expect(killed).toBeGreaterThan(0);
    } finally {
      await admin.query(`DROP TRIGGER attack48_trap ON ${schema}.events`);
      await admin.end();
      await store.close();
    }
  }, 120_000);
});

describe('attack 48: shutdown and a small pool', () => {
  it('close() waits for a failed flush tried again after the flush behind it, then ends', async () => {
    const { store, gates, stopHolding } = await heldFlushStore(databaseUrl, schema);
    const p = `attack48-close-${Date.now().toString(36)}`;
    const settle = (a: Promise<unknown>) => a.then(() => 'ok' as const, (e: unknown) => e as Error);
    const a = [settle(store.append(`${p}-a`, 0, events(1))), settle(store.append(`${p}-b`, 0, events(1)))];
    await waitFor(() => gates.length === 1);
    const c = settle(store.append(`${p}-c`, 0, events(1)));
    await waitFor(() => gates.length === 2);
    let closed = false;
    const closing = store.close().then(() => (closed = true));
    gates[0]!.fail();
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false);
    stopHolding();
    await closing;
    expect(await Promise.all([...a, c])).toEqual(['ok', 'ok', 'ok']);
  });

  it('with a pool of one, two flushes, reads and a failing flush all settle', async () => {
    const store = new PostgresEventStore(databaseUrl, { schema, maxBatchEvents: 4, pool: { max: 1 } });
    await store.init();
    const p = `attack48-pool-${Date.now().toString(36)}`;
    try {
      const appends = Array.from({ length: 60 }, (_, i) => store.append(`${p}-${i % 5}`, 'any', [{ type: 'T', data: i % 17 === 0 ? { bad: 'x\u0000' } : { i } }])
        .then(() => 'ok', () => 'refused'));
      const reads = Array.from({ length: 10 }, () => store.readAll(0, 50));
      const outcomes = await Promise.race([Promise.all(appends), new Promise((_, reject) => setTimeout(() => reject(new Error('stuck')), 15_000))]);
      await Promise.all(reads);
      expect((outcomes as string[]).filter((o) => o === 'refused')).toHaveLength(4);
      const stored = (await Promise.all([0, 1, 2, 3, 4].map((k) => store.readStream(`${p}-${k}`)))).flat();
      expect(stored).toHaveLength(56);
    } finally {
      await store.close();
    }
  }, 30_000);
});

describe('attack 48: a subscription while two flushes commit out of order', () => {
  it('delivers the earlier position first though the later flush committed first', async () => {
    const { store, gates, stopHolding } = await heldFlushStore(databaseUrl, schema);
    const reader = new PostgresEventStore(databaseUrl, { schema, pollIntervalMs: 10, pool: { max: 2 } });
    const p = `attack48-sub-${Date.now().toString(36)}`;
    const seen: { streamId: string; position: number }[] = [];
    const subscription = reader.subscribe(await reader.headPosition(), async (batch) => {
      for (const e of batch) if (e.streamId.startsWith(p)) seen.push({ streamId: e.streamId, position: e.position });
    });
    try {
      const first = store.append(`${p}-a`, 0, events(1));
      await waitFor(() => gates.length === 1);
      const second = store.append(`${p}-b`, 0, events(1));
      await waitFor(() => gates.length === 2);
      gates[1]!.release();
      const b = await second;
      await new Promise((r) => setTimeout(r, 200));
      // B committed, A still open below it: nothing delivered past A's gap.
      expect(seen).toEqual([]);
      stopHolding();
      const a = await first;
      await waitFor(() => seen.length === 2);
      expect(seen.map((e) => e.position)).toEqual([a.positions[0], b.positions[0]]);
    } finally {
      stopHolding();
      await subscription.close();
      await reader.close();
      await store.close();
    }
  });
});
