import { formatIsoDate, parseBirthDate, type CalendarDate } from '@auction/domain';

const DAY_MS = 86_400_000;
const EPOCH_MS = /^-?\d{1,15}$/;

/**
 * The birth date of `GET /open/check-cf`, as a calendar date, or null when it is none. Three forms:
 * - epoch milliseconds (what the spec's client sends, "adjusted for timezone": the UTC midnight of the date). The
 *   date is the one of the NEAREST UTC midnight, so a client that forgot the adjustment (local midnight of any zone
 *   from UTC−12 to UTC+12, e.g. 23:00Z the evening before for Italy in winter) still names the day it meant; an
 *   adjusted value is unchanged;
 * - `YYYY-MM-DD` and `DD/MM/YYYY`, read by the domain's `parseBirthDate` (one rule for the form and the API).
 * Dates that do not exist (31/02) or fall outside the domain's birth years are null.
 */
export function checkCfBirthDate(text: string): CalendarDate | null {
  const value = text.trim();
  if (EPOCH_MS.test(value)) {
    const ms = Number(value);
    return parseBirthDate(Math.round(ms / DAY_MS) * DAY_MS);
  }
  return parseBirthDate(value);
}

/** `YYYY-MM-DD` of {@link checkCfBirthDate}, or null. */
export function checkCfIsoDate(text: string): string | null {
  const date = checkCfBirthDate(text);
  return date ? formatIsoDate(date) : null;
}
