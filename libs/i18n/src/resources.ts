import type { TranslatedLanguage } from './languages.js';
import type { SameKeys, Translation } from './translation.js';
import { en } from './locales/en/index.js';
import { it } from './locales/it/index.js';
import { de } from './locales/de/index.js';
import { fr } from './locales/fr/index.js';
import { es } from './locales/es/index.js';
import { nl } from './locales/nl/index.js';
import { pl } from './locales/pl/index.js';
import { pt } from './locales/pt/index.js';

/** The namespaces, one per feature; English is the reference every other language must match key for key. */
export type Resources = typeof en;
export type Namespace = keyof Resources;
export const NAMESPACES = Object.keys(en) as Namespace[];

/** Every namespace, translated. */
export type TranslatedResources = { readonly [N in Namespace]: Translation<Resources[N]> };

/** A language's texts: a namespace not translated yet may be missing (English fills in); one that is present is complete. */
export type LanguageResources = Partial<TranslatedResources>;

/** A language whose every namespace has exactly the English keys; a namespace that does not becomes `never`. */
type Checked<L> = { [N in keyof L]: N extends Namespace ? (SameKeys<L[N], Resources[N]> extends true ? L[N] : never) : never };

/** Checks at compile time that `language` has no missing, extra or unknown key in the namespaces it has. */
function checked<L extends LanguageResources>(language: L & Checked<L>): LanguageResources {
  return language;
}

/** Every translation, by language and namespace (a namespace a language lacks falls back to English). */
export const resources: Readonly<Record<TranslatedLanguage, LanguageResources>> = {
  en,
  it: checked(it),
  de: checked(de),
  fr: checked(fr),
  es: checked(es),
  nl: checked(nl),
  pl: checked(pl),
  pt: checked(pt),
};
