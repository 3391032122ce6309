/**
 * Dates and times as the spec writes them: DD/MM/YYYY and 24-hour HH:mm, in the browser's time zone.
 * Instants travel as ISO strings; a date and a time picked in the UI become one with {@link toInstant}.
 */

import { resourceLanguageOf, type Language } from './languages.js';

/** A day of the calendar, months counted from 1. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** A time of day on the 24-hour clock, to the minute (the pickers step by 1 hour and 1 minute). */
export interface ClockTime {
  readonly hour: number;
  readonly minute: number;
}

/** Printed in place of an instant that is not a valid date. */
const NO_DATE = '–';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function validDate(instant: string | number | Date): Date | null {
  const d = new Date(instant);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** True for a Gregorian leap year: every fourth year, except centuries not divisible by 400. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days in a month (1–12) of a year; 0 for a month that does not exist. */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) return 0;
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True for a real day between the years 1 and 9999 (29/02 only in leap years). */
export function isValidCalendarDate(date: CalendarDate): boolean {
  const { year, month, day } = date;
  return Number.isInteger(year) && year >= 1 && year <= 9999 && Number.isInteger(day) && day >= 1 && day <= daysInMonth(year, month);
}

/** True for a time from 00:00 to 23:59. */
export function isValidClockTime(time: ClockTime): boolean {
  const { hour, minute } = time;
  return Number.isInteger(hour) && hour >= 0 && hour <= 23 && Number.isInteger(minute) && minute >= 0 && minute <= 59;
}

/** DD/MM/YYYY of an instant in the browser's time zone; `–` for an invalid instant. */
export function formatDate(instant: string | number | Date): string {
  const d = validDate(instant);
  return d ? formatCalendarDate(calendarDateOf(d)) : NO_DATE;
}

/** HH:mm (24-hour) of an instant in the browser's time zone; `–` for an invalid instant. */
export function formatTime(instant: string | number | Date): string {
  const d = validDate(instant);
  return d ? formatClockTime(clockTimeOf(d)) : NO_DATE;
}

/** DD/MM/YYYY HH:mm:ss of an instant in the browser's time zone; `–` for an invalid instant. */
export function formatDateTime(instant: string | number | Date): string {
  const d = validDate(instant);
  return d ? `${formatDate(d)} ${formatTime(d)}:${pad(d.getSeconds())}` : NO_DATE;
}

/** DD/MM/YYYY of a calendar date, e.g. the value of a date input. */
export function formatCalendarDate(date: CalendarDate): string {
  return `${pad(date.day)}/${pad(date.month)}/${pad(date.year, 4)}`;
}

/** HH:mm of a clock time. */
export function formatClockTime(time: ClockTime): string {
  return `${pad(time.hour)}:${pad(time.minute)}`;
}

/** The calendar date of an instant in the browser's time zone. */
export function calendarDateOf(instant: string | number | Date): CalendarDate {
  const d = new Date(instant);
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
}

/** The clock time of an instant in the browser's time zone (seconds dropped). */
export function clockTimeOf(instant: string | number | Date): ClockTime {
  const d = new Date(instant);
  return { hour: d.getHours(), minute: d.getMinutes() };
}

/** Parses DD/MM/YYYY (day and month may have one digit); null unless it is a real day, leap years included. */
export function parseDate(text: string): CalendarDate | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const date = { year: Number(m[3]), month: Number(m[2]), day: Number(m[1]) };
  return isValidCalendarDate(date) ? date : null;
}

/** Parses HH:mm on the 24-hour clock (the hour may have one digit); null for anything else, 24:00 included. */
export function parseTime(text: string): ClockTime | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const time = { hour: Number(m[1]), minute: Number(m[2]) };
  return isValidClockTime(time) ? time : null;
}

/**
 * The instant (ISO string in UTC, seconds zero) of a date and a time read on the browser's clock, e.g. the start
 * of an auction typed as 21/11/2026 and 09:00. A time skipped by a daylight-saving change moves forward by the
 * gap, as the clock itself does. Throws a RangeError for a date or time that does not exist.
 */
export function toInstant(date: CalendarDate, time: ClockTime): string {
  if (!isValidCalendarDate(date)) throw new RangeError(`not a calendar date: ${JSON.stringify(date)}`);
  if (!isValidClockTime(time)) throw new RangeError(`not a clock time: ${JSON.stringify(time)}`);
  const d = new Date(date.year, date.month - 1, date.day, time.hour, time.minute, 0, 0);
  if (date.year < 100) d.setFullYear(date.year); // the constructor reads years 0–99 as 1900–1999
  return d.toISOString();
}

const DURATION_UNITS = [['day', 86_400], ['hour', 3_600], ['minute', 60], ['second', 1]] as const;

/**
 * A duration as people read it, in `language`'s short unit words: `16 min 50 sec` (en), `16 min 50 s` (it, fr),
 * `1 Std. 5 Min.` (de); rounded to whole seconds, zero parts left out, `0 s` style for nothing. Never `1010 s`.
 */
export function formatDuration(ms: number, language: Language): string {
  const locale = resourceLanguageOf(language);
  let left = Math.max(0, Math.round((Number.isFinite(ms) ? ms : 0) / 1000));
  const parts: string[] = [];
  for (const [unit, seconds] of DURATION_UNITS) {
    const count = Math.floor(left / seconds);
    left -= count * seconds;
    if (count > 0 || (unit === 'second' && parts.length === 0)) {
      parts.push(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(count));
    }
  }
  return parts.join(' ');
}
