/**
 * The fixed-window limiter: in memory, and on the SQL windows every instance shares (PGlite in memory; PostgreSQL
 * too when DATABASE_URL is set, there with two connections: two instances).
 */
import { describe, expect, it } from '@jest/globals';
import type { ReadModelDb } from '@auction/read-models';
import { SqlLimitWindows } from '../../platform/limits/sql-rate-limit-store.js';
import { READ_MODEL_MODES, withFreshReadModelDb } from '../../testing/read-model-db.test-support.js';
import { RequestLimiter } from './request-limiter.js';

describe('RequestLimiter', () => {
  it('allows max hits per window and key, then answers the wait until the window ends', async () => {
    const limiter = new RequestLimiter(2, 1000);
    expect(await limiter.hit('a', 0)).toBe(0);
    expect(await limiter.hit('a', 100)).toBe(0);
    expect(await limiter.hit('a', 400)).toBe(600);
    expect(await limiter.hit('b', 400)).toBe(0);
    expect(await limiter.hit('a', 1000)).toBe(0);
    expect(await limiter.hit('a', 1000)).toBe(0);
    expect(await limiter.hit('a', 1500)).toBe(500);
  });

  it('stays bounded under a flood of distinct keys', async () => {
    const limiter = new RequestLimiter(1, 1000, 10);
    for (let i = 0; i < 100; i++) expect(await limiter.hit(`k${i}`, 0)).toBe(0);
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThanOrEqual(10);
  });
});

describe.each(READ_MODEL_MODES)('RequestLimiter on the shared SQL windows on %s (#24 item 1)', (mode) => {
  let a: ReadModelDb;
  let b: ReadModelDb;
  withFreshReadModelDb(mode, ([first, second]) => { a = first!; b = second!; }, 2);

  it('counts the hits of two instances in one window, per limiter name', async () => {
    const one = new RequestLimiter(2, 1000, undefined, { windows: new SqlLimitWindows(a), name: 'recovery' });
    const two = new RequestLimiter(2, 1000, undefined, { windows: new SqlLimitWindows(b), name: 'recovery' });
    const other = new RequestLimiter(2, 1000, undefined, { windows: new SqlLimitWindows(b), name: 'invitations' });
    expect(await one.hit('a', 0)).toBe(0);
    expect(await two.hit('a', 100)).toBe(0);
    expect(await one.hit('a', 400)).toBe(600);
    expect(await two.hit('a', 400)).toBe(600);
    expect(await other.hit('a', 400)).toBe(0);
    expect(await two.hit('a', 1000)).toBe(0);
    // Concurrent hits on both instances all count.
    const waits = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? one : two).hit('burst', 2000)));
    expect(waits.filter((w) => w === 0)).toHaveLength(2);
  });
});
