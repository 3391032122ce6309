import { describe, expect, it } from 'vitest';
import { languageAfterLogin } from './i18n.js';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('the account\'s preferred language after a sign-in (#21 item 18)', () => {
  it('applies the profile\'s language whatever the browser says, once per account and preference', () => {
    const storage = memoryStorage();
    expect(languageAfterLogin({ idUser: 'u1', preferredLanguage: 'IT' }, storage)).toBe('it');
    // The same account on a later load: a switch made since then stays.
    expect(languageAfterLogin({ idUser: 'u1', preferredLanguage: 'it' }, storage)).toBeNull();
    // The preference changed, or another account signs in on this browser: theirs applies.
    expect(languageAfterLogin({ idUser: 'u1', preferredLanguage: 'de' }, storage)).toBe('de');
    expect(languageAfterLogin({ idUser: 'u2', preferredLanguage: 'fr' }, storage)).toBe('fr');
  });
  it('keeps the current language for a missing or unknown preference', () => {
    const storage = memoryStorage();
    expect(languageAfterLogin({ idUser: 'u1' }, storage)).toBeNull();
    expect(languageAfterLogin({ idUser: 'u1', preferredLanguage: 'xx' }, storage)).toBeNull();
  });
});
