import { MARKETS, type Market } from '@auction/domain';

/**
 * The spec's session keys this shell keeps (spec 01 §3 "Session keys"): `market`, `geolocationMarket` and `logout`,
 * in sessionStorage (one tab's visit, like the original's session). The geolocation market and the logout flag are
 * "kept encoded" as the spec says: base64 of JSON, which only keeps them from being read at a glance; nothing in
 * them is secret.
 */
export const SESSION_KEYS = { market: 'market', geolocationMarket: 'geolocationMarket', logout: 'logout' } as const;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage refused (privacy settings): the flow goes on without it
  }
}

function encode(value: unknown): string {
  return btoa(JSON.stringify(value));
}

function decode(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(atob(text)) as unknown;
  } catch {
    return null;
  }
}

/** True for a market code of the domain. */
export function isMarket(value: unknown): value is Market {
  return typeof value === 'string' && (MARKETS as readonly string[]).includes(value);
}

/** The session market (set by a market prefix, the geolocation or a market change), or null. */
export function sessionMarket(): Market | null {
  const value = storage()?.getItem(SESSION_KEYS.market) ?? null;
  return isMarket(value) ? value : null;
}

/** Stores the session market. */
export function setSessionMarket(market: Market): void {
  storage()?.setItem(SESSION_KEYS.market, market);
}

/** The geolocated market: undefined when not asked yet in this session, null when asked without an answer. */
export function geolocationMarket(): Market | null | undefined {
  const raw = storage()?.getItem(SESSION_KEYS.geolocationMarket) ?? null;
  if (raw === null) return undefined;
  const value = decode(raw);
  return isMarket(value) ? value : null;
}

/** Records the geolocation's answer (null: none) so it is asked once per session. */
export function setGeolocationMarket(market: Market | null): void {
  storage()?.setItem(SESSION_KEYS.geolocationMarket, encode(market));
}

/** The logout flag: set when the backend refused the session; the public-page guard then lets the visitor stay. */
export function logoutFlag(): boolean {
  return decode(storage()?.getItem(SESSION_KEYS.logout) ?? null) === true;
}

/** Sets or clears the logout flag. */
export function setLogoutFlag(on: boolean): void {
  if (on) storage()?.setItem(SESSION_KEYS.logout, encode(true));
  else storage()?.removeItem(SESSION_KEYS.logout);
}

/** The device's push token (spec session key `pushNotificationToken`), set by a mobile shell; null in a browser. */
export function pushNotificationToken(): string | null {
  const value = storage()?.getItem('pushNotificationToken') ?? null;
  return value && value.trim() ? value : null;
}
