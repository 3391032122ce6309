import { isLanguage, resourceLanguageOf, type Language, type TranslatedLanguage, type Translation } from '@auction/i18n';
import { MailError } from '../errors.js';
import { de } from './locales/de.js';
import { en, type MailTexts } from './locales/en.js';
import { es } from './locales/es.js';
import { fr } from './locales/fr.js';
import { it } from './locales/it.js';
import { nl } from './locales/nl.js';
import { pl } from './locales/pl.js';
import { pt } from './locales/pt.js';

export type { MailTexts };

/** The mail texts of the eight translated languages; `be` and `lu` read those of `resourceLanguageOf`. */
export const MAIL_TEXTS: Readonly<Record<TranslatedLanguage, Translation<MailTexts>>> = { en, it, de, fr, es, nl, pl, pt };

/**
 * The texts a language reads, by the portal's one rule (`resourceLanguageOf` of `@auction/i18n`): Belgian Dutch
 * (`be`) the Dutch texts, Luxembourg (`lu`) the French ones. Throws a `MailError` (422701) for an unknown code.
 */
export function mailTextsFor(language: Language): Translation<MailTexts> {
  if (!isLanguage(language)) throw new MailError('INPUT_INVALID', `unknown language ${JSON.stringify(language)}`);
  return MAIL_TEXTS[resourceLanguageOf(language)];
}

/** The BCP 47 tag for dates, numbers and the HTML `lang`: the regional variant where the portal has one. */
export function localeOf(language: Language): string {
  if (language === 'be') return 'nl-BE';
  if (language === 'lu') return 'fr-LU';
  return language;
}
