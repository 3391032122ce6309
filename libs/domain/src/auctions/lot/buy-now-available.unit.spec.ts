import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromCents } from '../../shared/money.js';
import { isBuyNowAvailable } from './lot.predicates.js';

/** The buy-now rule the decider applies and the offer form shows (issue 11 item 20). */
describe('isBuyNowAvailable', () => {
  it('is open without offers, closed without a buy-now price', () => {
    expect(isBuyNowAvailable(9000, null)).toBe(true);
    expect(isBuyNowAvailable(null, null)).toBe(false);
    expect(isBuyNowAvailable(null, { amount: 100 })).toBe(false);
  });

  it('is open exactly while the best offer is below the buy-now price (in cents)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (buyNow, best) => {
      expect(isBuyNowAvailable(fromCents(buyNow), { amount: fromCents(best) })).toBe(best < buyNow);
    }));
    expect(isBuyNowAvailable(6000, { amount: 5999.99 })).toBe(true);
    expect(isBuyNowAvailable(6000, { amount: 6000 })).toBe(false);
    expect(isBuyNowAvailable(6000, { amount: 6500 })).toBe(false);
  });
});
