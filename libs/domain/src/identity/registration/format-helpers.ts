import { matching, maxLength, upToAlphanumerics, type FieldFormat } from './field-formats.js';
import { COUNTRY_RULES, registrationCountryOf, type RegistrationCountry } from './registration-countries.js';

/**
 * The OTHER reading of spec 01 §5 ("per-country format helpers"), kept for reference and for the places that used
 * it: EN and PL postal codes as up to 8 letters or digits, EN and PL VAT codes up to 30 characters, the PT postal
 * code as `1234-567`; every other country as the form validators. NOT what the schema enforces: the form
 * validators ({@link COUNTRY_RULES}) are authoritative (README.md says why). Formats of filled-in values only.
 */
export const FORMAT_HELPER_RULES: Readonly<Record<RegistrationCountry, { readonly postalCode?: FieldFormat; readonly vatCode?: FieldFormat }>> = {
  ...(Object.fromEntries(Object.entries(COUNTRY_RULES).map(([c, r]) => [c, { postalCode: r.postalCode.format, vatCode: r.vatCode.format }])) as Record<
    RegistrationCountry,
    { postalCode?: FieldFormat; vatCode?: FieldFormat }
  >),
  EN: { postalCode: upToAlphanumerics(8), vatCode: maxLength(30) },
  PL: { postalCode: upToAlphanumerics(8), vatCode: maxLength(30) },
  PT: { postalCode: matching(/^\d{4}-\d{3}$/, '1234-567'), vatCode: COUNTRY_RULES.PT.vatCode.format },
};

/** The format helpers' checks ({@link FORMAT_HELPER_RULES}); `true` when a country has no format for the field. */
export const formatHelpers = {
  /** Postal code by the helpers' reading. */
  isValidPostalCode(country: string | null | undefined, value: string): boolean {
    const format = FORMAT_HELPER_RULES[registrationCountryOf(country)].postalCode;
    return typeof value === 'string' && (!format || format.test(value.trim()));
  },
  /** VAT code by the helpers' reading. */
  isValidVatCode(country: string | null | undefined, value: string): boolean {
    const format = FORMAT_HELPER_RULES[registrationCountryOf(country)].vatCode;
    return typeof value === 'string' && (!format || format.test(value.trim()));
  },
} as const;

/** The form validators' checks of the same two fields, authoritative (what `dealerRegistrationSchema` enforces). */
export const formValidators = {
  /** Postal code by the form validators (spec 01 §5 table). */
  isValidPostalCode(country: string | null | undefined, value: string): boolean {
    const format = COUNTRY_RULES[registrationCountryOf(country)].postalCode.format;
    return typeof value === 'string' && (!format || format.test(value.trim()));
  },
  /** VAT code by the form validators (spec 01 §5 table; IT with the checksum). */
  isValidVatCode(country: string | null | undefined, value: string): boolean {
    const format = COUNTRY_RULES[registrationCountryOf(country)].vatCode.format;
    return typeof value === 'string' && (!format || format.test(value.trim()));
  },
} as const;
