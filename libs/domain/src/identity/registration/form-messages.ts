/**
 * The message keys every rule of this folder reports. They are i18n keys, not sentences: the web form shows
 * `t(key)` next to the field and the API returns them unchanged (with the field path), so one rule yields one
 * text on both sides. Keep them stable: translations and end-to-end tests match on them.
 */
export const FORM_MESSAGE_KEYS = {
  /** A required field is empty (or a required checkbox unticked, a consent unanswered). */
  mandatory: 'registrationForm.error.mandatory',
  /** A value breaks its format or length rule (`params` may say `maxLength`, `minLength`, `length`). */
  wrongFormat: 'registrationForm.error.wrongFormat',
  /** The confirmation e-mail differs from the e-mail. */
  confirmEmail: 'registrationForm.error.confirmEmail',
  /** A date that is not a calendar date (or not DD/MM/YYYY, ISO or epoch ms). */
  invalidDate: 'registrationForm.error.invalidDate',
  /** An Italian fiscal code with a wrong check character or inconsistent with name, surname or birth date. */
  dataErrorFiscalCode: 'registrationForm.error.dataErrorFiscalCode',
  /** A registration document missing, of a refused type or too large (`params.errorCode` is 600002). */
  document: 'registrationForm.error.document',
  /** Password shorter than its minimum (`params.minLength`). */
  passwordTooShort: 'passwordForm.error.tooShort',
  /** Password longer than its maximum (`params.maxLength`). */
  passwordTooLong: 'passwordForm.error.tooLong',
  /** Password with fewer than 3 of the 4 character classes. */
  passwordWeak: 'passwordForm.error.weak',
  /** Password and confirmation differ. */
  passwordMismatch: 'passwordForm.error.mismatch',
  /** Password recovery request with neither username nor e-mail. */
  usernameOrEmail: 'passwordRecoveryForm.error.usernameOrEmail',
} as const;

/** One of {@link FORM_MESSAGE_KEYS}. */
export type FormMessageKey = (typeof FORM_MESSAGE_KEYS)[keyof typeof FORM_MESSAGE_KEYS];

/** A broken rule found by a pure check of this folder, before it becomes a zod issue. */
export interface FormIssue {
  readonly path: readonly (string | number)[];
  readonly message: FormMessageKey;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** The minimal part of zod's refinement context the rules write to (keeps the rule files free of zod internals). */
export interface IssueSink {
  addIssue(issue: { code: 'custom'; message: string; path: (string | number)[]; params?: Record<string, unknown> }): void;
}

/** Reports `issues` to a zod refinement context, one custom issue each. */
export function reportIssues(ctx: IssueSink, issues: readonly FormIssue[]): void {
  for (const i of issues) ctx.addIssue({ code: 'custom', message: i.message, path: [...i.path], ...(i.params ? { params: { ...i.params } } : {}) });
}

/** True for `undefined`, `null` and a string of blanks: what a form or a JSON body sends for "not filled in". */
export function isBlank(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
