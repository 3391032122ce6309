import type { Language } from './languages.js';

/**
 * Numbers and money as the spec writes them: a decimal comma everywhere; thousands grouped with an ASCII
 * apostrophe by default (`1'234'567,50 €`), a dot in Polish (`1.234,50 €`) and a narrow no-break space in
 * French (`1 234,50 €`). The euro sign follows after a no-break space, so an amount never wraps.
 */

/** Printed in place of a number that is not finite (NaN, Infinity), so a broken value is visible but harmless. */
export const NO_VALUE = '–';

const NARROW_NBSP = '\u202f';
const NBSP = '\u00a0';

/** Thousands separator of a language: an apostrophe by default (spec), a dot in Polish, a narrow no-break space in French. */
export function thousandsSeparatorOf(language: Language): string {
  if (language === 'pl') return '.';
  if (language === 'fr') return NARROW_NBSP;
  return "'";
}

// en-US is only a fixed, well-known shape (`1,234.50`, rounding half away from zero on the shortest decimal form,
// so 1.005 → 1.01) that is then rewritten with our separators; it is not the reader's locale.
const formatters = new Map<number, Intl.NumberFormat>();
function plainFormatter(decimals: number): Intl.NumberFormat {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true });
    formatters.set(decimals, formatter);
  }
  return formatter;
}

/**
 * A number with `decimals` decimals (0–6), a decimal comma and the language's thousands separator:
 * `formatNumber(1234.5, 'it')` → `1'234,50`. Negative numbers start with `-`; a value that rounds to zero has no sign.
 */
export function formatNumber(value: number, language: Language, decimals = 2): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 6) throw new RangeError(`decimals must be an integer from 0 to 6, got ${decimals}`);
  const thousands = thousandsSeparatorOf(language);
  const digits = plainFormatter(decimals)
    .format(Math.abs(value))
    .replace(/[,.]/g, (c) => (c === ',' ? thousands : ','));
  const sign = value < 0 && /[1-9]/.test(digits) ? '-' : '';
  return sign + digits;
}

/** Euros with two decimals, a decimal comma and the language's thousands separator: `1'234,50 €` (no-break space before €). */
export function formatMoney(amount: number, language: Language): string {
  if (!Number.isFinite(amount)) return NO_VALUE;
  return `${formatNumber(amount, language, 2)}${NBSP}€`;
}

/** Spaces a figure may be grouped with: normal, no-break, thin, narrow no-break. */
const SPACES = /[ \u00a0\u2009\u202f]/g;

/**
 * Reads an amount of euros typed by a dealer or printed by {@link formatMoney}: `1'234,50 €`, `1.234,50`,
 * `1 234,50 €`, `1234.5`, `1234,5`, `€ 1234`, `-10`. Returns null for anything else: more than two decimals,
 * mixed or misplaced group separators, a comma used for grouping, or more cents than a number holds exactly.
 *
 * The reading does not depend on the language: money has at most two decimals, so a separator followed by exactly
 * three digits always groups thousands and a final `,` or `.` followed by one or two digits always starts the
 * decimals. `language` is accepted so callers can pass the same arguments as to {@link formatMoney}.
 */
export function parseMoney(text: string, _language?: Language): number | null {
  let body = text.trim().replace(/^(?:€|eur)|(?:€|eur)$/gi, '').trim();
  const negative = /^[-\u2212]/.test(body);
  if (negative) body = body.slice(1).replace(/^€/, '').trim();
  body = body.replace(SPACES, ' ').replace(/’/g, "'");
  const m = /^(\d{1,3}([' .])\d{3}(?:\2\d{3})*|\d+)(?:([,.])(\d{1,2}))?$/.exec(body);
  if (!m) return null;
  const [, whole = '', group, decimalSeparator, fraction = ''] = m;
  if (group !== undefined && group === decimalSeparator) return null;
  const cents = Number(whole.replace(/\D/g, '')) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return negative && cents > 0 ? -cents / 100 : cents / 100;
}
