/** A calendar date without time or zone: what a birth date is. `month` is 1 to 12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** Oldest and newest birth year accepted: a sanity bound (no dealer contact was born before 1900), not a calendar rule. */
export const BIRTH_YEAR_RANGE = { min: 1900, max: 2099 } as const;

const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T[0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const EPOCH = /^-?\d{1,15}$/;

/**
 * Reads a birth date in the three forms the product meets, so the form and the API share one rule:
 * - `DD/MM/YYYY`: what the form's date input shows (spec 01 §9), the only form a person types;
 * - an ISO date `YYYY-MM-DD` (a time part after it is ignored: the calendar date as written is the one meant);
 * - epoch milliseconds (a number or a string of digits): what `GET /open/check-cf` sends, "adjusted for timezone",
 *   i.e. local midnight shifted to UTC midnight, so the UTC calendar date is the date meant.
 * Returns `null` for anything else and for dates that do not exist (31/02) or fall outside {@link BIRTH_YEAR_RANGE}.
 */
export function parseBirthDate(value: unknown): CalendarDate | null {
  if (typeof value === 'number') return Number.isFinite(value) ? fromEpoch(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const dmy = DMY.exec(text);
  if (dmy) return calendarDate(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  const iso = ISO.exec(text);
  if (iso) return calendarDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  if (EPOCH.test(text)) return fromEpoch(Number(text));
  return null;
}

/** `YYYY-MM-DD` of a calendar date: how the API stores a birth date. */
export function formatIsoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

function fromEpoch(ms: number): CalendarDate | null {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return null;
  return calendarDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

function calendarDate(year: number, month: number, day: number): CalendarDate | null {
  if (year < BIRTH_YEAR_RANGE.min || year > BIRTH_YEAR_RANGE.max || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? { year, month, day } : null;
}
