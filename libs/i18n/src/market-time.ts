import type { Market } from '@auction/domain';

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
