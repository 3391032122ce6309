import { z } from 'zod';
import { MARKETS } from '@auction/domain';
import { adminPage, adminQueryInt } from './admin-common.js';

/**
 * Wire shapes of the partners (`GET /api/v1/open/partners`, `/secure/partners`, `/mobile/partners`, spec 01 §3 and
 * spec 02 §3 "Partner"). A partner is a template (a selling channel) as the public sees it: no owner, no provenance,
 * no dealers; its logos are ids of stored images; its rating is the total of the dealers' feedback on purchases sold
 * through it.
 */

/** The order of a partners page: by name (default), by rating or by number of votes. */
export const PARTNER_SORT_FIELDS = ['auctionName', 'auctioneerRating', 'numFeedback'] as const;

/** Paging of a partners list: limit 1-100 (default 100: a market's carousel in one page), offset, sortField, sortOrder. */
const PartnerPaging = {
  limit: adminQueryInt(1, 100, 100),
  offset: adminQueryInt(0, 1_000_000, 0),
  sortField: z.enum(PARTNER_SORT_FIELDS).optional().default('auctionName'),
  sortOrder: z.enum(['asc', 'desc']).optional().default('asc'),
};

/** `GET /open/partners?market=`: the market is required (the visitor's home market). */
export const OpenPartnersQuery = z.object({ market: z.enum(MARKETS), ...PartnerPaging });
export type OpenPartnersQuery = z.infer<typeof OpenPartnersQuery>;

/** `GET /secure/partners`, `/mobile/partners`: no filter (the caller's market and the partners it is enabled for). */
export const PartnersQuery = z.object(PartnerPaging);
export type PartnersQuery = z.infer<typeof PartnersQuery>;

/** One partner as the partner page and the carousels show it. */
export const Partner = z.object({
  idTemplate: z.string(),
  /** The partner's name (the template's templateName; the spec's field name). */
  auctionName: z.string(),
  idMarket: z.enum(MARKETS),
  largeLogo: z.string().nullable(),
  smallLogo: z.string().nullable(),
  description: z.string().nullable(),
  commercialInfoPhone: z.string().nullable(),
  commercialInfoEmail: z.string().nullable(),
  vatCode: z.string().nullable(),
  /** The average of the dealers' votes, to one decimal (halves up); 0 without votes. */
  auctioneerRating: z.number().min(0).max(5),
  /** How many votes. */
  numFeedback: z.number().int().nonnegative(),
});
export type Partner = z.infer<typeof Partner>;

export const PartnerPage = adminPage(Partner);
export type PartnerPage = z.infer<typeof PartnerPage>;
