import type { DealerRegistrationInput } from './dealer-registration.schema.js';
import type { RegistrationCountry } from './registration-countries.js';
import type { UserSignUpInput, UserSignUpMarket } from './user-sign-up.schema.js';

/**
 * Test fixtures shared by the unit, HTTP and browser tests of registration: one payload per row of spec 01 §5's
 * table that the schema accepts. Values are realistic: the IT VAT passes its checksum and the IT fiscal code
 * RSSMRA85T10A562S is Mario Rossi's, born 10/12/1985 (birthplace code A562, San Giuliano Terme).
 */
export const VALID_ITALIAN_VAT = '00743110157';
/** Mario Rossi, male, born 10/12/1985 (checked with codice-fiscale-js in the unit tests). */
export const MARIO_ROSSI = { cf: 'RSSMRA85T10A562S', name: 'Mario', surname: 'Rossi', birthDate: '10/12/1985' } as const;

const COMMON = {
  businessName: 'Autosalone Esempio S.r.l.',
  address: 'Via Roma 1',
  email: 'dealer@example.com',
  confEmail: 'dealer@example.com',
  city: 'Milano',
  mobile: '+39 333 1234567',
  website: 'https://dealer.example.com',
  phone: '+39 02 1234567',
  typeDealerActivity: 'DEALER',
  carSold: 'FROM_50_TO_100',
  buyingInterest: 'CARS',
  referenceName: 'Mario',
  referenceSurname: 'Rossi',
  referenceEmail: 'mario.rossi@example.com',
  checkConsents1: true,
  checkConsents2: true,
  checkConsents3: false,
  doc: 'identity-card.pdf',
} satisfies DealerRegistrationInput;

const BY_COUNTRY: Record<RegistrationCountry, DealerRegistrationInput> = {
  IT: {
    ...COMMON, country: 'IT', region: 'MI', postalCode: '20121', vatCode: VALID_ITALIAN_VAT, referenceFiscalCode: MARIO_ROSSI.cf,
    referenceBirthDate: MARIO_ROSSI.birthDate, referenceFCA: 'Cliente FCA dal 2010', checkCCA: true, checkDati: true, checkTec: true,
    visura: 'visura-camerale.pdf', doc2: 'identity-card-back.png', idMarket: 'it',
  },
  ES: { ...COMMON, country: 'ES', city: 'Madrid', region: '28', postalCode: '28001', vatCode: 'B12345678', referenceFiscalCode: '12345678Z', idMarket: 'es' },
  BE: { ...COMMON, country: 'BE', city: 'Bruxelles', region: 'BRU', postalCode: '1000', vatCode: '0123456749', referenceName: undefined, idMarket: 'fr' },
  FR: { ...COMMON, country: 'FR', city: 'Paris', region: '75', postalCode: '75001', vatCode: '73282932000074', referenceName: undefined, idMarket: 'fr' },
  DE: {
    ...COMMON, country: 'DE', city: 'Berlin', region: 'BE', postalCode: '10115', vatCode: 'DE136695976', referenceName: undefined,
    referenceEmail: undefined, referenceFiscalCode: '12345678901', referenceFCA: 'FCA-Händler', visura: 'handelsregister.pdf', idMarket: 'de',
  },
  NL: { ...COMMON, country: 'NL', city: 'Amsterdam', region: 'NH', postalCode: '1012 AB', vatCode: 'NL123456789B01', referenceName: undefined, idMarket: 'nl' },
  EN: { ...COMMON, country: 'EN', city: 'London', region: 'Greater London', postalCode: 'SW1A 1AA', vatCode: 'GB123456789', referenceName: undefined, idMarket: 'en' },
  PL: {
    ...COMMON, country: 'PL', city: 'Warszawa', region: 'MZ', postalCode: '00-950', vatCode: '5260250274', regon: '012345678',
    referenceFiscalCode: '44051401359', idMarket: 'pl',
  },
  PT: { ...COMMON, country: 'PT', city: 'Lisboa', postalCode: '1000-001', vatCode: '501964843', idMarket: 'pt' },
  OTHER: { ...COMMON, country: 'LU', city: 'Luxembourg', vatCode: 'LU15027442', referenceFiscalCode: '1985121012345', idMarket: 'lu' },
};

/** A registration payload the schema accepts for `country` (a fresh copy: tests may change it). */
export function validDealerRegistration(country: RegistrationCountry): DealerRegistrationInput {
  return structuredClone(BY_COUNTRY[country]);
}

const SIGN_UP_COMMON = {
  surname: 'Rossi', name: 'Mario', email: 'mario.rossi@example.com', idDealer: 'D-1001', dealerName: 'Autosalone Esempio S.r.l.',
  consent1: true, consent2: false, consent3: true,
} satisfies UserSignUpInput;

const SIGN_UP_BY_MARKET: Record<UserSignUpMarket, UserSignUpInput> = {
  IT: { ...SIGN_UP_COMMON, fiscalCode: MARIO_ROSSI.cf, birthDate: MARIO_ROSSI.birthDate },
  ES: { ...SIGN_UP_COMMON, fiscalCode: '12345678Z' },
  DE: { ...SIGN_UP_COMMON, fiscalCode: '12345678901', birthDate: '1985-12-10' },
  BE: { ...SIGN_UP_COMMON },
  FR: { ...SIGN_UP_COMMON },
  EN: { ...SIGN_UP_COMMON, birthDate: 502_416_000_000 },
  NL: { ...SIGN_UP_COMMON },
  OTHER: { ...SIGN_UP_COMMON, fiscalCode: 'LU-1985121012345' },
};

/** An invite sign-up the schema accepts for a dealer of `market` (a fresh copy). */
export function validUserSignUp(market: UserSignUpMarket): UserSignUpInput {
  return structuredClone(SIGN_UP_BY_MARKET[market]);
}

/** Minimal files of each type, by their magic bytes (for sniffing, upload and size tests). */
export const SAMPLE_DOCUMENTS = {
  pdf: new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  jpeg: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]),
  png: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  eps: new TextEncoder().encode('%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n%%EOF\n'),
  dosEps: Uint8Array.from([0xc5, 0xd0, 0xd3, 0xc6, 0x20, 0x00, 0x00, 0x00, 0x10, 0x00, 0x00, 0x00]),
  postscript: new TextEncoder().encode('%!PS-Adobe-3.0\n%%Pages: 1\n%%EOF\n'),
  text: new TextEncoder().encode('This is a plain text file renamed to visura.pdf\n'),
} as const;
