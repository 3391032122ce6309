import { describe, expect, it } from 'vitest';
import { dealerPowers } from './dealer-powers.js';

describe('dealerPowers', () => {
  it('an administrator may do everything', () => {
    expect(dealerPowers({ roles: ['USER', 'ADMIN'] })).toEqual({ change: true, admin: true, readOnly: false });
  });
  it('customer centre changes but neither deletes nor grants capabilities', () => {
    expect(dealerPowers({ roles: ['USER', 'CUSTOMER_CENTER'] })).toEqual({ change: true, admin: false, readOnly: false });
  });
  it('a read-only administrator changes nothing', () => {
    expect(dealerPowers({ roles: ['ADMIN'], readOnly: true })).toEqual({ change: false, admin: false, readOnly: true });
  });
  it('anyone else and nobody change nothing', () => {
    expect(dealerPowers({ roles: ['BUYER'] }).change).toBe(false);
    expect(dealerPowers(null).change).toBe(false);
  });
});
