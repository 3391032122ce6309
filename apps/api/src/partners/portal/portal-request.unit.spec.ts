import { describe, expect, test } from '@jest/globals';
import { consentCookieOf, consentOf, partnerIdOf, portalLanguage, portalRoute, PORTAL_PATH } from './portal-request.js';

const segment = (path: string) => PORTAL_PATH.exec(path)?.[1];

describe('PORTAL_PATH and portalRoute', () => {
  test.each([
    ['/', { kind: 'root' }], ['/it', { kind: 'home', market: 'IT' }], ['/de/', { kind: 'home', market: 'DE' }], ['/lu', { kind: 'home', market: 'LU' }],
    ['/hp', { kind: 'home', market: null }], ['/partner', { kind: 'page', page: 'partner' }], ['/privacy', { kind: 'page', page: 'privacy' }],
    ['/cookie', { kind: 'page', page: 'cookie' }], ['/company', { kind: 'page', page: 'company' }],
    ['/why-sign-up-component', { kind: 'page', page: 'why' }], ['/contact', { kind: 'page', page: 'contact' }],
  ])('%s is a public page', (path, route) => {
    expect(PORTAL_PATH.test(path)).toBe(true);
    expect(portalRoute(segment(path))).toEqual(route);
  });

  test.each(['/IT', '/italian', '/other', '/it/x', '/registration', '/private', '/%69t', '/it?x', '//it', '/partner/1', '/privacy.html'])('%s is not', (path) => {
    expect(PORTAL_PATH.test(path)).toBe(false);
  });
});

describe('portalLanguage', () => {
  test('a chosen language the market offers wins, even English on a market with its own language', () => {
    expect(portalLanguage('DE', 'en', 'de-DE')).toBe('en');
    expect(portalLanguage('BE', 'fr', 'nl')).toBe('fr');
  });
  test('a chosen language the market does not offer is the market entry rule (spec 01 §4)', () => {
    expect(portalLanguage('DE', 'it', undefined)).toBe('de');
    expect(portalLanguage('FR', 'en', 'en-GB')).toBe('fr');
  });
  test("an English browser on /de reads German; a French one in Belgium reads French; the market's default otherwise", () => {
    expect(portalLanguage('DE', undefined, 'en-GB,en;q=0.9')).toBe('de');
    expect(portalLanguage('BE', undefined, 'fr-BE,fr;q=0.9')).toBe('fr');
    expect(portalLanguage('IT', undefined, 'ja')).toBe('it');
    expect(portalLanguage('EN', undefined, 'de')).toBe('en');
    expect(portalLanguage('IT', 'xx', '\u0000;;,')).toBe('it');
  });
});

describe('the cookie consent keys (spec 01 §9)', () => {
  test.each([['DE', 'de', 'cookieConsent-DE'], ['NL', 'en', 'cookieConsent-NL'], ['PL', 'pl', 'cookieConsent-PL'], ['PT', 'pt', 'cookieConsent-PT'],
    ['FR', 'fr', 'cookieConsent-FR'], ['LU', 'lu', 'cookieConsent-LU'], ['BE', 'be', 'cookieConsent-BE'], ['BE', 'en', 'cookieConsent-BE'],
    ['BE', 'fr', 'cookieConsent-BE-FR'], ['IT', 'it', 'cookieConsent'], ['ES', 'es', 'cookieConsent'], ['EN', 'en', 'cookieConsent']] as const,
  )('%s in %s keeps it in %s', (market, language, cookie) => {
    expect(consentCookieOf(market, language)).toBe(cookie);
  });
  test('only the two choices are read back', () => {
    expect(consentOf('all')).toBe('all');
    expect(consentOf('necessary')).toBe('necessary');
    expect(consentOf('ALL')).toBeNull();
    expect(consentOf(undefined)).toBeNull();
  });
});

describe('partnerIdOf', () => {
  test('an id of id characters, else none', () => {
    expect(partnerIdOf(new URLSearchParams('idTemplate=TPL-abc_1'))).toBe('TPL-abc_1');
    expect(partnerIdOf(new URLSearchParams('idTemplate=../x'))).toBeNull();
    expect(partnerIdOf(new URLSearchParams('idTemplate=%3Cscript%3E'))).toBeNull();
    expect(partnerIdOf(new URLSearchParams(`idTemplate=${'a'.repeat(65)}`))).toBeNull();
    expect(partnerIdOf(new URLSearchParams(''))).toBeNull();
  });
});
