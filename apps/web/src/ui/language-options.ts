import type { Market } from '@auction/domain';
import { LANGUAGES, marketLanguages, type Language } from '@auction/i18n';

/**
 * The languages the dropdown offers (spec 01 §4, market change): the session market's languages (BE: en, fr, nl;
 * FR: fr; else the market's own and English), every language while no market is chosen, and always the language
 * being shown, so the dropdown never shows a value it does not list (a visitor reading German on /it keeps German
 * until they pick another).
 */
export function offeredLanguages(market: Market | null, current: Language): Language[] {
  if (!market) return [...LANGUAGES];
  const offered = marketLanguages(market);
  const list = offered.length > 0 ? [...offered] : [...LANGUAGES];
  return list.includes(current) ? list : [current, ...list];
}

/** The countries of the header's dropdown (spec 01 §2), in its order; the extras LU, PL and EN are hidden for DE. */
export const HEADER_COUNTRIES = ['BE', 'FR', 'DE', 'IT', 'NL', 'PT', 'ES', 'EN', 'LU', 'PL'] as const satisfies readonly Market[];

/** The countries offered while `market` is the session market (DE hides LU, PL and EN). */
export function offeredCountries(market: Market | null): Market[] {
  return HEADER_COUNTRIES.filter((c) => market !== 'DE' || (c !== 'LU' && c !== 'PL' && c !== 'EN'));
}

/** A country's name in a language, from the browser's own data (`EN` is the United Kingdom). */
export function countryName(market: Market, language: Language): string {
  const region = market === 'EN' ? 'GB' : market;
  const locale = language === 'be' ? 'nl-BE' : language === 'lu' ? 'fr-LU' : language;
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}
