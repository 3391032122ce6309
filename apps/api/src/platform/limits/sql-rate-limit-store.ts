import { createHash } from 'node:crypto';
import type { ReadModelDb } from '@auction/read-models';
import type { LimitWindows } from '../../identity/passwords/request-limiter.js';
import { sideTable } from '../engine/side-table.js';

const TABLE = 'public.rate_limit_windows';
/** Every this many hits an instance deletes the windows that are over. */
const SWEEP_EVERY = 1_000;

/** The longest key kept as it is (an IPv6 address is at most 45 characters). */
const MAX_PLAIN_KEY = 200;

/**
 * A counter's key as a side table keeps it: a longer one as its digest. A client address taken from `X-Forwarded-For`
 * (TRUST_PROXY=true) can be any text the client sends: one over the index's limit (2704 bytes) failed the call with a
 * 500.
 */
export const tableKey = (key: string) => (key.length <= MAX_PLAIN_KEY ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`);

type Db = Pick<ReadModelDb, 'query' | 'transaction'>;
type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The options of one `createRateLimit` call, with the name its counters are kept under. */
export interface NamedLimit {
  /** Names the counters of one limiter (two limiters may count the same address). */
  readonly nameSpace?: string;
}

/**
 * A store of @fastify/rate-limit (its `store` option: a class the plugin constructs, whose `child` each
 * `createRateLimit` gets) keeping fixed windows in one SQL table on the read models' connection, so that every API
 * instance counts the same hits per client address: one upsert a hit, one primary-key read a peek. The windows of
 * each limiter are apart by its `nameSpace` option.
 */
export function sqlRateLimitStore(db: Db): new (options: NamedLimit) => SqlRateLimitStore {
  const windows = new SqlLimitWindows(db);
  return class extends SqlRateLimitStore {
    constructor(options: NamedLimit) {
      super(windows, options.nameSpace ?? 'default');
    }
  };
}

/**
 * The fixed windows of every limiter, one table on the read models' connection (outside the read-model schema): the
 * windows of @fastify/rate-limit's limiters (below) and of the services' `RequestLimiter`s.
 */
export class SqlLimitWindows implements LimitWindows {
  private readonly ensure: () => Promise<void>;
  private hitsSinceSweep = 0;

  constructor(private readonly db: Db) {
    this.ensure = sideTable(db as ReadModelDb, 'rate_limit_windows', [
      `CREATE TABLE IF NOT EXISTS ${TABLE} (
        name text NOT NULL, key text NOT NULL, hits integer NOT NULL, window_start bigint NOT NULL, window_ms bigint NOT NULL,
        PRIMARY KEY (name, key))`,
      `CREATE INDEX IF NOT EXISTS rate_limit_windows_end ON ${TABLE} ((window_start + window_ms))`,
    ]);
  }

  async hit(name: string, key: string, windowMs: number, now: number): Promise<{ hits: number; start: number }> {
    await this.ensure();
    const [row] = await this.db.query<{ hits: number; window_start: string | number }>(
      `INSERT INTO ${TABLE} AS t (name, key, hits, window_start, window_ms) VALUES ($1, $2, 1, $3, $4)
       ON CONFLICT (name, key) DO UPDATE SET
         hits = CASE WHEN t.window_start + $4 <= $3 THEN 1 ELSE t.hits + 1 END,
         window_start = CASE WHEN t.window_start + $4 <= $3 THEN $3 ELSE t.window_start END, window_ms = $4
       RETURNING hits, window_start`,
      [name, tableKey(key), now, windowMs]);
    if (++this.hitsSinceSweep >= SWEEP_EVERY) {
      this.hitsSinceSweep = 0;
      await this.db.query(`DELETE FROM ${TABLE} WHERE window_start + window_ms <= $1`, [now]);
    }
    return { hits: Number(row!.hits), start: Number(row!.window_start) };
  }

  /** The hits of `key`'s current window (0 when over or none), counting nothing. */
  async read(name: string, key: string, windowMs: number, now: number): Promise<{ hits: number; start: number }> {
    await this.ensure();
    const [row] = await this.db.query<{ hits: number; window_start: string | number }>(
      `SELECT hits, window_start FROM ${TABLE} WHERE name = $1 AND key = $2`, [name, tableKey(key)]);
    if (!row || Number(row.window_start) + windowMs <= now) return { hits: 0, start: now };
    return { hits: Number(row.hits), start: Number(row.window_start) };
  }
}

export class SqlRateLimitStore {
  constructor(private readonly windows: SqlLimitWindows, private readonly name: string) {}

  /** Counts a hit of `key` in its window (a new window when the last one is over). */
  incr(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    this.run(callback, this.windows.hit(this.name, key, timeWindow, now), timeWindow, now);
  }

  /** The hits of `key`'s current window, counting nothing. */
  read(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    this.run(callback, this.windows.read(this.name, key, timeWindow, now), timeWindow, now);
  }

  /** The store of one limiter (`createRateLimit`), named by its `nameSpace` option. */
  child(options: NamedLimit): SqlRateLimitStore {
    return new SqlRateLimitStore(this.windows, options.nameSpace ?? this.name);
  }

  private run(callback: Callback, window: Promise<{ hits: number; start: number }>, timeWindow: number, now: number): void {
    window.then(
      ({ hits, start }) => callback(null, { current: hits, ttl: hits === 0 ? 0 : start + timeWindow - now }),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }
}
