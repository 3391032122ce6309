import type { z } from 'zod';
import { API_ERROR_CODES } from '@auction/contracts';

/** Bad input: a 400 with the failing fields. */
export class ValidationError extends Error {
  readonly code = API_ERROR_CODES.BAD_REQUEST;
  constructor(message: string, readonly details: { field: string; rule: string }[]) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** Parses input with a contract schema, or throws a ValidationError naming every broken rule. */
export function parse<S extends z.ZodType>(schema: S, value: unknown, what = 'body'): z.output<S> {
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
