import { describe, expect, it } from '@jest/globals';
import { concurrencyLimit, settleBounded, settledWithin } from './bounded.js';

describe('settleBounded', () => {
  it('never has more than the limit in flight and keeps the order of the items', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await settleBounded(Array.from({ length: 50 }, (_, i) => i), 4, async (i) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, i % 3));
      inFlight--;
      if (i === 7) throw new Error('seven');
      return i * 2;
    });
    expect(most).toBe(4);
    expect(results).toHaveLength(50);
    expect(results[7]).toEqual({ status: 'rejected', reason: new Error('seven') });
    expect(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<number>).value)).toEqual(
      Array.from({ length: 50 }, (_, i) => i * 2).filter((v) => v !== 14),
    );
  });

  it('settles an empty list', async () => {
    expect(await settleBounded([], 8, async () => 1)).toEqual([]);
  });
});

describe('concurrencyLimit', () => {
  it('runs at most the limit at once, first come first served, and frees the place of a call that failed', async () => {
    const run = concurrencyLimit(2);
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => run(async () => {
      started.push(i);
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 3));
      inFlight--;
      if (i === 1) throw new Error('failed');
      return i;
    })));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(await run(async () => 'after')).toBe('after');
  });
});

describe('settledWithin', () => {
  it('gives the value in time, null for a rejection or a late answer', async () => {
    expect(await settledWithin(Promise.resolve(7), 50)).toBe(7);
    expect(await settledWithin(Promise.reject(new Error('down')), 50)).toBeNull();
    const started = Date.now();
    expect(await settledWithin(new Promise<number>((resolve) => setTimeout(() => resolve(1), 500)), 30)).toBeNull();
    expect(Date.now() - started).toBeLessThan(400);
  });
});
