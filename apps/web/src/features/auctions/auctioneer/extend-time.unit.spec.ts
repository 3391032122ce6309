// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { dateTimeValueOf, instantOf } from './date-time-value.js';
import { decideNewEnd } from './extend-time.js';

/** Local wall-clock instant, as the pickers read it. */
const local = (y: number, mo: number, d: number, h: number, mi: number, s = 0) => new Date(y, mo - 1, d, h, mi, s).toISOString();
const START = local(2026, 11, 21, 9, 0);
const BEFORE_START = Date.parse(local(2026, 11, 21, 8, 0));

describe('extend-time rule', () => {
  test('a valid end is sent as an ISO instant with seconds set to zero', () => {
    const decision = decideNewEnd(START, { date: '21/11/2026', hour: '11', minute: '45' }, BEFORE_START);
    expect(decision).toEqual({ ok: true, endDate: local(2026, 11, 21, 11, 45) });
    if (decision.ok) expect(new Date(decision.endDate).getUTCSeconds()).toBe(0);
  });

  test('the seconds of the current end are dropped when it is picked again', () => {
    const current = local(2026, 11, 21, 10, 30, 37);
    const decision = decideNewEnd(START, dateTimeValueOf(current), BEFORE_START);
    expect(decision).toEqual({ ok: true, endDate: local(2026, 11, 21, 10, 30, 0) });
  });

  test('an end before the start is refused', () => {
    expect(decideNewEnd(START, { date: '21/11/2026', hour: '08', minute: '59' }, BEFORE_START)).toEqual({ ok: false, error: 'endBeforeStart' });
    expect(decideNewEnd(START, { date: '20/11/2026', hour: '23', minute: '00' }, BEFORE_START)).toEqual({ ok: false, error: 'endBeforeStart' });
  });

  test('an end equal to the start is allowed, as the server allows it', () => {
    expect(decideNewEnd(START, { date: '21/11/2026', hour: '09', minute: '00' }, BEFORE_START)).toEqual({ ok: true, endDate: START });
  });

  test('an end not after now is refused', () => {
    const now = Date.parse(local(2026, 11, 21, 12, 0, 30));
    expect(decideNewEnd(START, { date: '21/11/2026', hour: '12', minute: '00' }, now)).toEqual({ ok: false, error: 'endNotFuture' });
    expect(decideNewEnd(START, { date: '21/11/2026', hour: '12', minute: '01' }, now).ok).toBe(true);
  });

  test('a date that does not exist or a bad time is refused', () => {
    expect(decideNewEnd(START, { date: '31/11/2026', hour: '10', minute: '00' }, BEFORE_START)).toEqual({ ok: false, error: 'date' });
    expect(decideNewEnd(START, { date: '2026-11-21', hour: '10', minute: '00' }, BEFORE_START)).toEqual({ ok: false, error: 'date' });
    expect(decideNewEnd(START, { date: '21/11/2026', hour: '24', minute: '00' }, BEFORE_START)).toEqual({ ok: false, error: 'date' });
    expect(decideNewEnd(START, { date: '21/11/2026', hour: '10', minute: '' }, BEFORE_START)).toEqual({ ok: false, error: 'date' });
  });
});

describe('picker values', () => {
  test('an instant shows as DD/MM/YYYY with two-digit hour and minute', () => {
    expect(dateTimeValueOf(local(2026, 3, 5, 7, 4))).toEqual({ date: '05/03/2026', hour: '07', minute: '04' });
  });

  test('a leap day exists only in leap years', () => {
    expect(instantOf({ date: '29/02/2028', hour: '00', minute: '00' })).toBe(local(2028, 2, 29, 0, 0));
    expect(instantOf({ date: '29/02/2027', hour: '00', minute: '00' })).toBeNull();
  });
});
