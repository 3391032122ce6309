import { z } from 'zod';
import { TEMPLATE_SORT_FIELDS } from '@auction/contracts';
import { MARKETS, type Market } from '@auction/domain';
import type { SessionSearchSpec } from '../../../ui/session-search.js';

/** The template list's search: name (a part, any case), market (blank: all) and the order. */
export interface TemplateSearch {
  readonly templateName: string;
  readonly idMarket: Market | '';
  readonly sortField: (typeof TEMPLATE_SORT_FIELDS)[number];
  readonly sortOrder: 'asc' | 'desc';
}

/** Kept in the session (spec 01 session items: `templateSearch`): back from a template, the list is as it was. */
export const TEMPLATE_SESSION_SEARCH: SessionSearchSpec<TemplateSearch> = {
  key: 'templateSearch',
  empty: { templateName: '', idMarket: '', sortField: 'templateName', sortOrder: 'asc' },
  stored: z.object({
    templateName: z.string().max(100), idMarket: z.enum(MARKETS).or(z.literal('')), sortField: z.enum(TEMPLATE_SORT_FIELDS), sortOrder: z.enum(['asc', 'desc']),
  }).partial(),
};

/** The query of a page of the list: blank filters are left out. */
export function templateQuery(search: TemplateSearch, page: { readonly limit: number; readonly offset: number }) {
  return {
    limit: page.limit, offset: page.offset, sortField: search.sortField, sortOrder: search.sortOrder,
    ...(search.idMarket ? { idMarket: search.idMarket } : {}), ...(search.templateName.trim() ? { templateName: search.templateName.trim() } : {}),
  };
}
