import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, NAMESPACES, isLanguage, resourceLanguageOf, resources, type Language } from '@auction/i18n';

const STORAGE_KEY = 'language';

/** The language to start with: the one chosen before, else the browser's, else English. */
export function initialLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? '' : navigator.language.slice(0, 2).toLowerCase();
  return isLanguage(browser) ? browser : 'en';
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

/** i18next with every language's resources (be and lu read their mapped translation), one namespace per feature. */
export async function createI18n(language: Language = initialLanguage()): Promise<I18n> {
  const instance = i18next.createInstance();
  const all: Record<string, Record<string, object>> = {};
  for (const lang of LANGUAGES) all[I18NEXT_CODES[lang]] = resources[resourceLanguageOf(lang)] as Record<string, object>;
  await instance.use(initReactI18next).init({
    resources: all, lng: I18NEXT_CODES[language], fallbackLng: 'en', supportedLngs: Object.values(I18NEXT_CODES), load: 'currentOnly',
    ns: NAMESPACES, defaultNS: 'common', interpolation: { escapeValue: false }, returnNull: false,
  });
  applyDocumentLanguage(language);
  return instance;
}

/** Switches the language, remembers it and sets `<html lang>`. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  await instance.changeLanguage(I18NEXT_CODES[language]);
  if (typeof localStorage !== 'undefined') localStorage.setItem(STORAGE_KEY, language);
  applyDocumentLanguage(language);
}

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = resourceLanguageOf(language);
}
