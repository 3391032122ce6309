// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import type { Http } from '../api/http.js';
import { ensureGeolocatedMarket, languageOnMarketEntry, marketOfLanguage, marketOfPrefix, publicBidsUrl } from './market.js';
import { geolocationMarket, sessionMarket, setSessionMarket, SESSION_KEYS } from './session-keys.js';

/** An i18next stand-in that only tells its language (the fallback reads it). */
const i18nIn = (language: string) => ({ language }) as unknown as I18n;

/** A stand-in for the API's geolocation call, counting its calls. */
function fakeHttp(answer: () => Promise<unknown>) {
  const calls: string[] = [];
  const http = { get: (path: string) => { calls.push(path); return answer(); } } as unknown as Http;
  return { http, calls };
}

describe('market prefixes and languages (spec 01 §4)', () => {
  beforeEach(() => sessionStorage.clear());

  it('knows the ten prefixes and nothing else', () => {
    expect(['it', 'be', 'es', 'en', 'de', 'nl', 'fr', 'pl', 'pt', 'lu'].map(marketOfPrefix)).toEqual(['IT', 'BE', 'ES', 'EN', 'DE', 'NL', 'FR', 'PL', 'PT', 'LU']);
    expect(marketOfPrefix('IT')).toBeNull();
    expect(marketOfPrefix('other')).toBeNull();
    expect(marketOfPrefix('hp')).toBeNull();
    expect(marketOfPrefix('constructor')).toBeNull();
  });

  it('switches to the market\'s language, keeps another local language of it (BE: en, fr, nl(be); FR: fr only)', () => {
    expect(languageOnMarketEntry('IT', 'en')).toBe('it');
    expect(languageOnMarketEntry('IT', 'de')).toBe('it');
    expect(languageOnMarketEntry('DE', 'de')).toBe('de');
    expect(languageOnMarketEntry('FR', 'en')).toBe('fr');
    expect(languageOnMarketEntry('BE', 'fr')).toBe('fr');
    expect(languageOnMarketEntry('BE', 'be')).toBe('be');
    expect(languageOnMarketEntry('BE', 'en')).toBe('en');
    expect(languageOnMarketEntry('BE', 'it')).toBe('en');
    expect(languageOnMarketEntry('EN', 'it')).toBe('en');
    expect(languageOnMarketEntry('PL', 'en')).toBe('pl');
  });

  it('the market of a language, for the geolocation fallback', () => {
    expect(marketOfLanguage('it')).toBe('IT');
    expect(marketOfLanguage('be')).toBe('BE');
    expect(marketOfLanguage('en')).toBe('EN');
  });

  it('stores the geolocated market once per session', async () => {
    const { http, calls } = fakeHttp(async () => ({ value: 'DE' }));
    expect(await ensureGeolocatedMarket(http, i18nIn('en'))).toBe('DE');
    expect(sessionMarket()).toBe('DE');
    expect(geolocationMarket()).toBe('DE');
    // Kept encoded, as the spec says.
    expect(sessionStorage.getItem(SESSION_KEYS.geolocationMarket)).not.toContain('DE');
    expect(await ensureGeolocatedMarket(http, i18nIn('en'))).toBe('DE');
    expect(calls).toEqual(['/api/v1/open/geolocation']);
  });

  it('a failure or no answer uses the current language, and the flow goes on', async () => {
    const failing = fakeHttp(async () => { throw new Error('503'); });
    expect(await ensureGeolocatedMarket(failing.http, i18nIn('fr'))).toBe('FR');
    sessionStorage.clear();
    const empty = fakeHttp(async () => ({ value: null }));
    expect(await ensureGeolocatedMarket(empty.http, i18nIn('nl-BE'))).toBe('BE');
    expect(geolocationMarket()).toBeNull();
    sessionStorage.clear();
    const odd = fakeHttp(async () => ({ value: 'XX' }));
    expect(await ensureGeolocatedMarket(odd.http, i18nIn('it'))).toBe('IT');
  });

  it('a market already chosen (a prefix) wins and is not asked again', async () => {
    setSessionMarket('PT');
    const { http, calls } = fakeHttp(async () => ({ value: 'DE' }));
    expect(await ensureGeolocatedMarket(http, i18nIn('en'))).toBe('PT');
    expect(calls).toEqual([]);
  });

  it('a prefix chosen while the geolocation call runs is kept', async () => {
    const { http } = fakeHttp(async () => { setSessionMarket('ES'); return { value: 'DE' }; });
    expect(await ensureGeolocatedMarket(http, i18nIn('en'))).toBe('ES');
    expect(sessionMarket()).toBe('ES');
  });

  it('the public bids site only for the four words, only from an https configuration', () => {
    const base = 'https://bids.example.com/anything?x=1';
    expect(publicBidsUrl('italian', base)).toBe('https://bids.example.com/');
    expect(publicBidsUrl('english', base)).toBe('https://bids.example.com/uk');
    expect(publicBidsUrl('spanish', base)).toBe('https://bids.example.com/es');
    expect(publicBidsUrl('french', base)).toBe('https://bids.example.com/fr');
    expect(publicBidsUrl('german', base)).toBeNull();
    expect(publicBidsUrl('toString', base)).toBeNull();
    expect(publicBidsUrl('italian', undefined)).toBeNull();
    expect(publicBidsUrl('italian', 'http://bids.example.com')).toBeNull();
    expect(publicBidsUrl('italian', 'javascript:alert(1)')).toBeNull();
    expect(publicBidsUrl('italian', 'https://user:pw@bids.example.com')).toBeNull();
  });
});
