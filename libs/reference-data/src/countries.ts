import { COUNTRY_ISO_BY_CODE } from './data/geography.js';

/** The ISO 3166-1 alpha-2 code of a COUNTRY element (`EN` → `GB`, `IT` → `IT`), or `undefined` for a code the table lacks. */
export function countryIsoCode(elementCode: string): string | undefined {
  return Object.hasOwn(COUNTRY_ISO_BY_CODE, elementCode) ? COUNTRY_ISO_BY_CODE[elementCode] : undefined;
}

/** The COUNTRY element code of an ISO 3166-1 alpha-2 code (`GB` → `EN`), e.g. for a GeoIP answer; `undefined` when the table lacks it. */
export function countryCodeOfIso(iso: string): string | undefined {
  const upper = iso.toUpperCase();
  return Object.entries(COUNTRY_ISO_BY_CODE).find(([, value]) => value === upper)?.[0];
}
