import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT, MAX_AMOUNT_CENTS, fromCents, isValidAmount, toCents } from './money.js';

/** Whole cents from one cent to the upper bound. */
const centsArb = fc.integer({ min: 1, max: MAX_AMOUNT_CENTS });

describe('money: euros with at most 2 decimals, exactly, up to the upper bound', () => {
  it('accepts every whole number of cents from 0.01 to the bound, and round-trips it through cents', () => {
    fc.assert(fc.property(centsArb, (cents) => {
      // The number a JSON body carries for that amount, e.g. "4999.99".
      const euros = Number((cents / 100).toFixed(2));
      expect(isValidAmount(euros)).toBe(true);
      expect(toCents(euros)).toBe(cents);
      expect(fromCents(toCents(euros))).toBe(euros);
    }));
  });

  it('refuses any amount with a fraction of a cent, however small', () => {
    fc.assert(fc.property(centsArb, fc.integer({ min: 1, max: 9 }), fc.integer({ min: 3, max: 12 }), (cents, digit, place) => {
      const text = `${(cents / 100).toFixed(2)}${'0'.repeat(place - 3)}${digit}`;
      const euros = Number(text);
      // Below float precision the text may collapse onto a whole cent: that number is then a valid amount.
      fc.pre(euros !== Number((cents / 100).toFixed(2)));
      expect(isValidAmount(euros)).toBe(false);
    }));
  });

  it('refuses anything above the bound, zero, negatives and non-finite numbers', () => {
    fc.assert(fc.property(fc.double({ min: MAX_AMOUNT, max: Number.MAX_VALUE, noNaN: true }), (v) => {
      fc.pre(v > MAX_AMOUNT);
      expect(isValidAmount(v)).toBe(false);
    }));
    fc.assert(fc.property(fc.double({ max: 0, noNaN: true }), (v) => !isValidAmount(v)));
    for (const v of [Number.NaN, Infinity, -Infinity, 0, -0.01]) expect(isValidAmount(v)).toBe(false);
  });

  it('given the amounts of the report, when checked, then only the whole-cent ones within the bound pass', () => {
    expect([1000.000000001, 1e15, 1.7e306, 0.000000001, 0.001, 100_000_000.01].map(isValidAmount)).toEqual([false, false, false, false, false, false]);
    expect([0.01, 4999.99, 10.07, 0.3, 100_000_000].map(isValidAmount)).toEqual([true, true, true, true, true]);
  });
});
