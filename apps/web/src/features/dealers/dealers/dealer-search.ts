import { z } from 'zod';
import { ADMIN_DEALER_SORT_FIELDS } from '@auction/contracts';
import { MARKETS, type Market } from '@auction/domain';
import type { SessionSearchSpec } from '../../../ui/session-search.js';

/** The dealer-search panel's fields (spec 02 §2): idDealer (a dealer code), businessName, country, vatCode. */
export interface DealerSearchForm {
  readonly idDealer: string;
  readonly businessName: string;
  /** A market code, or '' (the dash: any). */
  readonly country: string;
  readonly vatCode: string;
}

export const EMPTY_SEARCH: DealerSearchForm = { idDealer: '', businessName: '', country: '', vatCode: '' };

/** The session-storage item of the panel (spec 02 §3 session items). */
export const DEALER_SEARCH_KEY = 'dealerSearch';

/**
 * The idDealer field keeps a dealer code as typed or pasted (`D-PEND-1`, `1001`): only white space is dropped (a code
 * copied from a mail or a table often brings some). Codes are letters, digits, `-` and `_`: other signs stay, so the
 * field shows them as invalid rather than silently searching for something else.
 */
export function dealerCode(value: string): string {
  return value.replace(/\s+/g, '').slice(0, 64);
}

const DEALER_CODE = /^[A-Za-z0-9_-]*$/;

/** The panel's rules: what the server would refuse is refused here first, so the search button stays disabled. */
export const DealerSearchRules = z.object({
  idDealer: z.string().max(64).regex(DEALER_CODE),
  businessName: z.string().max(100).refine((v) => v.trim().length !== 1, 'too short'),
  country: z.union([z.literal(''), z.enum(MARKETS)]),
  vatCode: z.string().max(50).regex(/^[A-Za-z0-9 .-]*$/),
});

/** The fields that break a rule (empty: the form may be submitted). */
export function searchIssues(form: DealerSearchForm): (keyof DealerSearchForm)[] {
  const result = DealerSearchRules.safeParse(form);
  if (result.success) return [];
  return [...new Set(result.error.issues.map((i) => i.path[0] as keyof DealerSearchForm))];
}

/** The filters a search sends (and keeps in the list's URL). */
export interface DealerFilters {
  readonly idDealer?: string;
  readonly businessName?: string;
  readonly country?: Market;
  readonly vatCode?: string;
}

/** The filters to send: trimmed, empty ones left out (call it on a form without {@link searchIssues} only). */
export function searchFilters(form: DealerSearchForm): DealerFilters {
  const out: { -readonly [K in keyof DealerFilters]: DealerFilters[K] } = {};
  const idDealer = form.idDealer.trim();
  const businessName = form.businessName.trim();
  const vatCode = form.vatCode.trim();
  if (idDealer) out.idDealer = idDealer;
  if (businessName) out.businessName = businessName;
  if ((MARKETS as readonly string[]).includes(form.country)) out.country = form.country as Market;
  if (vatCode) out.vatCode = vatCode;
  return out;
}

/** How the panel is kept in the session (`useSessionSearch`): a kept form the rules refuse is the empty one. */
export const DEALER_SESSION_SEARCH: SessionSearchSpec<DealerSearchForm> = {
  key: DEALER_SEARCH_KEY, empty: EMPTY_SEARCH, stored: DealerSearchRules.partial(),
};

/** Page sizes of the back-office dealer lists (the server allows at most 100). */
export const DEALER_PAGE_SIZES = [10, 20, 50, 100] as const;

/** The largest offset the admin lists accept (libs/contracts adminPageQuery). */
export const MAX_LIST_OFFSET = 1_000_000;

/** The search part of a dealer list URL: the filters and the page request (server paging and sorting). */
export const DealerListSearch = z.object({
  idDealer: z.string().min(1).max(64).regex(DEALER_CODE).optional(),
  businessName: z.string().max(100).optional(),
  country: z.enum(MARKETS).optional(),
  vatCode: z.string().max(50).optional(),
  // Only the sizes the selector offers (limit=7 would show 7 rows under a selector that says 10), and the server's
  // largest offset (beyond it the server refuses the whole list; within it the table clamps to the last page).
  limit: z.coerce.number().int().refine((v) => (DEALER_PAGE_SIZES as readonly number[]).includes(v)).optional(),
  offset: z.coerce.number().int().min(0).max(MAX_LIST_OFFSET).optional(),
  sortField: z.enum(ADMIN_DEALER_SORT_FIELDS).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
export type DealerListSearch = z.infer<typeof DealerListSearch>;


