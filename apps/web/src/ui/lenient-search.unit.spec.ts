import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lenientSearch } from './lenient-search.js';

describe('lenientSearch', () => {
  const validate = lenientSearch(z.object({ limit: z.coerce.number().int().min(1).max(100).optional(), name: z.string().optional() }));

  it('keeps the valid fields and overrides dropped and unknown ones with undefined (the router merges raw values under them)', () => {
    const out = validate({ limit: -1, name: 'Rossi', sortField: 'x' });
    expect(out).toEqual({ name: 'Rossi' });
    expect(Object.prototype.hasOwnProperty.call(out, 'limit') && (out as Record<string, unknown>).limit === undefined).toBe(true);
    expect(Object.prototype.hasOwnProperty.call(out, 'sortField')).toBe(true);
    expect({ limit: -1, sortField: 'x', ...out }).toEqual({ name: 'Rossi' });
  });
});
