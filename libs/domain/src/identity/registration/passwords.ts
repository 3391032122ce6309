import { z } from 'zod';
import { FORM_MESSAGE_KEYS, isBlank, reportIssues, type FormIssue } from './form-messages.js';
import { isValidEmail } from './text-rules.js';

/** Shortest accepted password (spec 01 §5, §9). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password of the logged-in change form (spec 01 §2, §9). */
export const CHANGE_PASSWORD_MAX_LENGTH = 30;
/**
 * Longest password of the recovery link form: the spec gives none; ours, equal to the login's limit (`LoginRequest`
 * of the contracts), so every password that can be set can be typed at login and hashing stays bounded.
 */
export const RECOVERY_PASSWORD_MAX_LENGTH = 128;
/** How many of the four character classes a password needs. */
export const PASSWORD_MIN_CLASSES = 3;

/**
 * How many of the four classes a password uses: lower-case letters, upper-case letters, digits, and special
 * characters (anything else but blanks). Unicode-aware: `é` is lower case, `Ä` upper case.
 */
export function passwordClassCount(password: string): number {
  const classes = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}\s]/u];
  return classes.filter((c) => c.test(password)).length;
}

/** The strength rule of spec 01 §5: at least {@link PASSWORD_MIN_LENGTH} characters and 3 of the 4 classes. */
export function isStrongPassword(password: string): boolean {
  return typeof password === 'string' && [...password].length >= PASSWORD_MIN_LENGTH && passwordClassCount(password) >= PASSWORD_MIN_CLASSES;
}

/** Issues of a new password and its confirmation: required, length, strength (each), then equal. */
export function newPasswordIssues(p: { password?: string | null; confPassword?: string | null }, maxLength: number): FormIssue[] {
  const issues: FormIssue[] = [];
  for (const field of ['password', 'confPassword'] as const) {
    const value = p[field];
    if (isBlank(value)) issues.push({ path: [field], message: FORM_MESSAGE_KEYS.mandatory });
    else if ([...value].length < PASSWORD_MIN_LENGTH) issues.push({ path: [field], message: FORM_MESSAGE_KEYS.passwordTooShort, params: { minLength: PASSWORD_MIN_LENGTH } });
    else if ([...value].length > maxLength) issues.push({ path: [field], message: FORM_MESSAGE_KEYS.passwordTooLong, params: { maxLength } });
    else if (!isStrongPassword(value)) issues.push({ path: [field], message: FORM_MESSAGE_KEYS.passwordWeak, params: { minClasses: PASSWORD_MIN_CLASSES } });
  }
  if (issues.length === 0 && p.password !== p.confPassword) issues.push({ path: ['confPassword'], message: FORM_MESSAGE_KEYS.passwordMismatch });
  return issues;
}

const secret = () => z.string({ error: FORM_MESSAGE_KEYS.wrongFormat }).nullish();
const text = () => z.string({ error: FORM_MESSAGE_KEYS.wrongFormat }).trim().nullish();

/**
 * `POST /open/verify-pwd-recovery` and the recovery-link form (spec 01 §5): password and confirmation required,
 * at least 8 characters, 3 of the 4 classes, equal; `hash` (the tag of the e-mail link) and `username` required.
 * Passwords are not trimmed: a blank is a character of the secret.
 */
export const passwordRecoverySchema = z
  .object({ password: secret(), confPassword: secret(), hash: text(), username: text() }, { error: FORM_MESSAGE_KEYS.wrongFormat })
  .superRefine((p, ctx) => {
    const issues = newPasswordIssues(p, RECOVERY_PASSWORD_MAX_LENGTH);
    for (const [field, max] of [['hash', 200], ['username', 50]] as const) {
      const value = p[field];
      if (isBlank(value)) issues.push({ path: [field], message: FORM_MESSAGE_KEYS.mandatory });
      else if (value.length > max) issues.push({ path: [field], message: FORM_MESSAGE_KEYS.wrongFormat, params: { maxLength: max } });
    }
    reportIssues(ctx, issues);
  });
export type PasswordRecovery = z.output<typeof passwordRecoverySchema>;

/**
 * `POST /secure/change-password` (and the mobile one) right after a sign-in: the new password only, both fields at most 30
 * (spec 01 §2, §9). The spec does not show the form's further check ("passwords not acceptable"); we apply the
 * recovery rule (min 8, 3 of 4 classes, equal), so every way of setting a password has one strength rule.
 */
export const changePasswordFreshSchema = z
  .object({ password: secret(), confPassword: secret() }, { error: FORM_MESSAGE_KEYS.wrongFormat })
  .superRefine((p, ctx) => reportIssues(ctx, newPasswordIssues(p, CHANGE_PASSWORD_MAX_LENGTH)));

/**
 * The change with the CURRENT password too (issue 21 item 8: a session left open must not be enough to take the
 * account): `currentPassword` required, at most {@link RECOVERY_PASSWORD_MAX_LENGTH} (the longest a password can be),
 * plus the rules of {@link changePasswordFreshSchema}. The form always asks for it; the API lets a session signed in
 * within the last few minutes leave it out (a user without a portal password, signed in through single sign-on).
 */
export const changePasswordSchema = z
  .object({ currentPassword: secret(), password: secret(), confPassword: secret() }, { error: FORM_MESSAGE_KEYS.wrongFormat })
  .superRefine((p, ctx) => {
    const issues = newPasswordIssues(p, CHANGE_PASSWORD_MAX_LENGTH);
    if (isBlank(p.currentPassword)) issues.unshift({ path: ['currentPassword'], message: FORM_MESSAGE_KEYS.mandatory });
    else if ([...p.currentPassword].length > RECOVERY_PASSWORD_MAX_LENGTH) {
      issues.unshift({ path: ['currentPassword'], message: FORM_MESSAGE_KEYS.wrongFormat, params: { maxLength: RECOVERY_PASSWORD_MAX_LENGTH } });
    }
    reportIssues(ctx, issues);
  });
export type ChangePassword = z.output<typeof changePasswordSchema>;

/**
 * The recovery REQUEST on the public area (`POST /open/pwd-recovery`, spec 01 §5 first reading): username or e-mail,
 * one is enough; a filled-in username has at least 6 characters, a filled-in e-mail is valid. Neither gives one
 * `usernameOrEmail` issue on `username`. Our caps (50 and 150, from the second reading) bound the input.
 */
export const passwordRecoveryRequestSchema = z
  .object({ username: text(), email: text() }, { error: FORM_MESSAGE_KEYS.wrongFormat })
  .superRefine((p, ctx) => {
    const issues: FormIssue[] = [];
    if (isBlank(p.username) && isBlank(p.email)) issues.push({ path: ['username'], message: FORM_MESSAGE_KEYS.usernameOrEmail });
    if (!isBlank(p.username) && ([...p.username].length < 6 || [...p.username].length > 50)) {
      issues.push({ path: ['username'], message: FORM_MESSAGE_KEYS.wrongFormat, params: { minLength: 6, maxLength: 50 } });
    }
    if (!isBlank(p.email) && ([...p.email].length > 150 || !isValidEmail(p.email))) issues.push({ path: ['email'], message: FORM_MESSAGE_KEYS.wrongFormat, params: { maxLength: 150 } });
    reportIssues(ctx, issues);
  });
export type PasswordRecoveryRequest = z.output<typeof passwordRecoveryRequestSchema>;

/**
 * The second variant of the recovery request form (spec 01 §5: "both readings hold in different places"): username
 * at most 50 and e-mail at most 150, both required, the e-mail valid.
 */
export const passwordRecoveryRequestStrictSchema = z
  .object({ username: text(), email: text() }, { error: FORM_MESSAGE_KEYS.wrongFormat })
  .superRefine((p, ctx) => {
    const issues: FormIssue[] = [];
    if (isBlank(p.username)) issues.push({ path: ['username'], message: FORM_MESSAGE_KEYS.mandatory });
    else if ([...p.username].length > 50) issues.push({ path: ['username'], message: FORM_MESSAGE_KEYS.wrongFormat, params: { maxLength: 50 } });
    if (isBlank(p.email)) issues.push({ path: ['email'], message: FORM_MESSAGE_KEYS.mandatory });
    else if ([...p.email].length > 150 || !isValidEmail(p.email)) issues.push({ path: ['email'], message: FORM_MESSAGE_KEYS.wrongFormat, params: { maxLength: 150 } });
    reportIssues(ctx, issues);
  });
