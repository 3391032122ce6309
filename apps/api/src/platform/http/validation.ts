import type { z } from 'zod';
import { API_ERROR_CODES, isCleanText } from '@auction/contracts';

/** Bad input: a 400 with the failing fields. */
export class ValidationError extends Error {
  constructor(message: string, readonly details: { field: string; rule: string }[], readonly code: number = API_ERROR_CODES.BAD_REQUEST) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** The path of the first string (value or key) in `value` with a NUL or a lone surrogate, or null. */
function uncleanTextAt(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return isCleanText(value) ? null : path;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isCleanText(key)) return at;
    const found = uncleanTextAt(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Parses input with a contract schema, or throws a ValidationError naming every broken rule. Every string of every
 * body, query and path parameter is checked first: a NUL or a lone surrogate is refused here, once for all calls.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown, what = 'body'): z.output<S> {
  const unclean = uncleanTextAt(value, '');
  if (unclean !== null) {
    const details = [{ field: unclean || what, rule: 'must not contain NUL or lone surrogate characters' }];
    throw new ValidationError(`invalid ${what}: ${details[0]!.field} ${details[0]!.rule}`, details);
  }
  const result = schema.safeParse(value ?? (what === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const details = result.error.issues.map((i) => ({ field: i.path.join('.') || what, rule: i.message }));
  throw new ValidationError(`invalid ${what}: ${details.map((d) => `${d.field} ${d.rule}`).join('; ')}`, details);
}

/** The Idempotency-Key header, validated. */
export function idempotencyKeyOf(headers: Record<string, unknown>): string | null {
  const key = headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || key.length === 0 || key.length > 128) {
    throw new ValidationError('invalid Idempotency-Key header', [{ field: 'Idempotency-Key', rule: 'must be 1 to 128 characters' }]);
  }
  return key;
}
