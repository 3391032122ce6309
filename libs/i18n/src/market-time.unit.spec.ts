import { describe, expect, it } from 'vitest';
import { MARKETS } from '@auction/domain';
import { calendarDateIn, clockTimeIn, formatDateIn, formatDateTimeIn, formatTimeIn, timeZoneOfMarket, toInstantIn } from './market-time.js';

// The browser's (here the process's) zone is not the market's: every reading below must ignore it.
process.env.TZ = 'America/New_York';

describe('market time', () => {
  it('reads an instant on the market wall clock, summer and winter time included', () => {
    expect(formatDateTimeIn('2026-07-10T08:05:09Z', timeZoneOfMarket('IT'))).toBe('10/07/2026 10:05:09');
    expect(formatDateTimeIn('2026-01-10T23:30:00Z', timeZoneOfMarket('IT'))).toBe('11/01/2026 00:30:00');
    expect(formatDateTimeIn('2026-01-10T23:30:00Z', timeZoneOfMarket('PT'))).toBe('10/01/2026 23:30:00');
    expect(formatDateTimeIn('2026-01-10T23:30:00Z', timeZoneOfMarket('OTHER'))).toBe('10/01/2026 23:30:00');
    expect(formatDateTimeIn('not a date', 'UTC')).toBe('–');
    expect(formatDateIn('2026-01-10T23:30:00Z', timeZoneOfMarket('IT'))).toBe('11/01/2026');
    expect(formatTimeIn('2026-01-10T23:30:00Z', timeZoneOfMarket('IT'))).toBe('00:30');
    expect(formatTimeIn('not a date', 'UTC')).toBe('–');
  });

  it('has a valid zone for every market', () => {
    for (const m of MARKETS) expect(() => formatDateTimeIn(0, timeZoneOfMarket(m))).not.toThrow();
  });
});

describe('market wall clock to instant and back (#21 item 19)', () => {
  const rome = 'Europe/Rome';
  it('reads a date and time typed on the market clock, whatever the browser zone', () => {
    expect(toInstantIn({ year: 2026, month: 7, day: 10 }, { hour: 10, minute: 5 }, rome)).toBe('2026-07-10T08:05:00.000Z');
    expect(toInstantIn({ year: 2026, month: 1, day: 11 }, { hour: 0, minute: 30 }, rome)).toBe('2026-01-10T23:30:00.000Z');
    expect(toInstantIn({ year: 2026, month: 1, day: 10 }, { hour: 23, minute: 30 }, 'Europe/Lisbon')).toBe('2026-01-10T23:30:00.000Z');
    expect(toInstantIn({ year: 2026, month: 7, day: 10 }, { hour: 9, minute: 0 }, 'Europe/London')).toBe('2026-07-10T08:00:00.000Z');
    expect(calendarDateIn('2026-01-10T23:30:00Z', rome)).toEqual({ year: 2026, month: 1, day: 11 });
    expect(clockTimeIn('2026-01-10T23:30:00Z', rome)).toEqual({ hour: 0, minute: 30 });
  });

  it('moves a time skipped by the spring change forward by the gap, and takes the first of a time that happens twice', () => {
    // 29/03/2026 02:00 Rome does not exist (clocks go 02:00 → 03:00): 02:30 is 03:30 summer time.
    expect(toInstantIn({ year: 2026, month: 3, day: 29 }, { hour: 2, minute: 30 }, rome)).toBe('2026-03-29T01:30:00.000Z');
    expect(toInstantIn({ year: 2026, month: 3, day: 29 }, { hour: 3, minute: 0 }, rome)).toBe('2026-03-29T01:00:00.000Z');
    // 25/10/2026 02:30 Rome happens twice (summer, then winter time): the first.
    expect(toInstantIn({ year: 2026, month: 10, day: 25 }, { hour: 2, minute: 30 }, rome)).toBe('2026-10-25T00:30:00.000Z');
    expect(toInstantIn({ year: 2026, month: 10, day: 25 }, { hour: 3, minute: 30 }, rome)).toBe('2026-10-25T02:30:00.000Z');
  });

  it('round-trips every market\'s readings, and refuses a date that does not exist', () => {
    for (const m of MARKETS) {
      const zone = timeZoneOfMarket(m);
      const instant = toInstantIn({ year: 2026, month: 11, day: 23 }, { hour: 14, minute: 45 }, zone);
      expect(clockTimeIn(instant, zone)).toEqual({ hour: 14, minute: 45 });
      expect(calendarDateIn(instant, zone)).toEqual({ year: 2026, month: 11, day: 23 });
    }
    expect(() => toInstantIn({ year: 2026, month: 2, day: 29 }, { hour: 0, minute: 0 }, rome)).toThrow(RangeError);
  });
});
