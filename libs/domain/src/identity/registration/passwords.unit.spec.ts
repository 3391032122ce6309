import { describe, expect, test } from 'vitest';
import { FORM_MESSAGE_KEYS as K } from './form-messages.js';
import {
  changePasswordFreshSchema, changePasswordSchema, isStrongPassword, passwordClassCount, passwordRecoveryRequestSchema, passwordRecoveryRequestStrictSchema,
  passwordRecoverySchema,
} from './passwords.js';

const issuesOf = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the strength rule: min 8, at least 3 of 4 classes', () => {
  test.each([
    ['abcdefgh', 1, false], ['abcdEFGH', 2, false], ['abcd1234', 2, false], ['abcdEF12', 3, true], ['abcd12!?', 3, true],
    ['ABCD12!?', 3, true], ['aB1!', 4, false], ['Àèìòù123', 3, true], ['pass word1', 2, false],
  ] as const)('%j: %i classes, strong %s', (password, classes, strong) => {
    expect(passwordClassCount(password)).toBe(classes);
    expect(isStrongPassword(password)).toBe(strong);
  });
});

describe('passwordRecoverySchema (recovery link)', () => {
  const ok = { password: 'Secret12!', confPassword: 'Secret12!', hash: 'tag-123', username: 'dealer01' };
  test('a strong, equal password with the link data passes', () => expect(issuesOf(passwordRecoverySchema, ok)).toEqual({}));
  test('too short, weak, different', () => {
    expect(issuesOf(passwordRecoverySchema, { ...ok, password: 'Ab1!', confPassword: 'Ab1!' })).toEqual({ password: K.passwordTooShort, confPassword: K.passwordTooShort });
    expect(issuesOf(passwordRecoverySchema, { ...ok, password: 'abcdefgh1', confPassword: 'abcdefgh1' })).toEqual({ password: K.passwordWeak, confPassword: K.passwordWeak });
    expect(issuesOf(passwordRecoverySchema, { ...ok, confPassword: 'Secret12?' })).toEqual({ confPassword: K.passwordMismatch });
  });
  test('both fields, the tag and the username required', () => {
    expect(issuesOf(passwordRecoverySchema, {})).toEqual({ password: K.mandatory, confPassword: K.mandatory, hash: K.mandatory, username: K.mandatory });
  });
  test('the recovery form takes passwords longer than 30 (up to our cap of 128)', () => {
    const long = `Aa1!${'x'.repeat(40)}`;
    expect(issuesOf(passwordRecoverySchema, { ...ok, password: long, confPassword: long })).toEqual({});
    const tooLong = `Aa1!${'x'.repeat(125)}`;
    expect(issuesOf(passwordRecoverySchema, { ...ok, password: tooLong, confPassword: tooLong })).toEqual({ password: K.passwordTooLong, confPassword: K.passwordTooLong });
  });
  test('passwords are not trimmed', () => {
    expect(passwordRecoverySchema.parse({ ...ok, password: ' Secret12! ', confPassword: ' Secret12! ' }).password).toBe(' Secret12! ');
  });
});

describe('changePasswordFreshSchema (logged in, fresh sign-in): max 30 plus the recovery rule', () => {
  test('30 passes, 31 is too long', () => {
    const p30 = `Aa1!${'x'.repeat(26)}`;
    expect(issuesOf(changePasswordFreshSchema, { password: p30, confPassword: p30 })).toEqual({});
    expect(issuesOf(changePasswordFreshSchema, { password: `${p30}y`, confPassword: `${p30}y` })).toEqual({ password: K.passwordTooLong, confPassword: K.passwordTooLong });
  });
  test('the strength rule and equality apply', () => {
    expect(issuesOf(changePasswordFreshSchema, { password: 'password', confPassword: 'password' })).toEqual({ password: K.passwordWeak, confPassword: K.passwordWeak });
    expect(issuesOf(changePasswordFreshSchema, { password: 'Secret12!', confPassword: 'secret12' })).toEqual({ confPassword: K.passwordWeak });
    expect(issuesOf(changePasswordFreshSchema, { password: 'Secret12!', confPassword: 'Secret13!' })).toEqual({ confPassword: K.passwordMismatch });
  });
  test('a non-string is wrongFormat, never a crash', () => {
    expect(issuesOf(changePasswordFreshSchema, { password: 12345678, confPassword: 12345678 })).toEqual({ password: K.wrongFormat, confPassword: K.wrongFormat });
  });
});

describe('changePasswordSchema: the current password too (issue 21 item 8)', () => {
  const p = 'Secret12!';
  test('the current password is required, and bounded; then the new password rules', () => {
    expect(issuesOf(changePasswordSchema, { password: p, confPassword: p })).toEqual({ currentPassword: K.mandatory });
    expect(issuesOf(changePasswordSchema, { currentPassword: '', password: p, confPassword: p })).toEqual({ currentPassword: K.mandatory });
    expect(issuesOf(changePasswordSchema, { currentPassword: 'x'.repeat(129), password: p, confPassword: p })).toEqual({ currentPassword: K.wrongFormat });
    expect(issuesOf(changePasswordSchema, { currentPassword: 'old one', password: p, confPassword: p })).toEqual({});
    expect(issuesOf(changePasswordSchema, { currentPassword: 'old one', password: p, confPassword: 'Secret13!' })).toEqual({ confPassword: K.passwordMismatch });
  });
});

describe('the recovery request, both readings', () => {
  test('public form: one of username or e-mail is enough', () => {
    expect(issuesOf(passwordRecoveryRequestSchema, { username: 'dealer01' })).toEqual({});
    expect(issuesOf(passwordRecoveryRequestSchema, { email: 'dealer@example.com', username: '' })).toEqual({});
    expect(issuesOf(passwordRecoveryRequestSchema, { username: '  ', email: '' })).toEqual({ username: K.usernameOrEmail });
  });
  test('public form: username at least 6, e-mail valid', () => {
    expect(issuesOf(passwordRecoveryRequestSchema, { username: 'deal5' })).toEqual({ username: K.wrongFormat });
    expect(issuesOf(passwordRecoveryRequestSchema, { email: 'dealer@' })).toEqual({ email: K.wrongFormat });
  });
  test('second variant: both required, username max 50, e-mail max 150', () => {
    expect(issuesOf(passwordRecoveryRequestStrictSchema, { username: 'dealer01', email: 'dealer@example.com' })).toEqual({});
    expect(issuesOf(passwordRecoveryRequestStrictSchema, { username: 'dealer01' })).toEqual({ email: K.mandatory });
    expect(issuesOf(passwordRecoveryRequestStrictSchema, { username: 'u'.repeat(51), email: `${'e'.repeat(139)}@example.com` })).toEqual({ username: K.wrongFormat, email: K.wrongFormat });
    expect(issuesOf(passwordRecoveryRequestStrictSchema, { username: 'u', email: `${'e'.repeat(138)}@example.com` })).toEqual({});
  });
});
