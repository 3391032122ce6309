import { describe, expect, it } from 'vitest';
import { countryName, offeredCountries, offeredLanguages } from './language-options.js';

describe('the header dropdowns follow the session market (spec 01 §2, §4)', () => {
  it('offers the market\'s languages: BE en, fr, nl (be); FR fr only; IT it and en; every language without a market', () => {
    expect(offeredLanguages('BE', 'en')).toEqual(['en', 'fr', 'be']);
    expect(offeredLanguages('FR', 'fr')).toEqual(['fr']);
    expect(offeredLanguages('IT', 'it')).toEqual(['it', 'en']);
    expect(offeredLanguages(null, 'en')).toHaveLength(10);
  });

  it('keeps the language being shown in the list though the market does not offer it', () => {
    expect(offeredLanguages('FR', 'de')).toEqual(['de', 'fr']);
  });

  it('hides LU, PL and EN from the countries while the market is DE', () => {
    expect(offeredCountries('IT')).toEqual(['BE', 'FR', 'DE', 'IT', 'NL', 'PT', 'ES', 'EN', 'LU', 'PL']);
    expect(offeredCountries('DE')).toEqual(['BE', 'FR', 'DE', 'IT', 'NL', 'PT', 'ES']);
  });

  it('names countries in the reader\'s language, the United Kingdom for EN', () => {
    expect(countryName('DE', 'it')).toBe('Germania');
    expect(countryName('EN', 'en')).toBe('United Kingdom');
    expect(countryName('BE', 'fr')).toBe('Belgique');
  });
});
