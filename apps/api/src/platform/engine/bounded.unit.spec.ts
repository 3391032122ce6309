import { describe, expect, it } from '@jest/globals';
import { settleBounded } from './bounded.js';

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
