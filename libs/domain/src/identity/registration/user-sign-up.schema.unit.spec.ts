import { describe, expect, test } from 'vitest';
import { FORM_MESSAGE_KEYS as K } from './form-messages.js';
import { validUserSignUp } from './registration.test-support.js';
import { USER_SIGN_UP_MARKETS, USER_SIGN_UP_RULES, userSignUpMarketOf, userSignUpSchema, type UserSignUpInput, type UserSignUpMarket } from './user-sign-up.schema.js';

function issuesOf(market: string, input: unknown): Record<string, string> {
  const result = userSignUpSchema(market).safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}
const withChange = (market: UserSignUpMarket, change: Partial<UserSignUpInput>) => ({ ...validUserSignUp(market), ...change });

describe('userSignUpSchema (invite flow), by the dealer\'s market', () => {
  test.each(USER_SIGN_UP_MARKETS)('%s: a valid sign-up passes', (market) => expect(issuesOf(market, validUserSignUp(market))).toEqual({}));

  test('common: surname and name required (max 80), valid e-mail, idDealer, dealerName, the three consents answered', () => {
    expect(issuesOf('FR', withChange('FR', { surname: '', name: 'n'.repeat(81) }))).toEqual({ surname: K.mandatory, name: K.wrongFormat });
    expect(issuesOf('FR', withChange('FR', { email: 'x@' }))).toEqual({ email: K.wrongFormat });
    expect(issuesOf('FR', withChange('FR', { idDealer: '', dealerName: undefined }))).toEqual({ idDealer: K.mandatory, dealerName: K.mandatory });
    expect(issuesOf('FR', withChange('FR', { consent2: null }))).toEqual({ consent2: K.mandatory });
    expect(issuesOf('FR', withChange('FR', { consent1: false, consent2: false, consent3: false }))).toEqual({});
  });

  test('IT: fiscal code and birth date required, pattern, consistency', () => {
    expect(issuesOf('IT', withChange('IT', { fiscalCode: '', birthDate: '' }))).toEqual({ fiscalCode: K.mandatory, birthDate: K.mandatory });
    expect(issuesOf('IT', withChange('IT', { fiscalCode: 'RSSMRA85T10A56' }))).toEqual({ fiscalCode: K.wrongFormat });
    expect(issuesOf('IT', withChange('IT', { fiscalCode: 'RSSMRA85T10A562SX' }))).toEqual({ fiscalCode: K.wrongFormat });
    expect(issuesOf('IT', withChange('IT', { name: 'Luigi' }))).toEqual({ fiscalCode: K.dataErrorFiscalCode });
    expect(issuesOf('IT', withChange('IT', { birthDate: '10/12/1986' }))).toEqual({ fiscalCode: K.dataErrorFiscalCode });
    expect(issuesOf('IT', withChange('IT', { fiscalCode: 'RSSMRA85T10A562X' }))).toEqual({ fiscalCode: K.dataErrorFiscalCode });
    // without a valid birth date, the code's own check character is still checked
    expect(issuesOf('IT', withChange('IT', { fiscalCode: 'RSSMRA85T10A562X', birthDate: '32/12/1985' }))).toEqual({ fiscalCode: K.dataErrorFiscalCode, birthDate: K.invalidDate });
  });
  test('IT: the birth date as an ISO date or epoch ms (API) is accepted', () => {
    expect(issuesOf('IT', withChange('IT', { birthDate: '1985-12-10' }))).toEqual({});
    expect(issuesOf('IT', withChange('IT', { birthDate: Date.UTC(1985, 11, 10) }))).toEqual({});
  });
  test('ES: fiscal code exactly 9, optional; birth date optional', () => {
    expect(issuesOf('ES', withChange('ES', { fiscalCode: '12345678' }))).toEqual({ fiscalCode: K.wrongFormat });
    expect(issuesOf('ES', withChange('ES', { fiscalCode: '', birthDate: undefined }))).toEqual({});
  });
  test('DE: fiscal code exactly 11', () => {
    expect(issuesOf('DE', withChange('DE', { fiscalCode: '1234567890' }))).toEqual({ fiscalCode: K.wrongFormat });
    expect(issuesOf('DE', withChange('DE', { fiscalCode: undefined }))).toEqual({});
  });
  test.each(['BE', 'FR', 'EN', 'NL'] as const)('%s: both optional, fiscal code hidden', (market) => {
    expect(issuesOf(market, withChange(market, { fiscalCode: '', birthDate: '' }))).toEqual({});
    expect(USER_SIGN_UP_RULES[market].fiscalCode.shown).toBe(false);
  });
  test('other markets: fiscal code up to 20', () => {
    expect(issuesOf('PL', withChange('OTHER', { fiscalCode: 'F'.repeat(21) }))).toEqual({ fiscalCode: K.wrongFormat });
    expect(issuesOf('LU', withChange('OTHER', { fiscalCode: 'F'.repeat(20) }))).toEqual({});
    expect(userSignUpMarketOf('pt')).toBe('OTHER');
  });
  test('birth date invalid in any market is invalidDate', () => {
    expect(issuesOf('NL', withChange('NL', { birthDate: '31/04/1990' }))).toEqual({ birthDate: K.invalidDate });
  });
  test('the fiscal code starred only for IT, the birth date required only for IT', () => {
    expect(USER_SIGN_UP_MARKETS.filter((m) => USER_SIGN_UP_RULES[m].fiscalCode.required)).toEqual(['IT']);
    expect(USER_SIGN_UP_MARKETS.filter((m) => USER_SIGN_UP_RULES[m].birthDate.required)).toEqual(['IT']);
  });
  test('one schema per market is reused', () => expect(userSignUpSchema('it')).toBe(userSignUpSchema('IT')));
});

describe('attack review R1: the IT fiscal code of the sign-up', () => {
  test('a lookalike letter (ſ for S) or a non-ASCII blank is dataErrorFiscalCode, reason format', () => {
    for (const fiscalCode of ['RSſMRA85T10A562S', 'RSSMRA85T10\u00A0A562S']) {
      const issues = userSignUpSchema('IT').safeParse(withChange('IT', { fiscalCode })).error!.issues;
      expect(issues).toEqual([expect.objectContaining({ path: ['fiscalCode'], message: K.dataErrorFiscalCode, params: { reason: 'format' } })]);
    }
  });
  test('the output holds the canonical code (upper case) for IT; other markets keep theirs as typed', () => {
    expect(userSignUpSchema('IT').parse(withChange('IT', { fiscalCode: 'rssmra85t10a562s' })).fiscalCode).toBe('RSSMRA85T10A562S');
    expect(userSignUpSchema('ES').parse(withChange('ES', { fiscalCode: '12345678z' })).fiscalCode).toBe('12345678z');
  });
});

describe('control characters in the sign-up (passwords attack review)', () => {
  test('a line break, a NUL or a bidirectional override in a name or surname is a wrong format, in every market', () => {
    for (const market of ['FR', 'DE', 'IT'] as const) {
      expect(issuesOf(market, withChange(market, { surname: 'Rossi\r\nBcc: x@evil.example' }))).toMatchObject({ surname: K.wrongFormat });
      expect(issuesOf(market, withChange(market, { name: 'Ma\u202Eoir' }))).toMatchObject({ name: K.wrongFormat });
      expect(issuesOf(market, withChange(market, { name: 'Mario\u0000' }))).toMatchObject({ name: K.wrongFormat });
    }
    expect(issuesOf('FR', withChange('FR', { name: 'Zoë-Anne', surname: "D'Artagnan Ñúñez" }))).toEqual({});
  });
});
