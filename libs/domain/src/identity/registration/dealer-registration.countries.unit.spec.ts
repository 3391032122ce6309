import { describe, expect, test } from 'vitest';
import { dealerRegistrationSchema, type DealerRegistrationInput } from './dealer-registration.schema.js';
import { FORM_MESSAGE_KEYS as K } from './form-messages.js';
import type { RegistrationCountry } from './registration-countries.js';
import { validDealerRegistration } from './registration.test-support.js';

function issuesOf(input: unknown): Record<string, string> {
  const result = dealerRegistrationSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

/** [what is broken, the change, the field, the expected key]; `null` key: the change is accepted. */
type Case = [string, Partial<DealerRegistrationInput>, string, string | null];

/** Spec 01 §5's per-country table, row by row: each rule broken alone (and the optional ones left empty). */
const TABLE: Record<RegistrationCountry, Case[]> = {
  IT: [
    ['VAT 10 digits', { vatCode: '0074311015' }, 'vatCode', K.wrongFormat],
    ['VAT with a letter', { vatCode: '0074311015A' }, 'vatCode', K.wrongFormat],
    ['VAT with a wrong checksum', { vatCode: '00743110158' }, 'vatCode', K.wrongFormat],
    ['postal code empty', { postalCode: '' }, 'postalCode', K.mandatory],
    ['postal code 4 digits', { postalCode: '2012' }, 'postalCode', K.wrongFormat],
    ['region empty', { region: '' }, 'region', K.mandatory],
    ['fiscal code empty', { referenceFiscalCode: '' }, 'referenceFiscalCode', K.mandatory],
    ['fiscal code not the pattern', { referenceFiscalCode: 'RSSMRA85T10A56' }, 'referenceFiscalCode', K.wrongFormat],
    ['fiscal code with a wrong check character', { referenceFiscalCode: 'RSSMRA85T10A562X' }, 'referenceFiscalCode', K.dataErrorFiscalCode],
    ['fiscal code of another name', { referenceName: 'Luigi' }, 'referenceFiscalCode', K.dataErrorFiscalCode],
    ['fiscal code of another birth date', { referenceBirthDate: '11/12/1985' }, 'referenceFiscalCode', K.dataErrorFiscalCode],
    ['surname too long: reported on the surname, not also on the code', { referenceSurname: 'R'.repeat(51) }, 'referenceSurname', K.wrongFormat],
    ['fiscal code in lower case', { referenceFiscalCode: 'rssmra85t10a562s' }, 'referenceFiscalCode', null],
    ['birth date empty', { referenceBirthDate: '' }, 'referenceBirthDate', K.mandatory],
    ['birth date not a date', { referenceBirthDate: '30/02/1985' }, 'referenceBirthDate', K.invalidDate],
    ['checkCCA unticked', { checkCCA: false }, 'checkCCA', K.mandatory],
    ['checkDati missing', { checkDati: undefined }, 'checkDati', K.mandatory],
    ['checkTec unticked', { checkTec: false }, 'checkTec', K.mandatory],
    ['visura missing', { visura: '' }, 'visura', K.document],
    ['visura not a PDF', { visura: 'visura.jpg' }, 'visura', K.document],
    ['legal document missing', { doc: undefined }, 'doc', K.document],
  ],
  ES: [
    ['VAT 8 characters', { vatCode: 'B1234567' }, 'vatCode', K.wrongFormat],
    ['VAT not alphanumeric', { vatCode: 'B-1234567' }, 'vatCode', K.wrongFormat],
    ['postal code empty', { postalCode: '' }, 'postalCode', K.mandatory],
    ['postal code 4 digits', { postalCode: '2800' }, 'postalCode', K.wrongFormat],
    ['fiscal code of 8', { referenceFiscalCode: '12345678' }, 'referenceFiscalCode', K.wrongFormat],
    ['fiscal code empty (optional)', { referenceFiscalCode: '' }, 'referenceFiscalCode', null],
    ['region empty', { region: '' }, 'region', K.mandatory],
    ['no visura (not required)', { visura: undefined }, 'visura', null],
    ['CCA unticked (only IT requires it)', { checkCCA: false }, 'checkCCA', null],
  ],
  BE: [
    ['VAT 9 digits', { vatCode: '012345674' }, 'vatCode', K.wrongFormat],
    ['postal code 3 digits', { postalCode: '100' }, 'postalCode', K.wrongFormat],
    ['postal code empty (optional)', { postalCode: '' }, 'postalCode', null],
    ['region empty', { region: '' }, 'region', K.mandatory],
    ['reference name hidden: empty accepted', { referenceName: '' }, 'referenceName', null],
  ],
  FR: [
    ['VAT 13 digits', { vatCode: '7328293200007' }, 'vatCode', K.wrongFormat],
    ['postal code with a letter', { postalCode: '7500A' }, 'postalCode', K.wrongFormat],
    ['region empty', { region: '' }, 'region', K.mandatory],
    ['reference name hidden: empty accepted', { referenceName: undefined }, 'referenceName', null],
  ],
  DE: [
    ['VAT without DE', { vatCode: '136695976' }, 'vatCode', K.wrongFormat],
    ['VAT DE plus 8 digits', { vatCode: 'DE13669597' }, 'vatCode', K.wrongFormat],
    ['postal code 6 digits', { postalCode: '101150' }, 'postalCode', K.wrongFormat],
    ['fiscal code of 10', { referenceFiscalCode: '1234567890' }, 'referenceFiscalCode', K.wrongFormat],
    ['visura missing', { visura: undefined }, 'visura', K.document],
    ['region empty', { region: '' }, 'region', K.mandatory],
    ['reference e-mail hidden: empty accepted', { referenceEmail: '' }, 'referenceEmail', null],
  ],
  NL: [
    ['VAT empty', { vatCode: '' }, 'vatCode', K.mandatory],
    ['VAT 31 characters', { vatCode: 'N'.repeat(31) }, 'vatCode', K.wrongFormat],
    ['postal code empty', { postalCode: '' }, 'postalCode', K.mandatory],
    ['postal code 11 characters', { postalCode: '1012 AB 123' }, 'postalCode', K.wrongFormat],
    ['region empty', { region: '' }, 'region', K.mandatory],
  ],
  EN: [
    ['VAT 31 characters', { vatCode: 'G'.repeat(31) }, 'vatCode', K.wrongFormat],
    ['postal code 5 characters', { postalCode: 'SW1A1' }, 'postalCode', K.wrongFormat],
    ['postal code 6 characters', { postalCode: 'M1 1AE' }, 'postalCode', null],
    ['region empty', { region: '' }, 'region', K.mandatory],
  ],
  PL: [
    ['VAT 11 characters', { vatCode: '52602502741' }, 'vatCode', K.wrongFormat],
    ['postal code 5 characters', { postalCode: '00950' }, 'postalCode', K.wrongFormat],
    ['regon 8 characters', { regon: '01234567' }, 'regon', K.wrongFormat],
    ['fiscal code 10 characters', { referenceFiscalCode: '4405140135' }, 'referenceFiscalCode', K.wrongFormat],
    ['region empty', { region: '' }, 'region', K.mandatory],
  ],
  PT: [
    ['VAT 8 characters', { vatCode: '50196484' }, 'vatCode', K.wrongFormat],
    ['postal code 7 characters', { postalCode: '1000001' }, 'postalCode', K.wrongFormat],
    ['region empty (not required)', { region: '' }, 'region', null],
  ],
  OTHER: [
    ['VAT with a dash', { vatCode: 'LU-1502744' }, 'vatCode', K.wrongFormat],
    ['VAT 16 alphanumerics', { vatCode: 'LU12345678901234' }, 'vatCode', K.wrongFormat],
    ['VAT empty', { vatCode: '' }, 'vatCode', K.mandatory],
    ['postal code not shown: any text accepted', { postalCode: 'L-1234' }, 'postalCode', null],
    ['fiscal code 21 characters', { referenceFiscalCode: 'F'.repeat(21) }, 'referenceFiscalCode', K.wrongFormat],
    ['region empty (not required)', { region: undefined }, 'region', null],
  ],
};

for (const [country, cases] of Object.entries(TABLE) as [RegistrationCountry, Case[]][]) {
  describe(`row ${country}`, () => {
    test.each(cases)('%s', (_what, change, field, key) => {
      expect(issuesOf({ ...validDealerRegistration(country), ...change })).toEqual(key === null ? {} : { [field]: key });
    });
  });
}

test('the fiscal code issue says why', () => {
  const issue = dealerRegistrationSchema.safeParse({ ...validDealerRegistration('IT'), referenceSurname: 'Bianchi' }).error!.issues[0]!;
  expect(issue).toMatchObject({ path: ['referenceFiscalCode'], message: K.dataErrorFiscalCode, params: { reason: 'surname' } });
});
