import { MARKETS } from '@auction/domain';
import { describe, expect, it } from 'vitest';
import {
  defaultLanguageOf, isLanguage, LANGUAGES, languageForMarket, MARKET_LANGUAGES, marketLanguages, resourceLanguageOf, TRANSLATED_LANGUAGES,
} from './languages.js';

describe('languages', () => {
  it('serves Belgium in Dutch and Luxembourg in French, the others in their own texts', () => {
    expect(resourceLanguageOf('be')).toBe('nl');
    expect(resourceLanguageOf('lu')).toBe('fr');
    for (const language of TRANSLATED_LANGUAGES) expect(resourceLanguageOf(language)).toBe(language);
  });

  it('recognises the supported codes only', () => {
    expect(LANGUAGES.every(isLanguage)).toBe(true);
    expect([undefined, null, 'EN', 'xx', 1].some(isLanguage)).toBe(false);
  });
});

describe('market languages', () => {
  it('offers English, French and Dutch in Belgium', () => {
    expect(marketLanguages('BE')).toEqual(['en', 'fr', 'be']);
  });

  it('offers French only in France', () => {
    expect(marketLanguages('FR')).toEqual(['fr']);
  });

  it('offers the market language plus English elsewhere', () => {
    expect(marketLanguages('IT')).toEqual(['it', 'en']);
    expect(marketLanguages('DE')).toEqual(['de', 'en']);
    expect(marketLanguages('NL')).toEqual(['nl', 'en']);
    expect(marketLanguages('ES')).toEqual(['es', 'en']);
    expect(marketLanguages('PL')).toEqual(['pl', 'en']);
    expect(marketLanguages('PT')).toEqual(['pt', 'en']);
    expect(marketLanguages('LU')).toEqual(['lu', 'en']);
    expect(marketLanguages('EN')).toEqual(['en']);
    expect(marketLanguages('OTHER')).toEqual(['en']);
  });

  it('covers every market with supported languages and no duplicates', () => {
    expect(Object.keys(MARKET_LANGUAGES).sort()).toEqual([...MARKETS].sort());
    for (const market of MARKETS) {
      const languages = marketLanguages(market);
      expect(languages.length).toBeGreaterThan(0);
      expect(languages.every(isLanguage)).toBe(true);
      expect(new Set(languages).size).toBe(languages.length);
    }
  });

  it('opens each market in its first language', () => {
    expect(defaultLanguageOf('IT')).toBe('it');
    expect(defaultLanguageOf('FR')).toBe('fr');
    expect(defaultLanguageOf('BE')).toBe('en');
    expect(defaultLanguageOf('LU')).toBe('lu');
    expect(defaultLanguageOf('OTHER')).toBe('en');
  });

  it('keeps the current language after a market change when the new market offers it', () => {
    expect(languageForMarket('DE', 'en')).toBe('en');
    expect(languageForMarket('BE', 'fr')).toBe('fr');
    expect(languageForMarket('FR', 'en')).toBe('fr');
    expect(languageForMarket('PL', 'it')).toBe('pl');
    expect(languageForMarket('IT', undefined)).toBe('it');
  });
});
