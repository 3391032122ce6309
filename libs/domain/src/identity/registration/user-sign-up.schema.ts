import { z } from 'zod';
import { parseBirthDate } from './birth-date.js';
import { exactLength, maxLength, type FieldFormat } from './field-formats.js';
import { checkFiscalCodeShape, checkItalianFiscalCode, isPrintableAscii, matchesItalianFiscalCodePattern, normalizeFiscalCode } from './fiscal-code.js';
import { FORM_MESSAGE_KEYS, isBlank, reportIssues, type FormIssue } from './form-messages.js';
import { checkText, isValidEmail } from './text-rules.js';

/** The dealer markets with sign-up rules of their own (spec 01 §5); every other market follows `OTHER`. */
export const USER_SIGN_UP_MARKETS = ['IT', 'ES', 'DE', 'BE', 'FR', 'EN', 'NL', 'OTHER'] as const;
export type UserSignUpMarket = (typeof USER_SIGN_UP_MARKETS)[number];

/** The rules row for a dealer's market (PL, PT, LU and unknown markets are `OTHER`). */
export function userSignUpMarketOf(market: string | null | undefined): UserSignUpMarket {
  const code = (market ?? '').trim().toUpperCase();
  return (USER_SIGN_UP_MARKETS as readonly string[]).includes(code) ? (code as UserSignUpMarket) : 'OTHER';
}

/** Fiscal code and birth date of the sign-up form, per dealer market. */
export interface UserSignUpRules {
  readonly fiscalCode: { readonly shown: boolean; readonly required: boolean; readonly format?: FieldFormat };
  readonly birthDate: { readonly required: boolean };
}

/** IT fiscal code pattern, ASCII only (a lookalike such as `ſ` is never upper-cased into a letter). */
const italianFiscalCode: FieldFormat = { test: (v) => v.length === 16 && matchesItalianFiscalCodePattern(v), params: { length: 16 } };

/**
 * Spec 01 §5 (invite flow), by the DEALER's market: IT fiscal code (16, pattern, consistent) and birth date
 * required; ES fiscal code exactly 9, DE exactly 11, both optional; BE, FR, EN, NL both optional and the fiscal
 * code hidden (§2); other markets fiscal code up to 20. The form's star is `required` (only IT, §2).
 */
export const USER_SIGN_UP_RULES: Readonly<Record<UserSignUpMarket, UserSignUpRules>> = {
  IT: { fiscalCode: { shown: true, required: true, format: italianFiscalCode }, birthDate: { required: true } },
  ES: { fiscalCode: { shown: true, required: false, format: exactLength(9) }, birthDate: { required: false } },
  DE: { fiscalCode: { shown: true, required: false, format: exactLength(11) }, birthDate: { required: false } },
  BE: { fiscalCode: { shown: false, required: false }, birthDate: { required: false } },
  FR: { fiscalCode: { shown: false, required: false }, birthDate: { required: false } },
  EN: { fiscalCode: { shown: false, required: false }, birthDate: { required: false } },
  NL: { fiscalCode: { shown: false, required: false }, birthDate: { required: false } },
  OTHER: { fiscalCode: { shown: true, required: false, format: maxLength(20) }, birthDate: { required: false } },
};

const text = () => z.string({ error: FORM_MESSAGE_KEYS.wrongFormat }).trim().nullish();
const answer = () => z.boolean({ error: FORM_MESSAGE_KEYS.wrongFormat }).nullish();

const base = z.object(
  {
    surname: text(), name: text(), fiscalCode: text(), email: text(),
    /** DD/MM/YYYY as typed; the API also accepts an ISO date or epoch ms (see `parseBirthDate`). */
    birthDate: z.union([z.string().trim(), z.number()], { error: FORM_MESSAGE_KEYS.invalidDate }).nullish(),
    idDealer: text(), dealerName: text(), consent1: answer(), consent2: answer(), consent3: answer(),
  },
  { error: FORM_MESSAGE_KEYS.wrongFormat },
);
export type UserSignUp = z.output<typeof base>;
export type UserSignUpInput = z.input<typeof base>;

/** Every broken rule of a sign-up for a dealer of `market`, at most one per field, in the form's order. */
export function userSignUpIssues(p: UserSignUp, market: string | null | undefined): FormIssue[] {
  const rules = USER_SIGN_UP_RULES[userSignUpMarketOf(market)];
  const issues: (FormIssue | null)[] = [];
  const surnameIssue = checkText('surname', p.surname, { required: true, maxLength: 80 });
  const nameIssue = checkText('name', p.name, { required: true, maxLength: 80 });
  issues.push(surnameIssue, nameIssue);
  const italian = userSignUpMarketOf(market) === 'IT';
  // A non-ASCII character (the lookalike `ſ` for S) makes an invalid Italian code, refused before any upper-casing.
  const cfIssue = italian && !isBlank(p.fiscalCode) && !isPrintableAscii(p.fiscalCode)
    ? { path: ['fiscalCode'], message: FORM_MESSAGE_KEYS.dataErrorFiscalCode, params: { reason: 'format' } }
    : checkText('fiscalCode', p.fiscalCode, { required: rules.fiscalCode.required, maxLength: 50, ...(rules.fiscalCode.format ? { format: rules.fiscalCode.format } : {}) });
  issues.push(cfIssue ?? (italian ? italianConsistency(p, !surnameIssue && !nameIssue) : null));
  issues.push(isBlank(p.birthDate) ? (rules.birthDate.required ? { path: ['birthDate'], message: FORM_MESSAGE_KEYS.mandatory } : null)
    : parseBirthDate(p.birthDate) ? null : { path: ['birthDate'], message: FORM_MESSAGE_KEYS.invalidDate });
  issues.push(checkText('email', p.email, { required: true, maxLength: 100 }) ?? (isValidEmail(p.email!) ? null : { path: ['email'], message: FORM_MESSAGE_KEYS.wrongFormat }));
  issues.push(checkText('idDealer', p.idDealer, { required: true, maxLength: 50 }), checkText('dealerName', p.dealerName, { required: true, maxLength: 100 }));
  for (const c of ['consent1', 'consent2', 'consent3'] as const) issues.push(typeof p[c] === 'boolean' ? null : { path: [c], message: FORM_MESSAGE_KEYS.mandatory });
  return issues.filter((i): i is FormIssue => i !== null);
}

/** IT: the check character, month and day, and the consistency with name, surname and birth date. */
function italianConsistency(p: UserSignUp, personKnown: boolean): FormIssue | null {
  const birthDate = parseBirthDate(p.birthDate);
  // Without a valid name, surname or birth date (their own issues say so) only the code's own rules can be checked.
  const check = !personKnown || isBlank(p.name) || isBlank(p.surname) || !birthDate
    ? checkFiscalCodeShape(p.fiscalCode!)
    : checkItalianFiscalCode({ cf: p.fiscalCode!, name: p.name, surname: p.surname, birthDate });
  return check.valid ? null : { path: ['fiscalCode'], message: FORM_MESSAGE_KEYS.dataErrorFiscalCode, params: { reason: check.reason } };
}

const schemas = new Map<UserSignUpMarket, ReturnType<typeof build>>();
function build(market: UserSignUpMarket) {
  return base.superRefine((p, ctx) => reportIssues(ctx, userSignUpIssues(p, market))).overwrite((p) => canonicalUserSignUp(p, market));
}

/**
 * The parsed sign-up as it is stored: for a dealer of IT the fiscal code in its canonical form (`normalizeFiscalCode`:
 * upper case, no blanks), so one person's code has one spelling. Other markets' codes are kept as typed (trimmed).
 */
export function canonicalUserSignUp(p: UserSignUp, market: string | null | undefined): UserSignUp {
  return userSignUpMarketOf(market) === 'IT' && typeof p.fiscalCode === 'string' ? { ...p, fiscalCode: normalizeFiscalCode(p.fiscalCode) } : p;
}

/**
 * The `userSignUpDTO` of `POST /open/user-sign-up` and the invite sign-up form, for a dealer of `dealerMarket`
 * (spec 01 §5): surname and name (max 80), valid e-mail, idDealer, dealerName and the three consents (true or
 * false) required, plus the market's fiscal-code and birth-date rules. The market is a parameter, not a field: the
 * API takes it from the inviting dealer's record, never from the request; the form from `GET /open/dealer-info`.
 * The output is canonical ({@link canonicalUserSignUp}): an IT fiscal code comes out upper-cased.
 */
export function userSignUpSchema(dealerMarket: string | null | undefined): ReturnType<typeof build> {
  const market = userSignUpMarketOf(dealerMarket);
  let schema = schemas.get(market);
  if (!schema) schemas.set(market, (schema = build(market)));
  return schema;
}
