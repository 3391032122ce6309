import { describe, expect, it } from 'vitest';
import { newUserBody, toggleRole, type NewUserDraft } from './new-user-form.js';

const draft: NewUserDraft = { email: 'new.staff@example.com', name: 'Nina', surname: 'Bianchi', idMarket: 'IT', preferredLanguage: 'IT', idDealer: '', roles: ['USER'] };

describe('newUserBody', () => {
  it('builds the POST /secure/user body of a valid dialog (no idDealer when blank)', () => {
    expect(newUserBody(draft)).toEqual({ email: 'new.staff@example.com', name: 'Nina', surname: 'Bianchi', idMarket: 'IT', preferredLanguage: 'IT', roles: ['USER'] });
  });
  it('sends an internationalised domain in its ASCII form', () => {
    expect(newUserBody({ ...draft, email: 'anna@bücher.example' })?.email).toBe('anna@xn--bcher-kva.example');
  });
  it('leaves blank names out', () => {
    expect(newUserBody({ ...draft, name: '  ', surname: '' })).toEqual({ email: 'new.staff@example.com', idMarket: 'IT', preferredLanguage: 'IT', roles: ['USER'] });
  });
  it('is null (send disabled) for a bad e-mail, a name with a control character, no role or a too long e-mail', () => {
    expect(newUserBody({ ...draft, email: 'not-an-email' })).toBeNull();
    expect(newUserBody({ ...draft, name: 'A\u0007B' })).toBeNull();
    expect(newUserBody({ ...draft, roles: [] })).toBeNull();
    expect(newUserBody({ ...draft, email: `${'a'.repeat(95)}@example.com` })).toBeNull();
  });
  it('keeps a dealer id when given', () => {
    expect(newUserBody({ ...draft, idDealer: ' D-1001 ' })?.idDealer).toBe('D-1001');
  });
});

describe('toggleRole', () => {
  it('adds a missing role and removes a present one', () => {
    expect(toggleRole(['USER'], 'BUYER')).toEqual(['USER', 'BUYER']);
    expect(toggleRole(['USER', 'BUYER'], 'USER')).toEqual(['BUYER']);
  });
});
