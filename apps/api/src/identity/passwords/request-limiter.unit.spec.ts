import { describe, expect, it } from '@jest/globals';
import { RequestLimiter } from './request-limiter.js';

describe('RequestLimiter', () => {
  it('allows max hits per window and key, then answers the wait until the window ends', () => {
    const limiter = new RequestLimiter(2, 1000);
    expect(limiter.hit('a', 0)).toBe(0);
    expect(limiter.hit('a', 100)).toBe(0);
    expect(limiter.hit('a', 400)).toBe(600);
    expect(limiter.hit('b', 400)).toBe(0);
    expect(limiter.hit('a', 1000)).toBe(0);
  });

  it('stays bounded under a flood of distinct keys', () => {
    const limiter = new RequestLimiter(1, 1000, 10);
    for (let i = 0; i < 100; i++) expect(limiter.hit(`k${i}`, 0)).toBe(0);
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThanOrEqual(10);
  });
});
