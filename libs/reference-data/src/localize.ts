import { LANGUAGES, resourceLanguageOf, type Language } from '@auction/i18n';
import { CodeTableError, shown } from './code-table.errors.js';
import type { Texts } from './code-element.js';

/** The locale each portal language sorts in: `be` sorts as Belgian Dutch, `lu` as Luxembourg French. */
const COLLATION_LOCALES: Readonly<Record<Language, string>> = {
  en: 'en-GB', it: 'it', de: 'de', fr: 'fr', es: 'es', nl: 'nl', pl: 'pl', pt: 'pt-PT', be: 'nl-BE', lu: 'fr-LU',
};
const collators = new Map<Language, Intl.Collator>();

/** The collator of a language, made once (building one is far dearer than comparing with it). */
export function collatorOf(language: Language): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(COLLATION_LOCALES[language], { sensitivity: 'base', numeric: true });
    collators.set(language, collator);
  }
  return collator;
}

/** A description in `language`: its own text, else (for `be` and `lu`) the text of the language it reads. */
export function describe(des: Texts | string, language: Language): string {
  if (typeof des === 'string') return des;
  if (language === 'be' || language === 'lu') return des[language] ?? des[resourceLanguageOf(language)];
  return des[language];
}

/** The language asked for, checked: absent means English (the portal's fallback); an unknown one is refused. */
export function parseLanguage(value: unknown): Language {
  if (value === undefined || value === null || value === '') return 'en';
  const language = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (typeof language === 'string' && (LANGUAGES as readonly string[]).includes(language)) return language as Language;
  throw new CodeTableError('UNKNOWN_LANGUAGE', 'lang', `unknown language ${shown(value)}: expected one of ${LANGUAGES.join(', ')}`);
}
