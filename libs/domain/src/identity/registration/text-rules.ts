import { z } from 'zod';
import type { FieldFormat } from './field-formats.js';
import { FORM_MESSAGE_KEYS, isBlank, type FormIssue } from './form-messages.js';

/**
 * A valid e-mail address: zod's own e-mail rule (the one `z.email()` applies), so the form, the API and the
 * contracts accept the same addresses.
 */
export function isValidEmail(value: string): boolean {
  return typeof value === 'string' && z.regexes.email.test(value);
}

/** How {@link checkText} judges one field. */
export interface TextCheck {
  readonly required: boolean;
  readonly maxLength: number;
  readonly format?: FieldFormat;
}

/**
 * The common order of a text field's rules: empty (mandatory when required, else fine), longer than its maximum,
 * then its format. One issue at most, so the field shows one message.
 */
export function checkText(field: string, value: string | null | undefined, check: TextCheck): FormIssue | null {
  if (isBlank(value)) return check.required ? { path: [field], message: FORM_MESSAGE_KEYS.mandatory } : null;
  if ([...value].length > check.maxLength) return { path: [field], message: FORM_MESSAGE_KEYS.wrongFormat, params: { maxLength: check.maxLength } };
  if (check.format && !check.format.test(value)) return { path: [field], message: FORM_MESSAGE_KEYS.wrongFormat, params: check.format.params };
  return null;
}
