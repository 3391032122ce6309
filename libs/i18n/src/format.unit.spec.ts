import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, NO_VALUE, parseMoney, thousandsSeparatorOf } from './format.js';
import { LANGUAGES } from './languages.js';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('formatMoney', () => {
  it('groups thousands with an ASCII apostrophe by default, with a decimal comma and a no-break space before €', () => {
    expect(formatMoney(1234567.5, 'en')).toBe(`1'234'567,50${NBSP}€`);
    expect(formatMoney(1234567.5, 'it')).toBe(`1'234'567,50${NBSP}€`);
    expect(formatMoney(12345.6, 'de')).toBe(`12'345,60${NBSP}€`);
  });

  it('groups with a dot in Polish', () => {
    expect(formatMoney(1234.5, 'pl')).toBe(`1.234,50${NBSP}€`);
    expect(formatMoney(1234567, 'pl')).toBe(`1.234.567,00${NBSP}€`);
  });

  it('groups with a narrow no-break space in French', () => {
    expect(formatMoney(1234.5, 'fr')).toBe(`1${NNBSP}234,50${NBSP}€`);
  });

  it('keeps the default apostrophe for the Belgian and Luxembourg languages (the spec names only Poland and France)', () => {
    expect(thousandsSeparatorOf('be')).toBe("'");
    expect(thousandsSeparatorOf('lu')).toBe("'");
  });

  it('does not group below a thousand and always shows two decimals', () => {
    expect(formatMoney(999, 'en')).toBe(`999,00${NBSP}€`);
    expect(formatMoney(1000, 'en')).toBe(`1'000,00${NBSP}€`);
    expect(formatMoney(0.5, 'en')).toBe(`0,50${NBSP}€`);
  });

  it('prints zero without a sign, also for -0 and negatives that round to zero', () => {
    expect(formatMoney(0, 'en')).toBe(`0,00${NBSP}€`);
    expect(formatMoney(-0, 'en')).toBe(`0,00${NBSP}€`);
    expect(formatMoney(-0.001, 'en')).toBe(`0,00${NBSP}€`);
  });

  it('puts a minus before negative amounts', () => {
    expect(formatMoney(-1234.5, 'en')).toBe(`-1'234,50${NBSP}€`);
    expect(formatMoney(-1234.5, 'pl')).toBe(`-1.234,50${NBSP}€`);
    expect(formatMoney(-0.01, 'fr')).toBe(`-0,01${NBSP}€`);
  });

  it('rounds floating-point sums to the cent, half away from zero on the decimal value', () => {
    expect(formatMoney(0.1 + 0.2, 'en')).toBe(`0,30${NBSP}€`);
    expect(formatMoney(1.005, 'en')).toBe(`1,01${NBSP}€`);
    expect(formatMoney(2.675, 'en')).toBe(`2,68${NBSP}€`);
    expect(formatMoney(-1.005, 'en')).toBe(`-1,01${NBSP}€`);
    expect(formatMoney(999.999, 'en')).toBe(`1'000,00${NBSP}€`);
  });

  it('prints a dash for a value that is not a number', () => {
    expect(formatMoney(Number.NaN, 'en')).toBe(NO_VALUE);
    expect(formatMoney(Number.POSITIVE_INFINITY, 'pl')).toBe(NO_VALUE);
  });
});

describe('formatNumber', () => {
  it('uses the given number of decimals', () => {
    expect(formatNumber(1234.5678, 'en', 0)).toBe("1'235");
    expect(formatNumber(1234.5678, 'pl', 1)).toBe('1.234,6');
    expect(formatNumber(1234.5678, 'fr', 3)).toBe(`1${NNBSP}234,568`);
    expect(formatNumber(1234.5, 'en')).toBe("1'234,50");
  });

  it('refuses a number of decimals it cannot print', () => {
    expect(() => formatNumber(1, 'en', -1)).toThrow(RangeError);
    expect(() => formatNumber(1, 'en', 1.5)).toThrow(RangeError);
    expect(() => formatNumber(1, 'en', 7)).toThrow(RangeError);
  });
});

describe('parseMoney', () => {
  it('reads what formatMoney prints, in every language', () => {
    for (const language of LANGUAGES) {
      expect(parseMoney(formatMoney(1234567.5, language), language)).toBe(1234567.5);
      expect(parseMoney(formatMoney(-42.01, language), language)).toBe(-42.01);
    }
  });

  it('reads plain amounts with a dot or a comma for decimals', () => {
    expect(parseMoney('1234.5', 'en')).toBe(1234.5);
    expect(parseMoney('1234,5', 'en')).toBe(1234.5);
    expect(parseMoney('1234', 'en')).toBe(1234);
    expect(parseMoney('  0,05 ', 'en')).toBe(0.05);
    expect(parseMoney('12.50', 'en')).toBe(12.5);
  });

  it('reads the usual ways of grouping thousands', () => {
    expect(parseMoney("1'234,50", 'it')).toBe(1234.5);
    expect(parseMoney('1’234,50', 'it')).toBe(1234.5);
    expect(parseMoney('1.234,50', 'pl')).toBe(1234.5);
    expect(parseMoney('12.500', 'de')).toBe(12500);
    expect(parseMoney('1 234,50', 'fr')).toBe(1234.5);
    expect(parseMoney(`1${NBSP}234${NBSP}567`, 'fr')).toBe(1234567);
    expect(parseMoney("1'234.50", 'en')).toBe(1234.5);
  });

  it('accepts the euro sign or EUR on either side and a leading minus', () => {
    expect(parseMoney('€ 1234', 'en')).toBe(1234);
    expect(parseMoney('1234€', 'en')).toBe(1234);
    expect(parseMoney('1234 EUR', 'en')).toBe(1234);
    expect(parseMoney('-10', 'en')).toBe(-10);
    expect(parseMoney('−10,5 €', 'en')).toBe(-10.5);
    expect(parseMoney('-0', 'en')).toBe(0);
  });

  it('is exact to the cent', () => {
    expect(parseMoney('0,30', 'en')).toBe(0.3);
    expect(parseMoney('1.234.567,89', 'pl')).toBe(1234567.89);
  });

  it('returns null for garbage', () => {
    for (const text of [
      '', ' ', '€', '-', 'abc', '12a', '1,234', '1.2345', '1,234.5', '1.234.5', "1'23", "1'234.567'8", "1.234'567",
      '1,2,3', '12,345,67', '1 2', '1e5', '0x10', '+5', '--5', '1,', ',5', '.5', 'NaN', 'Infinity', '99999999999999999999',
    ]) {
      expect(parseMoney(text, 'en'), JSON.stringify(text)).toBeNull();
    }
  });

  it('round-trips every amount of cents formatMoney can print (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(...LANGUAGES), (cents, language) => {
        const amount = cents / 100;
        expect(parseMoney(formatMoney(amount, language), language)).toBe(amount === 0 ? 0 : amount);
      }),
    );
  });
});
