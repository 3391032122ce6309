import { describe, expect, it } from 'vitest';
import type { AdminUserDetails } from '@auction/contracts';
import { checkEdit, draftOf, editBody } from './user-edit-form.js';

const user: AdminUserDetails = {
  idUser: 'u-7', idDealer: 'D-1001', idMarket: 'IT', preferredLanguage: 'it', roles: ['USER', 'BUYER'], username: 'dealer7',
  consent1: true, consent2: true, consent3: true, flgEnabled: true, readOnly: false, adminEnabledMarket: ['IT'],
  state: 'ENABLED', disabledAt: null,
  personal: { name: 'Anna', surname: 'Rossi', email: 'anna@example.com', phone: null, mobile: null, fiscalCode: null, birthDate: null, iban: null },
};

describe('editBody', () => {
  it('is null when nothing changed', () => {
    expect(editBody(user, draftOf(user), true)).toBeNull();
  });
  it('sends only the changed fields, trimmed, with the user id', () => {
    const body = editBody(user, { ...draftOf(user), name: '  Anna Maria ', phone: '+39 333 1234567', idMarket: 'DE' }, true);
    expect(body).toEqual({ idUser: 'u-7', name: 'Anna Maria', phone: '+39 333 1234567', idMarket: 'DE' });
  });
  it('clears an optional field with null', () => {
    const withPhone = { ...user, personal: { ...user.personal, phone: '0123' } };
    expect(editBody(withPhone, { ...draftOf(withPhone), phone: '  ' }, true)).toEqual({ idUser: 'u-7', phone: null });
    expect(editBody(user, { ...draftOf(user), idDealer: '' }, true)).toEqual({ idUser: 'u-7', idDealer: null });
  });
  it('leaves readOnly and adminEnabledMarket out unless the actor is an ADMIN', () => {
    const draft = { ...draftOf(user), readOnly: true, adminEnabledMarket: ['IT', 'DE'] as const };
    expect(editBody(user, draft, false)).toBeNull();
    expect(editBody(user, draft, true)).toEqual({ idUser: 'u-7', readOnly: true, adminEnabledMarket: ['IT', 'DE'] });
  });
  it('does not count a reordered market list as a change', () => {
    const two = { ...user, adminEnabledMarket: ['IT', 'DE'] as AdminUserDetails['adminEnabledMarket'] };
    expect(editBody(two, { ...draftOf(two), adminEnabledMarket: ['DE', 'IT'] }, true)).toBeNull();
  });
});

describe('checkEdit', () => {
  it('accepts a valid body and returns it parsed', () => {
    const checked = checkEdit({ idUser: 'u-7', name: 'Anna', email: 'new@example.com' });
    expect(checked.issues).toBeNull();
    expect(checked.body).toEqual({ idUser: 'u-7', name: 'Anna', email: 'new@example.com' });
  });
  it('names the refused fields: an empty name, a bad e-mail, a phone without digits, a bad date', () => {
    const checked = checkEdit({ idUser: 'u-7', name: '', email: 'nope', phone: '---', birthDate: '31/12/1990' });
    expect(checked.body).toBeNull();
    expect(Object.keys(checked.issues ?? {}).sort()).toEqual(['birthDate', 'email', 'name', 'phone']);
  });
});

describe('the birth date as the portal writes dates (#21 item 20)', () => {
  const born = { ...user, personal: { ...user.personal, birthDate: '1985-12-10' } };
  it('opens as DD/MM/YYYY, whatever the browser\'s locale', () => {
    expect(draftOf(born).birthDate).toBe('10/12/1985');
    expect(editBody(born, draftOf(born), true)).toBeNull();
  });
  it('sends a typed DD/MM/YYYY as the contract\'s YYYY-MM-DD, and a wrong date as typed so the check refuses it', () => {
    expect(editBody(user, { ...draftOf(user), birthDate: '1/2/1990' }, true)).toEqual({ idUser: 'u-7', birthDate: '1990-02-01' });
    expect(editBody(born, { ...draftOf(born), birthDate: '' }, true)).toEqual({ idUser: 'u-7', birthDate: null });
    const wrong = editBody(user, { ...draftOf(user), birthDate: '31/02/1990' }, true)!;
    expect(checkEdit(wrong).issues).toHaveProperty('birthDate');
  });
});
