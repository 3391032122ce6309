// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { dateTimeValueOf, instantOf } from './date-time-value.js';
import { decideNewEnd } from './extend-time.js';

// The browser's clock is not the market's: New York while the auction is Italian (#21 item 19).
process.env.TZ = 'America/New_York';
const ROME = 'Europe/Rome';

/** An instant on Rome's winter clock (UTC+1), as the pickers of an Italian auction read it. */
const local = (y: number, mo: number, d: number, h: number, mi: number, s = 0) => new Date(Date.UTC(y, mo - 1, d, h - 1, mi, s)).toISOString();
const START = local(2026, 11, 21, 9, 0);
const BEFORE_START = Date.parse(local(2026, 11, 21, 8, 0));

describe('extend-time rule', () => {
  test('a valid end is sent as an ISO instant with seconds set to zero', () => {
    const decision = decideNewEnd(START, { date: '21/11/2026', hour: '11', minute: '45' }, BEFORE_START, ROME);
    expect(decision).toEqual({ ok: true, endDate: local(2026, 11, 21, 11, 45) });
    if (decision.ok) expect(new Date(decision.endDate).getUTCSeconds()).toBe(0);
  });

  test('the seconds of the current end are dropped when it is picked again', () => {
    const current = local(2026, 11, 21, 10, 30, 37);
    const decision = decideNewEnd(START, dateTimeValueOf(current, ROME), BEFORE_START, ROME);
    expect(decision).toEqual({ ok: true, endDate: local(2026, 11, 21, 10, 30, 0) });
  });

  test('an end before the start is refused', () => {
    expect(decideNewEnd(START, { date: '21/11/2026', hour: '08', minute: '59' }, BEFORE_START, ROME)).toEqual({ ok: false, error: 'endBeforeStart' });
    expect(decideNewEnd(START, { date: '20/11/2026', hour: '23', minute: '00' }, BEFORE_START, ROME)).toEqual({ ok: false, error: 'endBeforeStart' });
  });

  test('an end equal to the start is allowed, as the server allows it', () => {
    expect(decideNewEnd(START, { date: '21/11/2026', hour: '09', minute: '00' }, BEFORE_START, ROME)).toEqual({ ok: true, endDate: START });
  });

  test('an end not after now is refused', () => {
    const now = Date.parse(local(2026, 11, 21, 12, 0, 30));
    expect(decideNewEnd(START, { date: '21/11/2026', hour: '12', minute: '00' }, now, ROME)).toEqual({ ok: false, error: 'endNotFuture' });
    expect(decideNewEnd(START, { date: '21/11/2026', hour: '12', minute: '01' }, now, ROME).ok).toBe(true);
  });

  test('a date that does not exist or a bad time is refused', () => {
    expect(decideNewEnd(START, { date: '31/11/2026', hour: '10', minute: '00' }, BEFORE_START, ROME)).toEqual({ ok: false, error: 'date' });
    expect(decideNewEnd(START, { date: '2026-11-21', hour: '10', minute: '00' }, BEFORE_START, ROME)).toEqual({ ok: false, error: 'date' });
    expect(decideNewEnd(START, { date: '21/11/2026', hour: '24', minute: '00' }, BEFORE_START, ROME)).toEqual({ ok: false, error: 'date' });
    expect(decideNewEnd(START, { date: '21/11/2026', hour: '10', minute: '' }, BEFORE_START, ROME)).toEqual({ ok: false, error: 'date' });
  });
});

describe('picker values', () => {
  test('an instant shows as DD/MM/YYYY with two-digit hour and minute', () => {
    expect(dateTimeValueOf(local(2026, 3, 5, 7, 4), ROME)).toEqual({ date: '05/03/2026', hour: '07', minute: '04' });
  });

  test('a leap day exists only in leap years', () => {
    expect(instantOf({ date: '29/02/2028', hour: '00', minute: '00' }, ROME)).toBe(local(2028, 2, 29, 0, 0));
    expect(instantOf({ date: '29/02/2027', hour: '00', minute: '00' }, ROME)).toBeNull();
  });
});

describe('the market\'s clock, not the browser\'s (#21 item 19)', () => {
  test('an Italian auction\'s new end is read on Rome\'s clock by a browser in New York, daylight saving included', () => {
    expect(decideNewEnd(START, { date: '21/11/2026', hour: '18', minute: '30' }, BEFORE_START, ROME)).toEqual({ ok: true, endDate: '2026-11-21T17:30:00.000Z' });
    // 29/03/2026: Rome is on summer time from 02:00 (UTC+2), New York since 08/03.
    expect(decideNewEnd(START, { date: '29/03/2027', hour: '10', minute: '00' }, BEFORE_START, ROME)).toEqual({ ok: true, endDate: '2027-03-29T08:00:00.000Z' });
    expect(dateTimeValueOf('2026-07-10T08:05:00Z', ROME)).toEqual({ date: '10/07/2026', hour: '10', minute: '05' });
    expect(dateTimeValueOf('2026-07-10T08:05:00Z', 'Europe/London')).toEqual({ date: '10/07/2026', hour: '09', minute: '05' });
  });
});
