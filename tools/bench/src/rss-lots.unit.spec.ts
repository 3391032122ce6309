import { describe, expect, it } from 'vitest';
import { parseRssLots } from './rss-lots.js';

describe('--rss-lots AxL', () => {
  it('reads auctions and lots', () => {
    expect(parseRssLots('100x1000')).toEqual({ auctions: 100, lots: 1000 });
    expect(parseRssLots('1x1')).toEqual({ auctions: 1, lots: 1 });
    expect(parseRssLots('500x2000')).toEqual({ auctions: 500, lots: 2000 });
  });

  it.each(['0x10', '10x0', '-1x10', '10x', 'x10', '1e3x1', '10X10', ' 10x10', '10x10x1', '1.5x2', ''])('refuses %j', (text) => {
    expect(parseRssLots(text)).toHaveProperty('error', expect.stringMatching(/^--rss-lots /));
  });

  it('refuses more lots per auction than the API takes, and totals that would never end', () => {
    expect(parseRssLots('1x2001')).toEqual({ error: expect.stringContaining('at most 2000 lots per auction') });
    expect(parseRssLots('1001x1000')).toEqual({ error: expect.stringContaining('at most 1,000,000 lots in all') });
    expect(parseRssLots(`${'9'.repeat(400)}x1`)).toHaveProperty('error');
    expect(parseRssLots('99999999999999999999x1')).toHaveProperty('error');
  });
});
