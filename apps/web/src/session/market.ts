import type { i18n as I18n } from 'i18next';
import type { Market } from '@auction/domain';
import { marketLanguages, type Language } from '@auction/i18n';
import type { Http } from '../api/http.js';
import { appLanguageOf, switchLanguage } from '../i18n/i18n.js';
import { geolocationMarket, isMarket, sessionMarket, setGeolocationMarket, setSessionMarket } from './session-keys.js';

/** The path prefixes of the market homes (spec 01 §2: /it /be /es /en /de /nl /fr /pl /pt /lu). */
export const MARKET_PREFIXES = ['it', 'be', 'es', 'en', 'de', 'nl', 'fr', 'pl', 'pt', 'lu'] as const;
export type MarketPrefix = (typeof MARKET_PREFIXES)[number];

/** The market of a path prefix (`it` → IT), or null for anything else. */
export function marketOfPrefix(prefix: string): Market | null {
  const upper = prefix.toUpperCase();
  return (MARKET_PREFIXES as readonly string[]).includes(prefix) && isMarket(upper) ? upper : null;
}

/** The market a language belongs to, for the geolocation's fallback ("the current language is used"). */
export function marketOfLanguage(language: Language): Market {
  const upper = language.toUpperCase();
  return isMarket(upper) ? upper : 'EN';
}

/**
 * The language to show on entering a market through its prefix (spec: "switches language"): the market's own
 * language, unless the visitor already reads another local language of it (French in Belgium stays French).
 * English is every market's extra, so an English reader moving to /it gets Italian.
 */
export function languageOnMarketEntry(market: Market, current: Language): Language {
  const offered = marketLanguages(market);
  if (offered.includes(current) && (current !== 'en' || offered[0] === 'en')) return current;
  return offered[0] ?? 'en';
}

/** Market change (spec 01 §4): stores the session market and switches to the language it offers. */
export async function enterMarket(i18n: I18n, market: Market): Promise<Language> {
  setSessionMarket(market);
  const language = languageOnMarketEntry(market, appLanguageOf(i18n));
  await switchLanguage(i18n, language);
  return language;
}

/**
 * Geolocation on the first route activation (spec 01 §4): the market of `GET /open/geolocation` is stored as the
 * session market once per session; a failure or no answer uses the current language's market, and the flow goes
 * on (never a popup, never a wait on the page: the call runs without a spinner). A market already chosen wins.
 */
export async function ensureGeolocatedMarket(http: Http, i18n: I18n): Promise<Market> {
  const chosen = sessionMarket();
  if (chosen) return chosen;
  let located = geolocationMarket();
  if (located === undefined) {
    try {
      const answer = await http.get<{ value?: unknown } | null>('/api/v1/open/geolocation', { noPopup: true, noSpinner: true, noMaintenance: true });
      located = isMarket(answer?.value) ? answer.value : null;
    } catch {
      located = null; // failure: the current language decides below
    }
    setGeolocationMarket(located);
  }
  // A market prefix may have chosen while the call ran: it wins.
  const market = sessionMarket() ?? located ?? marketOfLanguage(appLanguageOf(i18n));
  setSessionMarket(market);
  return market;
}

/** The paths of the external public bids site for the language words of the spec (`/italian` → its root, ...). */
export const PUBLIC_BIDS_PATHS: Readonly<Record<string, string>> = { italian: '/', english: '/uk', spanish: '/es', french: '/fr' };

/**
 * The external public bids address for `/italian`, `/english`, `/spanish` and `/french` (spec 01 §4), or null.
 * Configuration: `VITE_PUBLIC_BIDS_URL` at build time, an `https://` origin; unset or not https, the words are
 * ordinary unknown paths. Only the fixed paths above are ever appended: nothing of the URL the visitor typed is.
 */
export function publicBidsUrl(word: string, base: string | undefined = import.meta.env?.VITE_PUBLIC_BIDS_URL as string | undefined): string | null {
  const path = Object.hasOwn(PUBLIC_BIDS_PATHS, word) ? PUBLIC_BIDS_PATHS[word] : undefined;
  if (!path || !base) return null;
  let origin: URL;
  try {
    origin = new URL(base);
  } catch {
    return null;
  }
  if (origin.protocol !== 'https:' || origin.username || origin.password) return null;
  return new URL(path, origin.origin).toString();
}
