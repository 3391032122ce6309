import { createContext, useContext } from 'react';
import { formatNumber, type Language } from '@auction/i18n';

/** The public portal's texts in one language (the `portal` namespace of libs/i18n), handed over by the server. */
export type PortalTexts = Readonly<Record<string, unknown>>;

/** Fills `{{name}}` placeholders. */
export function fill(text: string, values: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

function lookup(texts: unknown, key: string): string | undefined {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The portal's translate function: `t('header.login')`, `t('partners.votes', { count })` (plural by the language's rules). */
export type T = (key: string, values?: Readonly<Record<string, string | number>>) => string;

const PLURAL_LOCALE: Partial<Record<Language, string>> = { be: 'nl', lu: 'fr' };

export function translator(texts: PortalTexts, language: Language): T {
  const rules = new Intl.PluralRules(PLURAL_LOCALE[language] ?? language);
  // Numbers as the spec writes them (spec 01 §9: decimal comma, the language's thousands separator): whole, or with
  // one decimal (a rating's average); "Rated 4.5 out of 5" read a decimal point in every language.
  const number = (v: number) => formatNumber(v, language, Number.isInteger(v) ? 0 : 1);
  return (key, values = {}) => {
    let text: string | undefined;
    if (typeof values.count === 'number') text = lookup(texts, `${key}_${rules.select(values.count)}`) ?? lookup(texts, `${key}_other`);
    text ??= lookup(texts, key);
    const shown = Object.fromEntries(Object.entries(values).map(([name, v]) => [name, typeof v === 'number' ? number(v) : v]));
    return text === undefined ? key : fill(text, shown);
  };
}

export const TextsContext = createContext<T>((key) => key);

export function useT(): T {
  return useContext(TextsContext);
}
