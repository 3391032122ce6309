import type { TranslatedLanguage } from './languages.js';
import type { LanguageResources } from './resources.js';

/**
 * One language's texts, loaded on demand: a bundler makes each language a chunk of its own, so a client downloads
 * only the languages it shows (the texts are the ones `resources` checks at compile time).
 */
export async function loadLanguageResources<L extends TranslatedLanguage>(language: L): Promise<LanguageResources<L>> {
  const loaded = await LOADERS[language]();
  return loaded as unknown as LanguageResources<L>;
}

const LOADERS: Record<TranslatedLanguage, () => Promise<unknown>> = {
  en: () => import('./locales/en/index.js').then((m) => m.en),
  it: () => import('./locales/it/index.js').then((m) => m.it),
  de: () => import('./locales/de/index.js').then((m) => m.de),
  fr: () => import('./locales/fr/index.js').then((m) => m.fr),
  es: () => import('./locales/es/index.js').then((m) => m.es),
  nl: () => import('./locales/nl/index.js').then((m) => m.nl),
  pl: () => import('./locales/pl/index.js').then((m) => m.pl),
  pt: () => import('./locales/pt/index.js').then((m) => m.pt),
};
