import { MARKETS, type Market } from '@auction/domain';
import { isLanguage, marketLanguages, defaultLanguageOf, type Language } from '@auction/i18n';

/** The public pages the server draws (spec 01 §2); the web build's `src/portal/portal-data.ts` names the same pages. */
export type PortalPage = 'home' | 'partner' | 'privacy' | 'cookie' | 'company' | 'why' | 'contact';

/** The market homes' prefixes (spec 01 §2: /it /be /es /en /de /nl /fr /pl /pt /lu). */
const PREFIXES = ['it', 'be', 'es', 'en', 'de', 'nl', 'fr', 'pl', 'pt', 'lu'] as const;

/** The paths of the public pages: the empty path, `hp`, a market prefix, or a public route. */
export const PORTAL_PATH = /^\/(?:(it|be|es|en|de|nl|fr|pl|pt|lu|hp|partner|privacy|cookie|company|why-sign-up-component|contact)\/?)?$/;

/** What a public path is: the empty path (a redirect to a market's home), a market's home, or another public page. */
export type PortalRoute =
  | { readonly kind: 'root' }
  | { readonly kind: 'home'; readonly market: Market | null }
  | { readonly kind: 'page'; readonly page: Exclude<PortalPage, 'home'> };

export function portalRoute(segment: string | undefined): PortalRoute {
  if (segment === undefined) return { kind: 'root' };
  if ((PREFIXES as readonly string[]).includes(segment)) return { kind: 'home', market: segment.toUpperCase() as Market };
  if (segment === 'hp') return { kind: 'home', market: null };
  if (segment === 'why-sign-up-component') return { kind: 'page', page: 'why' };
  return { kind: 'page', page: segment as Exclude<PortalPage, 'home' | 'why'> };
}

/** True for a market code. */
export function isMarketCode(value: unknown): value is Market {
  return typeof value === 'string' && (MARKETS as readonly string[]).includes(value);
}

/**
 * The page's language: the one the visitor chose (the language cookie) when the market offers it; else the market
 * entry's rule (spec 01 §4): the browser's language when the market offers it, unless that is English and the market
 * has its own (a visitor of /de reads German), else the market's default.
 */
export function portalLanguage(market: Market, chosen: string | undefined, acceptLanguage: string | undefined): Language {
  const offered = marketLanguages(market);
  if (isLanguage(chosen) && offered.includes(chosen)) return chosen;
  for (const tag of (acceptLanguage ?? '').slice(0, 200).split(',')) {
    const code = tag.split(';')[0]!.trim().toLowerCase().split('-')[0];
    if (!isLanguage(code) || !offered.includes(code)) continue;
    return code === 'en' && offered[0] !== 'en' ? defaultLanguageOf(market) : code;
  }
  return defaultLanguageOf(market);
}

/** The markets with their own cookie-consent key (spec 01 §9: DE, NL, PL, PT, FR, LU, BE, and BE-FR for Belgium in French). */
const CONSENT_MARKETS: readonly Market[] = ['DE', 'NL', 'PL', 'PT', 'FR', 'LU', 'BE'];

/** The cookie that keeps the consent of a market's visitors for 180 days: `cookieConsent-<key>`, or `cookieConsent` for the rest. */
export function consentCookieOf(market: Market, language: Language): string {
  if (!CONSENT_MARKETS.includes(market)) return 'cookieConsent';
  return `cookieConsent-${market === 'BE' && language === 'fr' ? 'BE-FR' : market}`;
}

/** A consent cookie's value as the page knows it. */
export function consentOf(value: string | undefined): 'all' | 'necessary' | null {
  return value === 'all' || value === 'necessary' ? value : null;
}

/** `idTemplate` of the partner page's query: an id's characters only (anything else: none asked for). */
export function partnerIdOf(query: URLSearchParams): string | null {
  const id = query.get('idTemplate');
  return id !== null && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
}
