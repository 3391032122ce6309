import type { Market } from '@auction/domain';
import type { Language } from '@auction/i18n';
import { LANGUAGE_COOKIE, MARKET_COOKIE } from './portal-data.js';

const YEAR = 365 * 24 * 3600;

/** Writes a first-party cookie readable by the server (never http-only: the page sets it), Secure over HTTPS. */
export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

function remember(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // storage refused (privacy settings): the cookie alone carries the choice
  }
}

/** Stores the session market: a cookie for the server's pages, the session key for the private client. */
export function rememberMarket(market: Market): void {
  setCookie(MARKET_COOKIE, market, YEAR);
  remember(() => sessionStorage, 'market', market);
}

/**
 * Country change (spec 01 §2 header, §4 market change): the session market (the cookie for the server, the session
 * key for the private client) and the country's home, which opens in a language it offers.
 */
export function chooseCountry(market: Market): void {
  rememberMarket(market);
  window.location.assign(`/${market.toLowerCase()}`);
}

/** Language change: kept for the server (cookie) and the private client (`language`, as its own switch keeps it); the page is drawn again in it. */
export function chooseLanguage(language: Language): void {
  setCookie(LANGUAGE_COOKIE, language, YEAR);
  remember(() => localStorage, 'language', language);
  window.location.reload();
}
