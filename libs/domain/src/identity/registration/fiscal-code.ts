import { formatIsoDate, parseBirthDate, type CalendarDate } from './birth-date.js';
import { CodiceFiscale } from './codice-fiscale-interop.js';

/**
 * Shape of an Italian fiscal code: 6 letters (surname, name), 2 digits (year), 1 letter (month), 2 digits (day, +40
 * for women), 1 letter and 3 digits (birthplace), 1 check letter. The digit positions also accept the letters
 * L M N P Q R S T U V: the Agenzia delle Entrate substitutes them for digits when two people would get the same code
 * (omocodia), and such codes are real. The spec's form pattern reads "digits"; refusing a real code would lock its
 * holder out, so the substitutes are accepted (the library's own pattern does the same).
 */
export const ITALIAN_FISCAL_CODE_PATTERN = /^[A-Z]{6}[0-9L-NP-V]{2}[A-Z][0-9L-NP-V]{2}[A-Z][0-9L-NP-V]{3}[A-Z]$/;

/** Month letters of the fiscal code, January to December (spec 01 §5). */
export const FISCAL_CODE_MONTH_LETTERS = 'ABCDEHLMPRST';

/** The omocodia substitutes for the digits 0 to 9 (see {@link ITALIAN_FISCAL_CODE_PATTERN}). */
const OMOCODIA_LETTERS = 'LMNPQRSTUV';

/** Why a fiscal code was refused, in the order the checks run. */
export type FiscalCodeFailure = 'format' | 'month' | 'day' | 'checkCharacter' | 'surname' | 'name' | 'birthDate' | 'gender';

/** Outcome of {@link checkItalianFiscalCode}: valid (with the gender the code encodes) or the first failed check. */
export type FiscalCodeCheck =
  | { readonly valid: true; readonly gender: 'M' | 'F' }
  | { readonly valid: false; readonly reason: FiscalCodeFailure };

/** What {@link checkItalianFiscalCode} compares. `birthDate`: a {@link CalendarDate} or anything `parseBirthDate` reads. */
export interface FiscalCodeCheckInput {
  readonly cf: string;
  readonly name: string;
  readonly surname: string;
  readonly birthDate: CalendarDate | string | number;
  readonly gender?: 'M' | 'F';
}

/**
 * True when `text` holds printable ASCII only (U+0020 to U+007E). A fiscal code is ASCII; anything else (the long s
 * `ſ`, the dotless `ı`, a ligature, NBSP, a full-width letter) must be refused BEFORE any upper-casing, which would
 * turn `ſ` into `S` and `ı` into `I` and let a lookalike pass for the real code.
 */
export function isPrintableAscii(text: string): boolean {
  return /^[\x20-\x7E]*$/.test(text);
}

/**
 * The canonical form of a typed code, the one compared and stored: ASCII spaces removed (`RSS MRA 85T10 A562S`) and
 * ASCII letters upper-cased. Other characters are left as they are, so the pattern refuses them: only ASCII is
 * upper-cased (see {@link isPrintableAscii}).
 */
export function normalizeFiscalCode(cf: string): string {
  return upperCaseAscii(cf.replace(/ +/g, ''));
}

/**
 * The form's pattern check of a code as typed: printable ASCII, letters of either case, no blank inside (the form
 * refuses `RSS MRA...`; `GET /open/check-cf` tolerates it). Never upper-cases a non-ASCII lookalike into a letter.
 */
export function matchesItalianFiscalCodePattern(text: string): boolean {
  return typeof text === 'string' && isPrintableAscii(text) && ITALIAN_FISCAL_CODE_PATTERN.test(upperCaseAscii(text));
}

function upperCaseAscii(text: string): string {
  return text.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

/**
 * Checks the code on its own: printable ASCII, shape, month letter, day (1-31, or 41-71 for women) and check
 * character (computed by `codice-fiscale-js`). Used where no personal data is at hand; {@link checkItalianFiscalCode}
 * adds the consistency. Never throws: a non-string, a non-ASCII character or a wrong shape is `format`.
 */
export function checkFiscalCodeShape(rawCf: unknown): FiscalCodeCheck {
  if (typeof rawCf !== 'string' || !isPrintableAscii(rawCf)) return { valid: false, reason: 'format' };
  const cf = normalizeFiscalCode(rawCf);
  if (!ITALIAN_FISCAL_CODE_PATTERN.test(cf)) return { valid: false, reason: 'format' };
  if (!FISCAL_CODE_MONTH_LETTERS.includes(cf[8]!)) return { valid: false, reason: 'month' };
  const day = Number(digitsOf(cf.slice(9, 11)));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return { valid: false, reason: 'day' };
  if (CodiceFiscale.getCheckCode(cf.slice(0, 15)) !== cf[15] || !CodiceFiscale.check(cf)) return { valid: false, reason: 'checkCharacter' };
  return { valid: true, gender: day > 40 ? 'F' : 'M' };
}

/**
 * The check of `GET /open/check-cf` and of the IT registration and sign-up (spec 01 §5): the code's own rules
 * ({@link checkFiscalCodeShape}), then the surname and name letters and the birth date (year, month letter, day with
 * +40 for women; the year by its last two digits, all the code holds) against the person's data, using
 * `codice-fiscale-js`'s own encoders. Omocodia variants pass. The
 * birthplace is not checked: the person's birthplace is not asked, and a code of a municipality missing from the
 * library's list is still a valid code. Without `gender` either gender's day is accepted; a mismatch of the given
 * gender alone is reported as `gender`. Never throws: bad input (no object, a non-string code) is `format`, a birth
 * date that is no calendar date `birthDate`.
 */
export function checkItalianFiscalCode(input: FiscalCodeCheckInput | null | undefined): FiscalCodeCheck {
  if (typeof input !== 'object' || input === null) return { valid: false, reason: 'format' };
  const shape = checkFiscalCodeShape(input.cf);
  if (!shape.valid) return shape;
  const cf = normalizeFiscalCode(input.cf);
  if (typeof input.surname !== 'string' || CodiceFiscale.surnameCode(lettersOf(input.surname)) !== cf.slice(0, 3)) return { valid: false, reason: 'surname' };
  if (typeof input.name !== 'string' || CodiceFiscale.nameCode(lettersOf(input.name)) !== cf.slice(3, 6)) return { valid: false, reason: 'name' };
  // A CalendarDate object is re-read through its ISO form, so `{ month: 13 }` or `{}` is refused like a bad string.
  const date = typeof input.birthDate === 'object' && input.birthDate !== null ? parseBirthDate(formatIsoDate(input.birthDate)) : parseBirthDate(input.birthDate);
  if (!date) return { valid: false, reason: 'birthDate' };
  const written = digitsOf(cf.slice(6, 8)) + cf[8] + digitsOf(cf.slice(9, 11));
  const expected = (gender: 'M' | 'F'): string => CodiceFiscale.dateCode(date.day, date.month, date.year, gender);
  const gender = input.gender === 'M' || input.gender === 'F' ? input.gender : undefined; // anything else: not given
  if (gender) {
    if (written === expected(gender)) return { valid: true, gender };
    const other = gender === 'M' ? 'F' : 'M';
    return { valid: false, reason: written === expected(other) ? 'gender' : 'birthDate' };
  }
  return written === expected(shape.gender) ? shape : { valid: false, reason: 'birthDate' };
}

/** The digits an omocodic group stands for (`5L` → `50`). */
function digitsOf(group: string): string {
  return group.replace(/[L-NP-V]/g, (letter) => String(OMOCODIA_LETTERS.indexOf(letter)));
}

/** Letters only, accents removed (`Niccolò` → `Niccolo`): the library's encoders read unaccented ASCII letters. */
function lettersOf(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z]/g, '');
}
