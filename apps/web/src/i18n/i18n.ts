import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, NAMESPACES, isLanguage, loadLanguageResources, resourceLanguageOf, type Language } from '@auction/i18n';
import { setCookie } from '../portal/choices.js';
import { LANGUAGE_COOKIE } from '../portal/portal-data.js';

const STORAGE_KEY = 'language';

/** The language to start with: the one chosen before, else the browser's, else English. */
export function initialLanguage(): Language {
  return chosenLanguage() ?? browserLanguage() ?? 'en';
}

/** The language the user picked in this browser (the language switch), if any. */
export function chosenLanguage(): Language | null {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return isLanguage(stored) ? stored : null;
}

/** The browser's language when the portal offers it. */
export function browserLanguage(): Language | null {
  const browser = typeof navigator === 'undefined' ? '' : navigator.language.slice(0, 2).toLowerCase();
  return isLanguage(browser) ? browser : null;
}

/** Where this browser notes the account whose preferred language it last applied (`idUser:language`). */
const ACCOUNT_KEY = 'languageOfAccount';

/**
 * The language to switch to once the profile is known (after a sign-in, or a page load with a session): the
 * account's preferred language, the first time this browser sees that account with that preference. It wins over the
 * browser's language and a choice made before the sign-in (the user set it in the profile); a switch made afterwards
 * is kept on later loads until the account or its preference changes. Null: keep the current language.
 */
export function languageAfterLogin(profile: { readonly idUser: string; readonly preferredLanguage?: string | null }, storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalStorage()): Language | null {
  const preferred = profile.preferredLanguage?.toLowerCase();
  if (!isLanguage(preferred)) return null;
  const mark = `${profile.idUser}:${preferred}`;
  try {
    if (storage?.getItem(ACCOUNT_KEY) === mark) return null;
    storage?.setItem(ACCOUNT_KEY, mark);
  } catch { /* storage disabled: apply it on every load */ }
  return preferred;
}

function globalStorage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

/**
 * The i18next code of a portal language: plural rules come from it (`be` alone would be Belarusian, `lu` has
 * no rules, plain `pt` is Brazilian), so Belgium is `nl-BE`, Luxembourg `fr-LU` and Portugal `pt-PT`.
 */
const I18NEXT_CODES: Record<Language, string> = {
  en: 'en', it: 'it', de: 'de', fr: 'fr', es: 'es', nl: 'nl', pl: 'pl', pt: 'pt-PT', be: 'nl-BE', lu: 'fr-LU',
};

/** The portal language of an i18next instance. */
export function appLanguageOf(instance: I18n): Language {
  const found = LANGUAGES.find((l) => I18NEXT_CODES[l] === instance.language);
  return found ?? (isLanguage(instance.language) ? instance.language : 'en');
}

/** Adds `language`'s texts (and English's, the fallback) to `instance` unless it has them: each language is a chunk of its own. */
export async function ensureLanguage(instance: I18n, language: Language): Promise<void> {
  const needed = [...new Set<Language>(['en', language])].filter((l) => !instance.hasResourceBundle(I18NEXT_CODES[l], 'common'));
  await Promise.all(needed.map(async (l) => {
    const texts = (await loadLanguageResources(resourceLanguageOf(l))) as Record<string, object>;
    for (const ns of NAMESPACES) instance.addResourceBundle(I18NEXT_CODES[l], ns, texts[ns], true, true);
  }));
}

/**
 * i18next set to `language`, its texts not loaded yet: `ready` loads them (and English, the fallback), so the app
 * can fetch its texts and its session at the same time.
 */
export function createI18nLoading(language: Language = initialLanguage()): { instance: I18n; ready: Promise<void> } {
  const instance = i18next.createInstance();
  const init = instance.use(initReactI18next).init({
    resources: {}, partialBundledLanguages: true, lng: I18NEXT_CODES[language], fallbackLng: 'en', supportedLngs: Object.values(I18NEXT_CODES),
    load: 'currentOnly', ns: NAMESPACES, defaultNS: 'common', interpolation: { escapeValue: false }, returnNull: false,
  });
  const ready = Promise.all([init, ensureLanguage(instance, language)]).then(async () => {
    await instance.changeLanguage(I18NEXT_CODES[language]);
    applyDocumentLanguage(language);
  });
  return { instance, ready };
}

/** i18next with the language shown and English (the fallback) loaded; other languages load when switched to. */
export async function createI18n(language: Language = initialLanguage()): Promise<I18n> {
  const { instance, ready } = createI18nLoading(language);
  await ready;
  return instance;
}

/** Switches the language, remembers it and sets `<html lang>`. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  await ensureLanguage(instance, language);
  await instance.changeLanguage(I18NEXT_CODES[language]);
  if (typeof localStorage !== 'undefined') localStorage.setItem(STORAGE_KEY, language);
  // The public portal's pages are drawn by the server in the language of its cookie (which the portal's own switch
  // sets too): without it, a language chosen here was lost on the way back to the portal's home.
  if (typeof document !== 'undefined') setCookie(LANGUAGE_COOKIE, language, 365 * 24 * 3600);
  applyDocumentLanguage(language);
}

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = resourceLanguageOf(language);
}
