import type { z } from 'zod';

/** One message per field: the first issue of each (an i18n key of the `account` namespace, with its values). */
export type FieldIssues<F extends string> = Partial<Record<F, { readonly key: string; readonly values: Record<string, unknown> }>>;

/**
 * Runs a domain schema (the same the API uses) on a form's values and keeps the first issue of each field, so the
 * form shows `t(key, values)` beside it.
 */
export function fieldIssues<F extends string>(schema: z.ZodType, values: Record<F, string>): FieldIssues<F> {
  const result = schema.safeParse(values);
  const out: FieldIssues<F> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as F;
    if (out[field]) continue;
    const params = (issue as { params?: Record<string, unknown> }).params ?? {};
    out[field] = { key: issue.message, values: params };
  }
  return out;
}

/** The recovery request form: typing in one field clears the other (spec 01 §4), so only one is ever sent. */
export function typeRecoveryField(field: 'username' | 'email', value: string): { username: string; email: string } {
  return field === 'username' ? { username: value, email: '' } : { username: '', email: value };
}
