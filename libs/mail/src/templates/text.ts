import { MailError } from '../errors.js';

/** Values a text may interpolate, by placeholder name (`{{name}}`). */
export type TextValues = Readonly<Record<string, string>>;

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe inside HTML, in element content and in a double- or single-quoted attribute alike. Five
 * replacements are the whole of it (OWASP's rule for HTML contexts), so no dependency is pulled in for it.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/**
 * A translated text with its `{{placeholders}}` filled. Control characters in a value become spaces, so a value
 * cannot add lines to a subject or to the plain-text part. A placeholder without a value is a programming mistake:
 * it throws a `MailError` (422701) rather than mail a `{{name}}` to a customer.
 */
export function fillText(template: string, values: TextValues): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new MailError('INPUT_INVALID', `no value for {{${name}}} in "${template}"`);
    return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ');
  });
}

/** The placeholder names a text uses (for the translations' consistency test). */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
}
