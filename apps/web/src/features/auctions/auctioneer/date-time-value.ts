import { calendarDateOf, clockTimeOf, formatCalendarDate, parseDate, toInstant } from '@auction/i18n';

/**
 * What a date-and-time picker holds: the date as typed (DD/MM/YYYY) and the hour and minute as chosen
 * (two-digit strings, 24-hour clock), all in the browser's time zone.
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

/** The picker value of an instant, in the browser's time zone (seconds dropped). */
export function dateTimeValueOf(instant: string | number | Date): DateTimeValue {
  const time = clockTimeOf(instant);
  return { date: formatCalendarDate(calendarDateOf(instant)), hour: pad(time.hour), minute: pad(time.minute) };
}

/**
 * The instant (ISO, UTC, seconds and milliseconds zero) a picker value names, or null when the date is not a real
 * DD/MM/YYYY day or the hour or minute is not on the 24-hour clock.
 */
export function instantOf(value: DateTimeValue): string | null {
  const date = parseDate(value.date);
  if (!date || !/^\d{1,2}$/.test(value.hour) || !/^\d{1,2}$/.test(value.minute)) return null;
  const hour = Number(value.hour);
  const minute = Number(value.minute);
  if (hour > 23 || minute > 59) return null;
  return toInstant(date, { hour, minute });
}
