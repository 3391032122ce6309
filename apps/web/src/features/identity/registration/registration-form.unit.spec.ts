import { describe, expect, it } from 'vitest';
import { FORM_MESSAGE_KEYS, REGISTRATION_SECTIONS } from '@auction/domain';
import { validDealerRegistration } from '../../../../../../libs/domain/src/identity/registration/registration.test-support.js';
import {
  birthDateEpochMs, emptyRegistration, issueText, regionLabelKey, registrationIssues, sectionOfFirstError, toRegistrationPayload,
  visibleIssues, type RegistrationFiles, type RegistrationValues,
} from './registration-form.js';

const file = (name: string) => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], name);

/** The form's values of the fixture's valid Italian dealer. */
function italianValues(): RegistrationValues {
  const fixture = validDealerRegistration('IT');
  const values = emptyRegistration('IT');
  for (const key of Object.keys(values) as (keyof RegistrationValues)[]) {
    const v = (fixture as Record<string, unknown>)[key];
    if (v !== undefined && v !== null) (values as unknown as Record<string, unknown>)[key] = v;
  }
  return values;
}
const italianFiles = (): RegistrationFiles => ({ visura: file('visura.pdf'), doc: file('id.pdf') });

describe('sectionOfFirstError', () => {
  it('is the first section in the form order, whatever the order of the fields', () => {
    expect(sectionOfFirstError(['doc', 'checkConsents1', 'referenceSurname', 'vatCode'])).toBe('details');
    expect(sectionOfFirstError(['visura', 'carSold'])).toBe('dealerActivity');
    expect(sectionOfFirstError(['checkTec', 'referenceFiscalCode'])).toBe('internalReference');
    expect(sectionOfFirstError(['doc2', 'checkConsents3'])).toBe('consents');
    expect(sectionOfFirstError(['doc'])).toBe('documents');
  });
  it('is null without a known field (an unknown or prototype name is no section)', () => {
    expect(sectionOfFirstError([])).toBeNull();
    expect(sectionOfFirstError(['__proto__', 'toString', 'nope'])).toBeNull();
  });
  it('knows every section', () => {
    expect(REGISTRATION_SECTIONS).toEqual(['details', 'dealerActivity', 'internalReference', 'consents', 'documents']);
  });
});

describe('registrationIssues (the shared schema)', () => {
  it('has none for a valid Italian dealer with visura and legal document', () => {
    expect(registrationIssues(italianValues(), italianFiles(), 'it')).toEqual({});
  });
  it('reports a wrong Italian VAT, a mismatched confirmation and a missing visura at once', () => {
    const values = { ...italianValues(), vatCode: '00743110158', confEmail: 'other@example.com' };
    const issues = registrationIssues(values, { doc: file('id.pdf') }, 'it');
    expect(issues.vatCode?.message).toBe(FORM_MESSAGE_KEYS.wrongFormat);
    expect(issues.confEmail?.message).toBe(FORM_MESSAGE_KEYS.confirmEmail);
    expect(issues.visura?.message).toBe(FORM_MESSAGE_KEYS.document);
    expect(sectionOfFirstError(Object.keys(issues))).toBe('details');
  });
  it('refuses an Italian fiscal code with a wrong check character', () => {
    const issues = registrationIssues({ ...italianValues(), referenceFiscalCode: 'RSSMRA85T10A562X' }, italianFiles(), 'it');
    expect(issues.referenceFiscalCode?.message).toBe(FORM_MESSAGE_KEYS.dataErrorFiscalCode);
  });
  it('requires the three consents answered, a "no" being an answer', () => {
    const unanswered = registrationIssues({ ...italianValues(), checkConsents2: null }, italianFiles(), 'it');
    expect(unanswered.checkConsents2?.message).toBe(FORM_MESSAGE_KEYS.mandatory);
    expect(registrationIssues({ ...italianValues(), checkConsents2: false }, italianFiles(), 'it')).toEqual({});
  });
  it('does not ask a German dealer for a reference name or e-mail, and never sends them', () => {
    const values = { ...emptyRegistration('DE'), referenceName: 'Hans', referenceEmail: 'not an e-mail' };
    const issues = registrationIssues(values, {}, 'de');
    expect(issues.referenceName).toBeUndefined();
    expect(issues.referenceEmail).toBeUndefined();
    const payload = toRegistrationPayload(values, { doc2: file('x.png') }, 'de-DE');
    expect(payload.referenceName).toBeUndefined();
    expect(payload.referenceEmail).toBeUndefined();
    expect(payload.doc2).toBeUndefined();
  });
});

describe('toRegistrationPayload', () => {
  it('adds idMarket from the locale, the chosen file names and leaves blanks out', () => {
    const payload = toRegistrationPayload({ ...italianValues(), website: '  ' }, italianFiles(), 'it-IT');
    expect(payload.idMarket).toBe('it');
    expect(payload.visura).toBe('visura.pdf');
    expect(payload.doc).toBe('id.pdf');
    expect(payload.website).toBeUndefined();
  });
});

describe('visibleIssues', () => {
  const issues = { email: { message: FORM_MESSAGE_KEYS.mandatory }, city: { message: FORM_MESSAGE_KEYS.mandatory } };
  it('shows only touched fields before a submit attempt, all after', () => {
    expect(Object.keys(visibleIssues(issues, new Set(['city']), false))).toEqual(['city']);
    expect(Object.keys(visibleIssues(issues, new Set(), true))).toEqual(['email', 'city']);
  });
});

describe('country display rules', () => {
  it('labels the region per country (spec 01 §2)', () => {
    expect(['IT', 'BE', 'ES', 'NL', 'PL'].map(regionLabelKey)).toEqual(Array(5).fill('region.province'));
    expect(regionLabelKey('FR')).toBe('region.department');
    expect(regionLabelKey('DE')).toBe('region.bundesland');
    expect(regionLabelKey('EN')).toBe('region.county');
  });
  it('says the length of a length rule, and stays generic for the Italian VAT checksum', () => {
    expect(issueText({ message: FORM_MESSAGE_KEYS.wrongFormat, params: { length: 5, charset: 'digits' } }))
      .toEqual({ key: 'registration:registrationForm.error.length', values: { length: 5 } });
    expect(issueText({ message: FORM_MESSAGE_KEYS.wrongFormat, params: { maxLength: 30 } }).key).toBe('registration:registrationForm.error.maxLength');
    expect(issueText({ message: FORM_MESSAGE_KEYS.wrongFormat, params: { length: 11, checksum: 'IT' } }).key).toBe('registration:registrationForm.error.wrongFormat');
  });
});

describe('birthDateEpochMs', () => {
  it('is UTC midnight of the calendar day, null for a non-date', () => {
    expect(birthDateEpochMs('10/12/1985')).toBe(Date.UTC(1985, 11, 10));
    expect(birthDateEpochMs('31/02/1985')).toBeNull();
    expect(birthDateEpochMs('1985-12-10')).toBeNull();
  });
});
