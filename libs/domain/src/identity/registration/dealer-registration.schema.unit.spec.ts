import { describe, expect, test } from 'vitest';
import { dealerRegistrationSchema, DEALER_REGISTRATION_MAX_LENGTHS, type DealerRegistrationInput } from './dealer-registration.schema.js';
import { FORM_MESSAGE_KEYS as K } from './form-messages.js';
import { REGISTRATION_COUNTRIES, type RegistrationCountry } from './registration-countries.js';
import { DOCUMENT_ERROR_CODE } from './registration-error-codes.js';
import { validDealerRegistration } from './registration.test-support.js';

/** The issues of a payload as `field → message key`. */
function issuesOf(input: unknown): Record<string, string> {
  const result = dealerRegistrationSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

/** `country`'s valid payload with `change` applied must fail with exactly `{ [field]: key }`. */
function expectAlone(country: RegistrationCountry, change: Partial<DealerRegistrationInput>, field: string, key: string): void {
  expect(issuesOf({ ...validDealerRegistration(country), ...change })).toEqual({ [field]: key });
}

describe('dealerRegistrationSchema: a valid payload per row of the table passes', () => {
  test.each(REGISTRATION_COUNTRIES)('%s', (country) => {
    expect(issuesOf(validDealerRegistration(country))).toEqual({});
  });

  test('parsing trims the text fields', () => {
    const parsed = dealerRegistrationSchema.parse({ ...validDealerRegistration('IT'), businessName: '  Autosalone  ' });
    expect(parsed.businessName).toBe('Autosalone');
  });
});

describe('the general required list (spec 01 §5), each field alone', () => {
  const required = ['businessName', 'address', 'country', 'email', 'confEmail', 'city', 'vatCode', 'mobile', 'typeDealerActivity', 'carSold', 'buyingInterest', 'referenceSurname'] as const;
  test.each(required)('%s empty is mandatory', (field) => {
    const payload: DealerRegistrationInput = { ...validDealerRegistration('ES'), [field]: field === 'confEmail' ? '' : '  ' };
    expect(issuesOf(payload)[field]).toBe(K.mandatory);
  });

  test.each(['checkConsents1', 'checkConsents2', 'checkConsents3'] as const)('%s unanswered is mandatory, false (disagree) is an answer', (field) => {
    expectAlone('FR', { [field]: null }, field, K.mandatory);
    expect(issuesOf({ ...validDealerRegistration('FR'), [field]: false })).toEqual({});
  });

  test('referenceName and referenceEmail are required where shown', () => {
    expectAlone('IT', { referenceName: '' }, 'referenceName', K.mandatory);
    expectAlone('ES', { referenceEmail: undefined }, 'referenceEmail', K.mandatory);
  });

  test('an empty Italian form reports every required field at once', () => {
    const issues = issuesOf({ country: 'IT' });
    const mandatory = [...required.filter((f) => f !== 'country'), 'region', 'postalCode', 'referenceName', 'referenceEmail', 'referenceFiscalCode', 'referenceBirthDate',
      'checkCCA', 'checkDati', 'checkTec', 'checkConsents1', 'checkConsents2', 'checkConsents3'];
    expect(issues).toEqual({ ...Object.fromEntries(mandatory.map((f) => [f, K.mandatory])), visura: K.document, doc: K.document });
  });

  test('issues come in the order of the form sections (the form scrolls to the first)', () => {
    const result = dealerRegistrationSchema.safeParse({ ...validDealerRegistration('IT'), doc: '', checkCCA: false, referenceSurname: '', carSold: '', city: '' });
    expect(result.error!.issues.map((i) => i.path[0])).toEqual(['city', 'carSold', 'referenceSurname', 'checkCCA', 'doc']);
  });
});

describe('maximum lengths (spec 01 §3), each field alone', () => {
  const fields = ['businessName', 'address', 'city', 'mobile', 'phone', 'referenceSurname', 'referenceFCA', 'website', 'typeDealerActivity'] as const;
  test.each(fields)('%s one character too long is wrongFormat with maxLength', (field) => {
    const max = DEALER_REGISTRATION_MAX_LENGTHS[field];
    // ES: no fiscal-code consistency, so a long surname is reported on the surname alone
    const result = dealerRegistrationSchema.safeParse({ ...validDealerRegistration('ES'), [field]: 'a'.repeat(max + 1) });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([expect.objectContaining({ path: [field], message: K.wrongFormat, params: { maxLength: max } })]);
    expect(issuesOf({ ...validDealerRegistration('ES'), [field]: 'a'.repeat(max) })).toEqual({});
  });

  test('e-mails: 100 characters at most', () => {
    const long = `${'a'.repeat(89)}@example.com`; // 101
    expect(issuesOf({ ...validDealerRegistration('IT'), email: long, confEmail: long })).toMatchObject({ email: K.wrongFormat, confEmail: K.wrongFormat });
  });
});

describe('e-mails valid and equal, birth date valid', () => {
  test('an invalid e-mail is wrongFormat', () => expectAlone('BE', { email: 'dealer@', confEmail: 'dealer@' }, 'email', K.wrongFormat) );
  test('a confirmation that differs is confirmEmail', () => expectAlone('BE', { confEmail: 'other@example.com' }, 'confEmail', K.confirmEmail));
  test('an invalid reference e-mail is wrongFormat', () => expectAlone('NL', { referenceEmail: 'not-an-email' }, 'referenceEmail', K.wrongFormat));
  test('a reference birth date that is no date is invalidDate (where optional too)', () => {
    expectAlone('FR', { referenceBirthDate: '31/02/1985' }, 'referenceBirthDate', K.invalidDate);
    expectAlone('FR', { referenceBirthDate: 'yesterday' }, 'referenceBirthDate', K.invalidDate);
    expect(issuesOf({ ...validDealerRegistration('FR'), referenceBirthDate: '1985-12-10' })).toEqual({});
  });
});

describe('wrong types and unknown values never crash', () => {
  test('a number for a text field, a string for a checkbox, a non-object', () => {
    expect(issuesOf({ ...validDealerRegistration('IT'), businessName: 42 })).toEqual({ businessName: K.wrongFormat });
    expect(issuesOf({ ...validDealerRegistration('IT'), checkCCA: 'yes' })).toEqual({ checkCCA: K.wrongFormat });
    expect(issuesOf(null)).toEqual({ '': K.wrongFormat });
    expect(issuesOf('payload')).toEqual({ '': K.wrongFormat });
  });
  test('idMarket, when sent, is a market', () => {
    expectAlone('IT', { idMarket: 'xx' }, 'idMarket', K.wrongFormat);
    expect(issuesOf({ ...validDealerRegistration('IT'), idMarket: undefined })).toEqual({});
  });
  test('country: letters only; an unknown country follows the OTHER row', () => {
    expectAlone('OTHER', { country: 'L1' }, 'country', K.wrongFormat);
    expect(issuesOf({ ...validDealerRegistration('OTHER'), country: 'AT' })).toEqual({});
  });
});

describe('documents by name: 600002', () => {
  test('the legal document is always required', () => {
    for (const country of REGISTRATION_COUNTRIES) expectAlone(country, { doc: '' }, 'doc', K.document);
    const issue = dealerRegistrationSchema.safeParse({ ...validDealerRegistration('PT'), doc: undefined }).error!.issues[0]!;
    expect(issue).toMatchObject({ path: ['doc'], params: { errorCode: DOCUMENT_ERROR_CODE, reason: 'missing' } });
    expect(DOCUMENT_ERROR_CODE).toBe(600002);
  });
  test('the legal documents accept JPEG, PNG, PDF, EPS names; the second is optional', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.pdf', 'a.eps']) expect(issuesOf({ ...validDealerRegistration('ES'), doc: name, doc2: name })).toEqual({});
    expectAlone('ES', { doc: 'scan.tiff' }, 'doc', K.document);
    expectAlone('ES', { doc2: 'scan.docx' }, 'doc2', K.document);
    expect(issuesOf({ ...validDealerRegistration('ES'), doc2: undefined })).toEqual({});
  });
});

describe('attack review: lookalikes, canonical output, file names, website', () => {
  test('R1: an IT fiscal code with a lookalike letter (ſ for S) is dataErrorFiscalCode, reason format', () => {
    for (const cf of ['RSſMRA85T10A562S', 'RSSMRA85T10A562\u017F', 'RSSMRA\u00A085T10A562S']) {
      const issues = dealerRegistrationSchema.safeParse({ ...validDealerRegistration('IT'), referenceFiscalCode: cf }).error!.issues;
      expect(issues).toEqual([expect.objectContaining({ path: ['referenceFiscalCode'], message: K.dataErrorFiscalCode, params: { reason: 'format' } })]);
    }
  });
  test('R1: the output holds the canonical IT fiscal code (upper case); other countries keep theirs as typed', () => {
    expect(dealerRegistrationSchema.parse({ ...validDealerRegistration('IT'), referenceFiscalCode: ' rssmra85t10a562s ' }).referenceFiscalCode).toBe('RSSMRA85T10A562S');
    expect(dealerRegistrationSchema.parse({ ...validDealerRegistration('ES'), referenceFiscalCode: '12345678z' }).referenceFiscalCode).toBe('12345678z');
  });
  test('R1: idMarket must be ASCII (ıt upper-cases to IT)', () => expectAlone('IT', { idMarket: 'ıt' }, 'idMarket', K.wrongFormat));
  test.each(['../../etc/x.pdf', 'a.html\u0000.pdf', 'photo\u202Egnp.pdf', 'x\u2066.pdf', 'dir\\x.pdf'])('R3: document name %j is refused (600002)', (name) => {
    for (const kind of ['visura', 'doc', 'doc2'] as const) {
      const issue = dealerRegistrationSchema.safeParse({ ...validDealerRegistration('IT'), [kind]: name }).error!.issues[0]!;
      expect(issue).toMatchObject({ path: [kind], message: K.document, params: { errorCode: DOCUMENT_ERROR_CODE, reason: 'wrongName' } });
    }
  });
  test.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', 'java\tscript:alert(1)',
    'ftp://dealer.example.com', 'file:///etc/passwd', '//evil.example.com', 'https://', 'https://dealer\u202E.example.com'])('website %j is wrongFormat', (website) => {
    expectAlone('IT', { website }, 'website', K.wrongFormat);
  });
  test('website: http(s) URLs and addresses without a scheme pass', () => {
    for (const website of ['https://dealer.example.com', 'http://dealer.example.com/chi-siamo?x=1', 'HTTPS://DEALER.IT', 'www.dealer.it', 'autosalone-città.it/contatti']) {
      expect(issuesOf({ ...validDealerRegistration('IT'), website })).toEqual({});
    }
  });
});
