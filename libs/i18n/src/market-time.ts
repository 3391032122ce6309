import type { Market } from '@auction/domain';
import { isValidCalendarDate, isValidClockTime, type CalendarDate, type ClockTime } from './date-time.js';

/**
 * The time zone each market's auctions are read in: reports and exports show instants on the market's wall clock
 * (an Italian auction in Europe/Rome, whatever the server's or the caller's zone). EN is the United Kingdom;
 * OTHER has no country of its own, so it reads UTC.
 */
export const MARKET_TIME_ZONES: Readonly<Record<Market, string>> = {
  EN: 'Europe/London',
  IT: 'Europe/Rome',
  DE: 'Europe/Berlin',
  NL: 'Europe/Amsterdam',
  ES: 'Europe/Madrid',
  BE: 'Europe/Brussels',
  FR: 'Europe/Paris',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  LU: 'Europe/Luxembourg',
  OTHER: 'UTC',
};

/** The time zone of a market (see {@link MARKET_TIME_ZONES}); UTC for an unknown market. */
export function timeZoneOfMarket(market: string): string {
  return (MARKET_TIME_ZONES as Record<string, string | undefined>)[market] ?? 'UTC';
}

const zoned = new Map<string, Intl.DateTimeFormat>();
function zonedFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = zoned.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    });
    zoned.set(timeZone, f);
  }
  return f;
}

/**
 * DD/MM/YYYY HH:mm:ss of an instant on the wall clock of `timeZone` (an IANA name, e.g. `Europe/Rome`), daylight
 * saving included; `–` for an invalid instant.
 */
export function formatDateTimeIn(instant: string | number | Date, timeZone: string): string {
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) return '–';
  const parts = Object.fromEntries(zonedFormatter(timeZone).formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** DD/MM/YYYY of an instant on the wall clock of `timeZone`; `–` for an invalid instant. */
export function formatDateIn(instant: string | number | Date, timeZone: string): string {
  const text = formatDateTimeIn(instant, timeZone);
  return text === '–' ? text : text.slice(0, 10);
}

/** HH:mm (24-hour) of an instant on the wall clock of `timeZone`; `–` for an invalid instant. */
export function formatTimeIn(instant: string | number | Date, timeZone: string): string {
  const text = formatDateTimeIn(instant, timeZone);
  return text === '–' ? text : text.slice(11, 16);
}

interface WallClock extends CalendarDate, ClockTime {
  readonly second: number;
}

/** The wall clock of `timeZone` at an instant (epoch ms). */
function wallClockAt(ms: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(zonedFormatter(timeZone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year), month: Number(parts.month), day: Number(parts.day),
    hour: Number(parts.hour) % 24, minute: Number(parts.minute), second: Number(parts.second),
  };
}

/** Epoch ms of a wall-clock reading taken as UTC (years 0-99 kept as they are). */
function asUtc(w: CalendarDate & ClockTime & { second?: number }): number {
  const d = new Date(Date.UTC(2000, w.month - 1, w.day, w.hour, w.minute, w.second ?? 0));
  d.setUTCFullYear(w.year);
  return d.getTime();
}

/** Offset of `timeZone` from UTC at an instant, ms (Europe/Rome in summer: +7,200,000). */
function offsetAt(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return asUtc(wallClockAt(whole, timeZone)) - whole;
}

/** The calendar date of an instant on the wall clock of `timeZone` (an IANA name). */
export function calendarDateIn(instant: string | number | Date, timeZone: string): CalendarDate {
  const { year, month, day } = wallClockAt(new Date(instant).getTime(), timeZone);
  return { year, month, day };
}

/** The clock time of an instant on the wall clock of `timeZone` (seconds dropped). */
export function clockTimeIn(instant: string | number | Date, timeZone: string): ClockTime {
  const { hour, minute } = wallClockAt(new Date(instant).getTime(), timeZone);
  return { hour, minute };
}

/**
 * The instant (ISO, UTC, seconds zero) of a date and a time read on the wall clock of `timeZone`, whatever the
 * browser's zone: 29/03/2026 03:30 in Europe/Rome is 01:30Z. As a clock does, a time skipped by a daylight-saving
 * change moves forward by the gap (02:30 that night is 03:30 summer time), and a time that happens twice (the autumn
 * change) is the first of the two. Throws a RangeError for a date or time that does not exist.
 */
export function toInstantIn(date: CalendarDate, time: ClockTime, timeZone: string): string {
  if (!isValidCalendarDate(date)) throw new RangeError(`not a calendar date: ${JSON.stringify(date)}`);
  if (!isValidClockTime(time)) throw new RangeError(`not a clock time: ${JSON.stringify(time)}`);
  const wall = asUtc({ ...date, ...time });
  // The zone's offsets a day either side of the reading: a reading that exists matches one of them.
  const before = offsetAt(wall - 86_400_000, timeZone);
  const after = offsetAt(wall + 86_400_000, timeZone);
  const matches = [wall - before, wall - after].filter((ms) => asUtc(wallClockAt(ms, timeZone)) === wall).sort((a, b) => a - b);
  // None: the reading falls in a gap; the offset before it moves it forward by the gap.
  return new Date(matches[0] ?? wall - before).toISOString();
}
