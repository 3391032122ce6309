import type { Market } from '@auction/domain';

/** Languages the portal offers (spec: en, be, it, de, es, nl, fr, pl, pt, lu). */
export const LANGUAGES = ['en', 'it', 'de', 'fr', 'es', 'nl', 'pl', 'pt', 'be', 'lu'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Languages with their own translations; `be` and `lu` are served by one of these (see {@link resourceLanguageOf}). */
export const TRANSLATED_LANGUAGES = ['en', 'it', 'de', 'fr', 'es', 'nl', 'pl', 'pt'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/** The translation a language uses: Belgium reads Dutch (Flemish), Luxembourg French. */
export function resourceLanguageOf(language: Language): TranslatedLanguage {
  if (language === 'be') return 'nl';
  if (language === 'lu') return 'fr';
  return language;
}

/** True for a supported language code. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The languages a dealer may pick in each market, the default first. Spec: Belgium offers English, French and
 * Dutch (Belgian Dutch, `be`), in that order; France offers French only; every other market offers its own
 * language plus English; EN and OTHER have English alone (a preferred language OTHER is stored as EN).
 */
export const MARKET_LANGUAGES: Readonly<Record<Market, readonly Language[]>> = {
  EN: ['en'],
  IT: ['it', 'en'],
  DE: ['de', 'en'],
  NL: ['nl', 'en'],
  ES: ['es', 'en'],
  BE: ['en', 'fr', 'be'],
  FR: ['fr'],
  PL: ['pl', 'en'],
  PT: ['pt', 'en'],
  LU: ['lu', 'en'],
  OTHER: ['en'],
};

/** The languages offered in a market, the default first (see {@link MARKET_LANGUAGES}). */
export function marketLanguages(market: Market): readonly Language[] {
  return MARKET_LANGUAGES[market];
}

/** The language a market opens in: the first it offers. */
export function defaultLanguageOf(market: Market): Language {
  return MARKET_LANGUAGES[market][0] ?? 'en';
}

/** The language to show after moving to a market: the current one if the market offers it, else its default. */
export function languageForMarket(market: Market, current: Language | null | undefined): Language {
  return current && MARKET_LANGUAGES[market].includes(current) ? current : defaultLanguageOf(market);
}
