import { describe, expect, it } from 'vitest';
import { elements } from './code-tables.js';
import { countryCodeOfIso, countryIsoCode } from './countries.js';

describe('COUNTRY codes', () => {
  it('are the market codes where a country is a market, EN for the United Kingdom', () => {
    const codes = elements({ groupCode: 'COUNTRY' }).map((e) => e.elementCode);
    expect(codes).toEqual(expect.arrayContaining(['IT', 'DE', 'FR', 'ES', 'BE', 'NL', 'PL', 'PT', 'LU', 'EN', 'CH', 'AT', 'NO']));
    expect(codes).not.toContain('GB');
    expect(codes).toHaveLength(32);
  });

  it('map to and from ISO 3166-1 alpha-2', () => {
    expect(countryIsoCode('EN')).toBe('GB');
    expect(countryIsoCode('IT')).toBe('IT');
    expect(countryIsoCode('GB')).toBeUndefined();
    expect(countryIsoCode('toString')).toBeUndefined();
    expect(countryCodeOfIso('GB')).toBe('EN');
    expect(countryCodeOfIso('gr')).toBe('GR');
    expect(countryCodeOfIso('US')).toBeUndefined();
  });
});
