import type { Market } from '@auction/domain';
import type { ElementDef } from '../code-element.js';
import { CLDR_COUNTRY_NAMES, CLDR_LANGUAGE_NAMES } from './cldr-names.js';

/**
 * The COUNTRY table's codes: the EU 27, the EEA (IS, LI, NO), the United Kingdom and Switzerland. The element code is
 * the portal's market code where the country is a market (IT, DE, FR, ES, BE, NL, PL, PT, LU equal their ISO code;
 * the United Kingdom is EN, the portal's code for it) and the ISO 3166-1 alpha-2 code otherwise. Greece is GR (ISO),
 * not EL (the EU's own code).
 */
export const COUNTRY_ISO_BY_CODE: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(CLDR_COUNTRY_NAMES).map((iso) => [iso === 'GB' ? 'EN' : iso, iso]),
);

const countryNames = (iso: string) => {
  const names = CLDR_COUNTRY_NAMES[iso];
  if (!names) throw new Error(`no CLDR name for country ${iso}`);
  return names;
};

/** COUNTRY: every country with the same ranking, so a list reads alphabetically in the reader's language. */
export const COUNTRY: readonly ElementDef[] = Object.entries(COUNTRY_ISO_BY_CODE).map(([code, iso]) => ({ code, ranking: 1, des: countryNames(iso) }));

/** The country each market sells in (EN is the United Kingdom); OTHER has none. */
export const MARKET_COUNTRY_ISO: Readonly<Record<Exclude<Market, 'OTHER'>, string>> = {
  EN: 'GB', IT: 'IT', DE: 'DE', NL: 'NL', ES: 'ES', BE: 'BE', FR: 'FR', PL: 'PL', PT: 'PT', LU: 'LU',
};

/** MARKET: the markets by their country's name, alphabetically, with OTHER last. */
export const MARKET: readonly ElementDef[] = [
  ...Object.entries(MARKET_COUNTRY_ISO).map(([code, iso]) => ({ code, ranking: 1, des: countryNames(iso) })),
  { code: 'OTHER', ranking: 2, des: { en: 'Other', it: 'Altro', de: 'Andere', fr: 'Autre', es: 'Otro', nl: 'Overig', pl: 'Inny', pt: 'Outro' } },
];

/** LANGUAGE: the portal's ten languages by their CLDR name (`be` is Flemish, nl-BE; `lu` is French of Luxembourg, fr-LU). */
export const LANGUAGE: readonly ElementDef[] = Object.entries(CLDR_LANGUAGE_NAMES).map(([code, des]) => ({ code, ranking: 1, des }));
