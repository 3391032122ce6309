import { alphanumerics, digits, exactLength, lengthBetween, matching, maxLength, upToAlphanumerics, type FieldFormat } from './field-formats.js';
import { matchesItalianFiscalCodePattern } from './fiscal-code.js';
import { isValidItalianVat } from './italian-vat.js';

/** The rows of spec 01 §5's per-country table. `OTHER` is every country without a row of its own (LU, AT, CH, ...). */
export const REGISTRATION_COUNTRIES = ['IT', 'ES', 'BE', 'FR', 'DE', 'NL', 'EN', 'PL', 'PT', 'OTHER'] as const;
export type RegistrationCountry = (typeof REGISTRATION_COUNTRIES)[number];

/** The table row that applies to a dealer's `country` (a COUNTRY code-table code; `EN` is the United Kingdom). */
export function registrationCountryOf(country: string | null | undefined): RegistrationCountry {
  const code = (country ?? '').trim().toUpperCase();
  return (REGISTRATION_COUNTRIES as readonly string[]).includes(code) ? (code as RegistrationCountry) : 'OTHER';
}

/** How one country-dependent field behaves: shown, required (starred), and the format a filled-in value must have. */
export interface FieldRule {
  readonly shown: boolean;
  readonly required: boolean;
  readonly format?: FieldFormat;
}

/** The form validators of one table row (spec 01 §5), the authoritative reading the schema enforces. */
export interface CountryRules {
  readonly vatCode: FieldRule;
  readonly postalCode: FieldRule;
  readonly region: FieldRule;
  readonly referenceFiscalCode: FieldRule;
  readonly referenceBirthDate: FieldRule;
  readonly regon: FieldRule;
  readonly referenceName: FieldRule;
  readonly referenceEmail: FieldRule;
  /** checkCCA, checkDati and checkTec must be ticked (IT). */
  readonly checksRequired: boolean;
  readonly visura: FieldRule;
  readonly doc2: FieldRule;
}

const optional = (format?: FieldFormat): FieldRule => ({ shown: true, required: false, ...(format ? { format } : {}) });
const required = (format?: FieldFormat): FieldRule => ({ shown: true, required: true, ...(format ? { format } : {}) });
const hidden: FieldRule = { shown: false, required: false };

/** IT VAT: 11 digits and the checksum (jsvat-next). */
const italianVat: FieldFormat = { test: isValidItalianVat, params: { length: 11, charset: 'digits', checksum: 'IT' } };
/**
 * IT fiscal code pattern (ASCII only, never upper-casing a lookalike such as `ſ`); the check character and the
 * consistency are checked by `checkItalianFiscalCode`.
 */
const italianFiscalCode: FieldFormat = { test: matchesItalianFiscalCodePattern, params: { length: 16, example: 'RSSMRA85T10A562S' } };

/** Shared by all rows unless a row says otherwise. */
const BASE: CountryRules = {
  vatCode: required(),
  postalCode: optional(),
  region: required(),
  referenceFiscalCode: optional(),
  referenceBirthDate: optional(),
  // REGON is Poland's business register number: no other country's dealer has one to give.
  regon: hidden,
  referenceName: required(),
  referenceEmail: required(),
  checksRequired: false,
  visura: hidden,
  doc2: optional(),
};

/**
 * Spec 01 §5's table, row by row. "Required" only where the table (or the general required list: vatCode,
 * referenceName, referenceEmail) says so; a format applies once a value is filled in. Hidden fields (reference name
 * for DE, BE, FR, NL, EN; reference e-mail for DE; second document for DE) are not required. The visura is required
 * for IT and DE by the table, so it is shown for both although §2 shows it "only for IT": a required upload must
 * be reachable (see README.md).
 */
export const COUNTRY_RULES: Readonly<Record<RegistrationCountry, CountryRules>> = {
  IT: {
    ...BASE, vatCode: required(italianVat), postalCode: required(digits(5)), referenceFiscalCode: required(italianFiscalCode),
    referenceBirthDate: required(), checksRequired: true, visura: required(),
  },
  ES: { ...BASE, vatCode: required(alphanumerics(9)), postalCode: required(digits(5)), referenceFiscalCode: optional(exactLength(9)) },
  BE: { ...BASE, vatCode: required(digits(10)), postalCode: optional(digits(4)), referenceName: hidden },
  FR: { ...BASE, vatCode: required(digits(14)), postalCode: optional(digits(5)), referenceName: hidden },
  DE: {
    ...BASE, vatCode: required(matching(/^DE\d{9}$/, 'DE123456789')), postalCode: optional(digits(5)), referenceFiscalCode: optional(exactLength(11)),
    referenceName: hidden, referenceEmail: hidden, visura: required(), doc2: hidden,
  },
  NL: { ...BASE, vatCode: required(maxLength(30)), postalCode: required(maxLength(10)), referenceName: hidden },
  EN: { ...BASE, vatCode: required(maxLength(30)), postalCode: optional(lengthBetween(6, 9)), referenceName: hidden },
  PL: {
    ...BASE, vatCode: required(maxLength(10)), postalCode: optional(exactLength(6)), regon: optional(exactLength(9)),
    referenceFiscalCode: optional(exactLength(11)),
  },
  PT: { ...BASE, vatCode: required(exactLength(9)), postalCode: optional(exactLength(8)), region: optional() },
  OTHER: { ...BASE, vatCode: required(upToAlphanumerics(15)), postalCode: hidden, region: optional(), referenceFiscalCode: optional(maxLength(20)) },
};
