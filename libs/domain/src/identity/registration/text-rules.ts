import { z } from 'zod';
import type { FieldFormat } from './field-formats.js';
import { FORM_MESSAGE_KEYS, isBlank, type FormIssue } from './form-messages.js';
import { hasUnsafeCharacter } from '../../shared/unsafe-text.js';

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
  /** A free note (line breaks and tabs allowed). */
  readonly multiline?: boolean;
}

/**
 * The common order of a text field's rules: empty (mandatory when required, else fine), longer than its maximum,
 * then its format. One issue at most, so the field shows one message. A control or bidirectional-control character
 * (a line break in a name would reach a mail's greeting, an override would reorder what a reviewer reads) is a wrong
 * format in every field: no one types them; a multi-line note keeps its line breaks and tabs.
 */
export function checkText(field: string, value: string | null | undefined, check: TextCheck): FormIssue | null {
  if (isBlank(value)) return check.required ? { path: [field], message: FORM_MESSAGE_KEYS.mandatory } : null;
  if ([...value].length > check.maxLength) return { path: [field], message: FORM_MESSAGE_KEYS.wrongFormat, params: { maxLength: check.maxLength } };
  const unsafe = check.multiline ? hasUnsafeCharacter(value.replace(/[\n\r\t]/g, ' ')) : hasUnsafeCharacter(value);
  if (unsafe) return { path: [field], message: FORM_MESSAGE_KEYS.wrongFormat };
  if (check.format && !check.format.test(value)) return { path: [field], message: FORM_MESSAGE_KEYS.wrongFormat, params: check.format.params };
  return null;
}
