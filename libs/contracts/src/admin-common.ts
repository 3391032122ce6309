import { z } from 'zod';
import { QueryInt } from './common.js';

/**
 * Shared shapes of the people back-office (`/api/v1/admin/*`): server-side paging and sorting for every list that can
 * grow. A query carries `limit` (1-100, default 20), `offset` (default 0), `sortField` (one of the list's own keys)
 * and `sortOrder` (asc|desc); an answer is `{ items, total, limit, offset }`, `total` over all pages.
 */
export const adminQueryInt = (min: number, max: number, fallback: number) => QueryInt(min, max).optional().default(fallback);

/** `limit`, `offset`, `sortField` (from `sortFields`) and `sortOrder` of a back-office list. */
export function adminPageQuery<const S extends readonly [string, ...string[]]>(sortFields: S, defaultSort: S[number], defaultOrder: 'asc' | 'desc' = 'asc') {
  return z.object({
    limit: adminQueryInt(1, 100, 20),
    offset: adminQueryInt(0, 1_000_000, 0),
    sortField: z.enum(sortFields).optional().default(defaultSort as never),
    sortOrder: z.enum(['asc', 'desc']).optional().default(defaultOrder),
  });
}

/** Where one page of a list stands: the total over all pages, and the `limit` and `offset` it answers. */
export const PageMeta = z.object({ total: z.number().int().nonnegative(), limit: z.number().int(), offset: z.number().int() });
export type PageMeta = z.infer<typeof PageMeta>;

/** The schema of one page of `item`: `{ items, total, limit, offset }` (every paged list of the API, back-office or not). */
export function adminPage<T extends z.ZodType>(item: T) {
  return PageMeta.extend({ items: z.array(item) });
}

/** An administrative change as the audit trail shows it: what, on which stream, by whom (id and current username), when. */
export const AuditEntry = z.object({
  position: z.number().int(),
  streamId: z.string(),
  type: z.string(),
  /** The acting user's id (null for changes a user made to their own account or the system made). */
  by: z.string().nullable(),
  /** The acting user's username now (an anonymised actor reads `anonymous-<id>`). */
  byUsername: z.string().nullable(),
  at: z.string(),
  /** The event's non-personal fields (codes, ids, flags, the NAMES of personal fields changed). */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditPage = adminPage(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;
