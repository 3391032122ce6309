import { describe, expect, it } from 'vitest';
import { MARKETS } from '@auction/domain';
import { formatDateTimeIn, timeZoneOfMarket } from './market-time.js';

describe('market time', () => {
  it('reads an instant on the market wall clock, summer and winter time included', () => {
    expect(formatDateTimeIn('2026-07-10T08:05:09Z', timeZoneOfMarket('IT'))).toBe('10/07/2026 10:05:09');
    expect(formatDateTimeIn('2026-01-10T23:30:00Z', timeZoneOfMarket('IT'))).toBe('11/01/2026 00:30:00');
    expect(formatDateTimeIn('2026-01-10T23:30:00Z', timeZoneOfMarket('PT'))).toBe('10/01/2026 23:30:00');
    expect(formatDateTimeIn('2026-01-10T23:30:00Z', timeZoneOfMarket('OTHER'))).toBe('10/01/2026 23:30:00');
    expect(formatDateTimeIn('not a date', 'UTC')).toBe('–');
  });

  it('has a valid zone for every market', () => {
    for (const m of MARKETS) expect(() => formatDateTimeIn(0, timeZoneOfMarket(m))).not.toThrow();
  });
});
