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

/** i18next with every language's resources (be and lu read their mapped translation), one namespace per feature. */
export async function createI18n(language: Language = initialLanguage()): Promise<I18n> {
  const instance = i18next.createInstance();
  const all: Record<string, Record<string, object>> = {};
  for (const lang of LANGUAGES) all[lang] = resources[resourceLanguageOf(lang)] as Record<string, object>;
  await instance.use(initReactI18next).init({
    resources: all, lng: language, fallbackLng: 'en', supportedLngs: [...LANGUAGES],
    ns: NAMESPACES, defaultNS: 'common', interpolation: { escapeValue: false }, returnNull: false,
  });
  applyDocumentLanguage(language);
  return instance;
}

/** Switches the language, remembers it and sets `<html lang>`. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  await instance.changeLanguage(language);
  if (typeof localStorage !== 'undefined') localStorage.setItem(STORAGE_KEY, language);
  applyDocumentLanguage(language);
}

function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = resourceLanguageOf(language);
}
