import { describe, expect, it } from 'vitest';
import { SellerFormSchema, toggleCode } from './seller-form.js';

describe('the seller form', () => {
  it('takes what the server takes, blank e-mail and phone included', () => {
    const ok = SellerFormSchema.safeParse({ idMarket: 'IT', name: ' Anna ', surname: 'Zeta', email: '', phone: '', areas: ['MI'], carSold: [] });
    expect(ok.success && ok.data).toMatchObject({ name: 'Anna', email: '', areas: ['MI'] });
  });
  it('names each broken field', () => {
    const bad = SellerFormSchema.safeParse({ idMarket: 'IT', name: '', surname: 'x'.repeat(81), email: 'nope', phone: 'abc', areas: [], carSold: [] });
    expect(bad.success).toBe(false);
    expect(new Set(bad.error!.issues.map((i) => i.path[0]))).toEqual(new Set(['name', 'surname', 'email', 'phone']));
  });
  it('toggles a code once', () => {
    expect(toggleCode(['MI'], 'RM', true)).toEqual(['MI', 'RM']);
    expect(toggleCode(['MI', 'RM'], 'RM', true)).toEqual(['MI', 'RM']);
    expect(toggleCode(['MI', 'RM'], 'MI', false)).toEqual(['RM']);
  });
});
