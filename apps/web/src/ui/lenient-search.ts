import type { z } from 'zod';

/**
 * A `validateSearch` from a contracts' query schema that never throws: each field is parsed on its own and a field
 * that does not pass is dropped, so a hand-edited URL shows the page with the valid filters only. The router reads
 * digits-only values as numbers (`?frame=12345`); a string field gets them back as text. A dropped field, and any key
 * the schema does not know, is set to `undefined` explicitly: the router keeps the raw URL values under the checked
 * ones, so a value merely left out would still reach a loader (the dealer screens' review found it sent `limit=-1`).
 */
export function lenientSearch<S extends z.ZodObject>(schema: S) {
  return (raw: Record<string, unknown>): z.output<S> => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(raw)) out[key] = undefined;
    for (const [key, field] of Object.entries(schema.shape) as [string, z.ZodType][]) {
      const value = raw[key];
      if (value === undefined || value === '') continue;
      let parsed = field.safeParse(value);
      if (!parsed.success && (typeof value === 'number' || typeof value === 'boolean')) parsed = field.safeParse(String(value));
      if (parsed.success && parsed.data !== undefined) out[key] = parsed.data;
    }
    return out as z.output<S>;
  };
}
