import { z } from 'zod';
import { ADMIN_USER_SORTS } from '@auction/contracts';
import { MARKETS, ROLES } from '@auction/domain';
import type { UsersListQuery } from './users-api.js';

/** Page sizes of the users list; the first is the default. */
export const USERS_PAGE_SIZES = [20, 50, 100] as const;

const text = (max: number) => z.string().trim().max(max).optional().catch(undefined);

/**
 * The `users` screen's URL search (filters, page, sort), so a list survives reload, back and a shared link. Each bad
 * value falls back to "none" by itself (a hand-edited URL never breaks the page).
 */
export const UsersSearch = z.object({
  username: text(100),
  email: text(150),
  idDealer: z.string().trim().max(64).regex(/^[A-Za-z0-9_-]*$/).optional().catch(undefined),
  idMarket: z.enum(MARKETS).optional().catch(undefined),
  role: z.enum(ROLES).optional().catch(undefined),
  flgEnabled: z.enum(['true', 'false']).optional().catch(undefined),
  limit: z.number().int().min(1).max(100).optional().catch(undefined),
  offset: z.number().int().min(0).max(1_000_000).optional().catch(undefined),
  sortField: z.enum(ADMIN_USER_SORTS).optional().catch(undefined),
  sortOrder: z.enum(['asc', 'desc']).optional().catch(undefined),
});
export type UsersSearch = z.infer<typeof UsersSearch>;

/** The filter fields of the search (what the filter form edits). */
export const USER_FILTER_KEYS = ['username', 'email', 'idDealer', 'idMarket', 'role', 'flgEnabled'] as const;
export type UserFilters = Pick<UsersSearch, (typeof USER_FILTER_KEYS)[number]>;

/** The list call of a search: its filters (blanks dropped), default page (20 from 0) and sort (username asc). */
export function listQuery(search: UsersSearch): UsersListQuery {
  const filters: Record<string, string> = {};
  for (const key of USER_FILTER_KEYS) {
    const value = search[key];
    if (value !== undefined && value !== '') filters[key] = value;
  }
  return {
    ...filters,
    limit: search.limit ?? USERS_PAGE_SIZES[0],
    offset: search.offset ?? 0,
    sortField: search.sortField ?? 'username',
    sortOrder: search.sortOrder ?? 'asc',
  };
}

/** A new filter set starts at the first page, keeping the page size and sort. */
export function withFilters(search: UsersSearch, filters: UserFilters): UsersSearch {
  const next: Record<string, unknown> = { limit: search.limit, sortField: search.sortField, sortOrder: search.sortOrder };
  for (const key of USER_FILTER_KEYS) {
    const value = typeof filters[key] === 'string' ? filters[key].trim() : filters[key];
    if (value) next[key] = value;
  }
  return UsersSearch.parse(next);
}
