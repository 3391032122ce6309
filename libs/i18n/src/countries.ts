import type { Market } from '@auction/domain';
import type { Language } from './languages.js';

/** The countries of the public header's dropdown (spec 01 §2), in its order; the extras LU, PL and EN are hidden for DE. */
export const HEADER_COUNTRIES = ['BE', 'FR', 'DE', 'IT', 'NL', 'PT', 'ES', 'EN', 'LU', 'PL'] as const satisfies readonly Market[];

/** The countries offered while `market` is the session market (DE hides LU, PL and EN). */
export function offeredCountries(market: Market | null): Market[] {
  return HEADER_COUNTRIES.filter((c) => market !== 'DE' || (c !== 'LU' && c !== 'PL' && c !== 'EN'));
}

/** A country's name in a language, from the runtime's own data (`EN` is the United Kingdom). */
export function countryName(market: Market, language: Language): string {
  const region = market === 'EN' ? 'GB' : market;
  const locale = language === 'be' ? 'nl-BE' : language === 'lu' ? 'fr-LU' : language;
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}
