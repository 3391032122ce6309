import { z } from 'zod';

/**
 * A text parameter of a mailed link (`username`, `tag`, `email`, `dealerId`). The router's default search parser
 * JSON-parses every value, so `username=123456` arrives as the number 123456 and `username=true` as a boolean: a
 * plain `z.string()` would drop them and the link would be "incomplete" (a user with a numeric username could not
 * recover a password). Numbers and booleans are turned back into their text; blank or too long: undefined.
 */
export function linkText(max: number) {
  return z
    .union([z.string(), z.number().transform(String), z.boolean().transform(String)])
    .transform((value) => value.trim())
    .pipe(z.string().min(1).max(max))
    .optional()
    .catch(undefined);
}

/** The password-recovery link's parameters (`tag`, `username`, optionally `email`); none: the request form. */
export const RecoverySearch = z.object({ tag: linkText(200), username: linkText(50), email: linkText(150) });
export type RecoverySearch = z.infer<typeof RecoverySearch>;
