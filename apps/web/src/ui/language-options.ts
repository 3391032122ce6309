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

/** The header's countries (spec 01 §2): shared with the server-drawn public pages, in libs/i18n. */
export { HEADER_COUNTRIES, countryName, offeredCountries } from '@auction/i18n';
