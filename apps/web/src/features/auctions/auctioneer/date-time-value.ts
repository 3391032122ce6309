import { calendarDateIn, clockTimeIn, formatCalendarDate, parseDate, toInstantIn } from '@auction/i18n';

/**
 * What a date-and-time picker holds: the date as typed (DD/MM/YYYY) and the hour and minute as chosen
 * (two-digit strings, 24-hour clock), all on the wall clock of the auction's market (never the browser's).
 */
export interface DateTimeValue {
  readonly date: string;
  readonly hour: string;
  readonly minute: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The hours of the picker, `00` to `23` (step 1 hour). */
export const HOURS: readonly string[] = Array.from({ length: 24 }, (_, i) => pad(i));
/** The minutes of the picker, `00` to `59` (step 1 minute). */
export const MINUTES: readonly string[] = Array.from({ length: 60 }, (_, i) => pad(i));

/** The picker value of an instant on the wall clock of `timeZone` (an IANA name; seconds dropped). */
export function dateTimeValueOf(instant: string | number | Date, timeZone: string): DateTimeValue {
  const time = clockTimeIn(instant, timeZone);
  return { date: formatCalendarDate(calendarDateIn(instant, timeZone)), hour: pad(time.hour), minute: pad(time.minute) };
}

/**
 * The instant (ISO, UTC, seconds and milliseconds zero) a picker value names on the wall clock of `timeZone`
 * (daylight saving included), or null when the date is not a real DD/MM/YYYY day or the hour or minute is not on the
 * 24-hour clock.
 */
export function instantOf(value: DateTimeValue, timeZone: string): string | null {
  const date = parseDate(value.date);
  if (!date || !/^\d{1,2}$/.test(value.hour) || !/^\d{1,2}$/.test(value.minute)) return null;
  const hour = Number(value.hour);
  const minute = Number(value.minute);
  if (hour > 23 || minute > 59) return null;
  return toInstantIn(date, { hour, minute }, timeZone);
}
