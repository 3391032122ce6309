import { describe, expect, it } from 'vitest';
import { FORM_MESSAGE_KEYS } from '@auction/domain';
import { EMPTY_SIGN_UP, signUpDisplay, signUpIssues, signUpLink, toSignUpPayload, UserSignUpSearch, type Invitation } from './user-signup-form.js';

const invitation = (idMarket: string): Invitation => ({ email: 'anna@example.com', idDealer: 'D-1', dealerName: 'Autosalone', idMarket });
const answered = { consent1: true, consent2: false, consent3: true };

describe('the verification guard', () => {
  it('needs email, tag and dealerId, all non-blank', () => {
    expect(signUpLink({ email: 'a@b.it', tag: 't', dealerId: '7' })).toEqual({ email: 'a@b.it', tag: 't', dealerId: '7' });
    expect(signUpLink({ email: 'a@b.it', tag: 't' })).toBeNull();
    expect(signUpLink({ email: ' ', tag: 't', dealerId: '7' })).toBeNull();
    expect(signUpLink(UserSignUpSearch.parse({ email: ['x', 'y'], tag: 1, dealerId: '7' }))).toBeNull();
  });
});

describe('per-market display', () => {
  it('stars fiscal code and birth date for IT only, hides the fiscal code for BE, FR, NL, EN', () => {
    expect(signUpDisplay('IT')).toMatchObject({ fiscalCode: { shown: true, starred: true }, birthDateStarred: true });
    for (const m of ['BE', 'FR', 'NL', 'EN']) expect(signUpDisplay(m).fiscalCode.shown).toBe(false);
    expect(signUpDisplay('DE')).toMatchObject({ fiscalCode: { shown: true, starred: false }, birthDateStarred: false });
    expect(signUpDisplay('PL').market).toBe('OTHER');
  });
});

describe('signUpIssues', () => {
  it('accepts Mario Rossi for an Italian dealer and refuses an inconsistent fiscal code', () => {
    const values = { ...EMPTY_SIGN_UP, ...answered, surname: 'Rossi', name: 'Mario', fiscalCode: 'RSSMRA85T10A562S', birthDate: '10/12/1985' };
    expect(signUpIssues(values, invitation('IT'), 'tag')).toEqual({});
    const wrong = signUpIssues({ ...values, name: 'Luigi' }, invitation('IT'), 'tag');
    expect(wrong.fiscalCode?.message).toBe(FORM_MESSAGE_KEYS.dataErrorFiscalCode);
  });
  it('requires the consents and, for IT, the birth date', () => {
    const issues = signUpIssues({ ...EMPTY_SIGN_UP, surname: 'Rossi', name: 'Mario' }, invitation('IT'), 'tag');
    expect(Object.keys(issues).sort()).toEqual(['birthDate', 'consent1', 'consent2', 'consent3', 'fiscalCode']);
  });
  it('never sends a fiscal code the market hides', () => {
    const values = { ...EMPTY_SIGN_UP, ...answered, surname: 'Dupont', name: 'Jean', fiscalCode: 'typed before' };
    expect(toSignUpPayload(values, invitation('FR'), 'tag').fiscalCode).toBeUndefined();
    expect(signUpIssues(values, invitation('FR'), 'tag')).toEqual({});
  });
});
