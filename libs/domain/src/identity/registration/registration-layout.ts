import { COUNTRY_RULES, registrationCountryOf, type RegistrationCountry } from './registration-countries.js';

/** The form's sections, in order (spec 01 §2): the form scrolls to the first one holding an invalid field. */
export const REGISTRATION_SECTIONS = ['details', 'dealerActivity', 'internalReference', 'consents', 'documents'] as const;
export type RegistrationSection = (typeof REGISTRATION_SECTIONS)[number];

/** The section of each payload field. */
export const REGISTRATION_SECTION_OF: Readonly<Record<string, RegistrationSection>> = {
  businessName: 'details', address: 'details', country: 'details', email: 'details', confEmail: 'details', city: 'details',
  region: 'details', postalCode: 'details', vatCode: 'details', mobile: 'details', website: 'details', phone: 'details', regon: 'details',
  typeDealerActivity: 'dealerActivity', carSold: 'dealerActivity', buyingInterest: 'dealerActivity',
  referenceName: 'internalReference', referenceSurname: 'internalReference', referenceFiscalCode: 'internalReference',
  referenceBirthDate: 'internalReference', referenceEmail: 'internalReference', referenceFCA: 'internalReference',
  checkCCA: 'consents', checkDati: 'consents', checkTec: 'consents', checkConsents1: 'consents', checkConsents2: 'consents', checkConsents3: 'consents',
  visura: 'documents', doc: 'documents', doc2: 'documents', idMarket: 'details',
};

/** Whether a field is on the form and whether its label carries the star of a required field. */
export interface FieldDisplay {
  readonly shown: boolean;
  readonly starred: boolean;
}

/** What the registration form shows for one country (spec 01 §2 "Dealer registration form"). */
export interface RegistrationLayout {
  readonly country: RegistrationCountry;
  /** The region dropdown's label: province (IT, BE, ES, NL, PL), department (FR), region (DE, and PT/other, ours), county (EN). */
  readonly regionLabel: 'province' | 'department' | 'region' | 'county';
  /** Country-dependent fields: shown and starred exactly as the schema requires them, so the two never disagree. */
  readonly fields: Readonly<Record<'region' | 'postalCode' | 'vatCode' | 'regon' | 'referenceName' | 'referenceEmail' | 'referenceFiscalCode' | 'referenceBirthDate' | 'referenceFCA' | 'checkCCA' | 'checkDati' | 'checkTec' | 'visura' | 'doc' | 'doc2', FieldDisplay>>;
  /** The postal-code hint variant (DE, IT, FR, ES, BE), else none. */
  readonly postalCodeHint: 'DE' | 'IT' | 'FR' | 'ES' | 'BE' | null;
  /** The extra postal-code block (IT, BE, ES, NL, FR, DE, EN, PL). */
  readonly extraPostalCodeBlock: boolean;
  /** The mobile hint: the Polish variant for PL, none for DE, the default elsewhere. */
  readonly mobileHint: 'default' | 'PL' | null;
  /** The FCA note (IT and DE). */
  readonly fcaNote: boolean;
  /** The reserved-consent text (hidden for FR). */
  readonly reservedConsentText: boolean;
  /** The extra consent block (IT and PT). */
  readonly extraConsentBlock: boolean;
  /** The consents heading (IT only). */
  readonly consentsHeading: boolean;
  /** The visura warning text (IT, where §2 shows the visura). */
  readonly visuraWarning: boolean;
}

const REGION_LABEL: Readonly<Record<RegistrationCountry, RegistrationLayout['regionLabel']>> = {
  IT: 'province', BE: 'province', ES: 'province', NL: 'province', PL: 'province', FR: 'department', DE: 'region', EN: 'county',
  PT: 'region', OTHER: 'region',
};

/**
 * The display rules of the registration form for a dealer's `country` (the same key the schema reads, so what is
 * starred is what is required). Straight from spec 01 §2; PT's and other countries' region label (not in the spec)
 * is ours: "region". The region dropdown is for countries whose COUNTRY_AREA table has elements.
 */
export function registrationLayout(country: string | null | undefined): RegistrationLayout {
  const c = registrationCountryOf(country);
  const rules = COUNTRY_RULES[c];
  const show = (rule: { shown: boolean; required: boolean }): FieldDisplay => ({ shown: rule.shown, starred: rule.shown && rule.required });
  const it = c === 'IT';
  return {
    country: c,
    regionLabel: REGION_LABEL[c],
    fields: {
      region: show(rules.region), postalCode: show(rules.postalCode), vatCode: show(rules.vatCode), regon: show(rules.regon),
      referenceName: show(rules.referenceName), referenceEmail: show(rules.referenceEmail),
      referenceFiscalCode: show(rules.referenceFiscalCode), referenceBirthDate: show(rules.referenceBirthDate),
      referenceFCA: { shown: it || c === 'DE', starred: false },
      checkCCA: { shown: true, starred: rules.checksRequired }, checkDati: { shown: it, starred: rules.checksRequired },
      checkTec: { shown: true, starred: rules.checksRequired },
      visura: show(rules.visura), doc: { shown: true, starred: true }, doc2: show(rules.doc2),
    },
    postalCodeHint: c === 'DE' || c === 'IT' || c === 'FR' || c === 'ES' || c === 'BE' ? c : null,
    extraPostalCodeBlock: ['IT', 'BE', 'ES', 'NL', 'FR', 'DE', 'EN', 'PL'].includes(c),
    mobileHint: c === 'DE' ? null : c === 'PL' ? 'PL' : 'default',
    fcaNote: it || c === 'DE',
    reservedConsentText: c !== 'FR',
    extraConsentBlock: it || c === 'PT',
    consentsHeading: it,
    visuraWarning: it,
  };
}
