import { describe, expect, it } from 'vitest';
import { editBody, type EditValues } from './dealer-edit.js';

const before: EditValues = {
  businessName: 'Demo Cars', vatCode: 'IT01234567890', address: 'Via Roma 1', city: 'Roma', postalCode: '00100',
  email: 'demo@example.com', phone: '06 123', mobile: '', website: '',
};

describe('dealer edit body', () => {
  it('sends only the changed fields, trimmed', () => {
    expect(editBody('D-1', before, { ...before, city: ' Milano ' })).toEqual({ body: { idDealer: 'D-1', city: 'Milano' }, issues: [], changed: 1 });
  });
  it('clears an optional field with null', () => {
    expect(editBody('D-1', before, { ...before, phone: '' }).body).toEqual({ idDealer: 'D-1', phone: null });
  });
  it('refuses an emptied required field and a bad e-mail, naming them', () => {
    const r = editBody('D-1', before, { ...before, businessName: ' ', email: 'nope' });
    expect(r.body).toBeNull();
    expect(r.issues.sort()).toEqual(['businessName', 'email']);
  });
  it('nothing changed: an empty body', () => {
    expect(editBody('D-1', before, before)).toEqual({ body: { idDealer: 'D-1' }, issues: [], changed: 0 });
  });
});
