import { describe, expect, it } from 'vitest';
import {
  calendarDateOf, clockTimeOf, daysInMonth, formatCalendarDate, formatClockTime, formatDate, formatDateTime, formatDuration, formatTime,
  isLeapYear, isValidCalendarDate, parseDate, parseTime, toInstant,
} from './date-time.js';
import { LANGUAGES } from './languages.js';

// Instants built from local parts, so the tests hold in any time zone.
const local = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s);

describe('leap years and month lengths', () => {
  it('knows the Gregorian leap years', () => {
    expect([2024, 2000, 1600].map(isLeapYear)).toEqual([true, true, true]);
    expect([2023, 1900, 2100].map(isLeapYear)).toEqual([false, false, false]);
  });

  it('counts the days of each month', () => {
    expect(daysInMonth(2026, 1)).toBe(31);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
    expect(daysInMonth(2026, 13)).toBe(0);
    expect(daysInMonth(2026, 0)).toBe(0);
  });

  it('validates calendar dates', () => {
    expect(isValidCalendarDate({ year: 2024, month: 2, day: 29 })).toBe(true);
    expect(isValidCalendarDate({ year: 2026, month: 2, day: 29 })).toBe(false);
    expect(isValidCalendarDate({ year: 2026, month: 4, day: 31 })).toBe(false);
    expect(isValidCalendarDate({ year: 2026, month: 1, day: 0 })).toBe(false);
    expect(isValidCalendarDate({ year: 0, month: 1, day: 1 })).toBe(false);
    expect(isValidCalendarDate({ year: 2026, month: 1.5, day: 1 })).toBe(false);
  });
});

describe('formatting', () => {
  it('prints DD/MM/YYYY, HH:mm and DD/MM/YYYY HH:mm:ss in local time', () => {
    const d = local(2026, 3, 7, 9, 5, 3);
    expect(formatDate(d)).toBe('07/03/2026');
    expect(formatTime(d)).toBe('09:05');
    expect(formatDateTime(d)).toBe('07/03/2026 09:05:03');
    expect(formatDate(d.getTime())).toBe('07/03/2026');
    expect(formatTime(d.toISOString())).toBe('09:05');
  });

  it('uses the 24-hour clock', () => {
    expect(formatTime(local(2026, 3, 7, 23, 59))).toBe('23:59');
    expect(formatTime(local(2026, 3, 7, 0, 0))).toBe('00:00');
  });

  it('prints a dash for an invalid instant', () => {
    expect(formatDate('not a date')).toBe('–');
    expect(formatTime(Number.NaN)).toBe('–');
    expect(formatDateTime('2026-13-45')).toBe('–');
  });

  it('prints calendar dates and clock times, and reads them back from an instant', () => {
    expect(formatCalendarDate({ year: 2026, month: 11, day: 1 })).toBe('01/11/2026');
    expect(formatClockTime({ hour: 7, minute: 3 })).toBe('07:03');
    const d = local(2026, 11, 21, 9, 30);
    expect(calendarDateOf(d)).toEqual({ year: 2026, month: 11, day: 21 });
    expect(clockTimeOf(d)).toEqual({ hour: 9, minute: 30 });
  });
});

describe('parseDate', () => {
  it('reads DD/MM/YYYY and D/M/YYYY', () => {
    expect(parseDate('21/11/2026')).toEqual({ year: 2026, month: 11, day: 21 });
    expect(parseDate(' 1/2/2026 ')).toEqual({ year: 2026, month: 2, day: 1 });
  });

  it('accepts 29/02 only in leap years', () => {
    expect(parseDate('29/02/2024')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDate('29/02/2000')).toEqual({ year: 2000, month: 2, day: 29 });
    expect(parseDate('29/02/2026')).toBeNull();
    expect(parseDate('29/02/1900')).toBeNull();
  });

  it('returns null for anything else', () => {
    for (const text of ['', '31/04/2026', '00/01/2026', '01/13/2026', '2026-11-21', '11/21/26', '21.11.2026', '21/11/2026 10:00', '21/11/0000']) {
      expect(parseDate(text), text).toBeNull();
    }
  });

  it('round-trips with formatCalendarDate', () => {
    const date = { year: 2028, month: 2, day: 29 };
    expect(parseDate(formatCalendarDate(date))).toEqual(date);
  });
});

describe('parseTime', () => {
  it('reads HH:mm and H:mm on the 24-hour clock', () => {
    expect(parseTime('09:05')).toEqual({ hour: 9, minute: 5 });
    expect(parseTime('9:05')).toEqual({ hour: 9, minute: 5 });
    expect(parseTime('00:00')).toEqual({ hour: 0, minute: 0 });
    expect(parseTime('23:59')).toEqual({ hour: 23, minute: 59 });
  });

  it('returns null for anything else', () => {
    for (const text of ['', '24:00', '12:60', '12:5', '12', '12:00:00', '9.05', '-1:00', '12:00 PM']) {
      expect(parseTime(text), text).toBeNull();
    }
  });
});

describe('toInstant', () => {
  it('is the ISO instant of a local date and time, seconds zero', () => {
    const iso = toInstant({ year: 2026, month: 11, day: 21 }, { hour: 9, minute: 30 });
    expect(iso).toBe(local(2026, 11, 21, 9, 30).toISOString());
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
    expect(formatDate(iso)).toBe('21/11/2026');
    expect(formatTime(iso)).toBe('09:30');
  });

  it('handles a leap day and years before 100 without the 1900 shift', () => {
    expect(formatDate(toInstant({ year: 2024, month: 2, day: 29 }, { hour: 0, minute: 0 }))).toBe('29/02/2024');
    expect(new Date(toInstant({ year: 50, month: 1, day: 1 }, { hour: 12, minute: 0 })).getFullYear()).toBe(50);
  });

  it('refuses a date or time that does not exist', () => {
    expect(() => toInstant({ year: 2026, month: 2, day: 29 }, { hour: 9, minute: 0 })).toThrow(RangeError);
    expect(() => toInstant({ year: 2026, month: 2, day: 1 }, { hour: 24, minute: 0 })).toThrow(RangeError);
  });
});

describe('formatDuration (#21 item 17)', () => {
  /** Intl separates a number from its unit with a (narrow) no-break space in some languages. */
  const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  it('writes minutes and seconds, not a count of seconds, in every language', () => {
    expect(plain(formatDuration(1_010_000, 'en'))).toBe('16 min 50 sec');
    expect(plain(formatDuration(1_010_000, 'it'))).toBe('16 min 50 s');
    expect(plain(formatDuration(1_010_000, 'fr'))).toBe('16 min 50 s');
    for (const language of LANGUAGES) {
      const text = formatDuration(1_010_000, language);
      expect(text, language).toMatch(/^16\D+50\D+$/);
      expect(text, language).not.toContain('1010');
    }
  });

  it('leaves out zero parts, rounds to seconds and shows nothing as zero seconds', () => {
    expect(plain(formatDuration(30_000, 'en'))).toBe('30 sec');
    expect(plain(formatDuration(3_600_000, 'en'))).toBe('1 hr');
    expect(plain(formatDuration(90_061_400, 'en'))).toBe('1 day 1 hr 1 min 1 sec');
    expect(plain(formatDuration(0, 'en'))).toBe('0 sec');
    expect(plain(formatDuration(-5, 'it'))).toBe('0 s');
  });
});
