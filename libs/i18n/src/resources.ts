import type { TranslatedLanguage } from './languages.js';
import type { PluralForm, SameKeys, Translation } from './translation.js';
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

/**
 * The plural forms a language has besides English's `_one` and `_other`, for every English key `x_other`.
 *
 * i18next (v21+, so v27 here) looks a counted text up as `x_<Intl.PluralRules(lng).select(count)>` and, when the
 * language has no such key, falls back to the same language's `x_other`. Polish counts in three forms, so it needs
 * `x_few` (2–4, 22–24, …) and `x_many` (0, 5–21, 25–31, …) next to `x_one` (1) and `x_other` (fractions).
 * Italian, French, Spanish and Portuguese have a CLDR `many` too, but only for round millions (`1 000 000 de
 * véhicules`), where their `_other` reads acceptably, so they need none. `resources.unit.spec.ts` checks this
 * list against `Intl.PluralRules` for every count below a million.
 */
export const EXTRA_PLURAL_FORMS = {
  en: [], it: [], de: [], fr: [], es: [], nl: [], pl: ['few', 'many'], pt: [],
} as const satisfies Record<TranslatedLanguage, readonly PluralForm[]>;
export type ExtraPluralForms<L extends TranslatedLanguage> = (typeof EXTRA_PLURAL_FORMS)[L][number];

/** Every namespace, translated: the English keys, plus `x_<form>` beside every `x_other` for each `Extra` plural form. */
export type TranslatedResources<Extra extends PluralForm = never> = { readonly [N in Namespace]: Translation<Resources[N], Extra> };

/** A language's texts: every namespace, complete, with the plural forms the language needs (see {@link EXTRA_PLURAL_FORMS}). */
export type LanguageResources<L extends TranslatedLanguage> = TranslatedResources<ExtraPluralForms<L>>;

/** A language whose every namespace has exactly the English keys (plus its extra plural forms); one that does not becomes `never`. */
type Checked<L, Extra extends PluralForm> = {
  [N in keyof L]: N extends Namespace ? (SameKeys<L[N], Translation<Resources[N], Extra>> extends true ? L[N] : never) : never;
};

/**
 * Checks at compile time that `texts` has every namespace and, in each, no missing, extra or unknown key (an
 * unannotated namespace object would otherwise slip extra keys past the `LanguageResources` type).
 */
function checked<Lang extends TranslatedLanguage, L extends LanguageResources<Lang>>(
  _language: Lang,
  texts: L & Checked<L, ExtraPluralForms<Lang>>,
): LanguageResources<Lang> {
  return texts;
}

/**
 * Every translation, by language and namespace: every language has every namespace (English stays i18next's fallback).
 * The calls are marked pure so a bundle that does not use this object leaves the languages out (the web client loads
 * them one by one with {@link loadLanguageResources}).
 */
export const resources: { readonly [L in TranslatedLanguage]: LanguageResources<L> } = {
  en: /* @__PURE__ */ checked('en', en),
  it: /* @__PURE__ */ checked('it', it),
  de: /* @__PURE__ */ checked('de', de),
  fr: /* @__PURE__ */ checked('fr', fr),
  es: /* @__PURE__ */ checked('es', es),
  nl: /* @__PURE__ */ checked('nl', nl),
  pl: /* @__PURE__ */ checked('pl', pl),
  pt: /* @__PURE__ */ checked('pt', pt),
};
