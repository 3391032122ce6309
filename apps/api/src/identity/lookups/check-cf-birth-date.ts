import { formatIsoDate, parseBirthDate, type CalendarDate } from '@auction/domain';

/**
 * The birth date of `GET /open/check-cf`, as a calendar date, or null when it is none. Read by the domain's
 * `parseBirthDate`, the very rule the IT dealer registration and the user sign-up apply to the same value, so that
 * check-cf can never say "fits" for a date the sign-up then reads as another day (or the reverse). Three forms:
 * - epoch milliseconds, what the spec's client sends "adjusted for timezone": the local wall-clock time shifted to
 *   UTC, so the date is the UTC calendar date of the value, whatever its time of day (an adjusted 23:30 local is
 *   23:30Z of the same day, not the next one). A value that was NOT adjusted (a local midnight east of Greenwich,
 *   e.g. 23:00Z the evening before for Italy in winter) names the day before, as it does for the sign-up: the
 *   contract is the adjusted value, and the web client sends UTC midnight (`birthDateEpochMs`);
 * - `YYYY-MM-DD` and `DD/MM/YYYY`.
 * Dates that do not exist (31/02) or fall outside the domain's birth years are null.
 */
export function checkCfBirthDate(text: string): CalendarDate | null {
  return parseBirthDate(text.trim());
}

/** `YYYY-MM-DD` of {@link checkCfBirthDate}, or null. */
export function checkCfIsoDate(text: string): string | null {
  const date = checkCfBirthDate(text);
  return date ? formatIsoDate(date) : null;
}
