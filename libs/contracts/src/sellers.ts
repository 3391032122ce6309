import { z } from 'zod';
import { MARKETS, SELLER_ASSIGNMENTS } from '@auction/domain';
import { adminPage, adminPageQuery } from './admin-common.js';
import { Id, distinct } from './common.js';

/**
 * Wire shapes of the sellers (issue 23 item 3; spec 02 §7: `/api/v1/admin/seller*`, `/selected-car-sold`,
 * `/selected-seller-area`, `/reference-seller-dealer`, `/associate-seller-dealer`). A seller's name, surname, e-mail and
 * phone live beside the log (personal-data store, kind SELLER); its stream keeps its market and codes.
 */

/** A market named in a query (`market`) or a body (`idMarket`). */
const MarketCode = z.enum(MARKETS);
/** A code-table code (COUNTRY_AREA, CAR_SOLD). */
const Code = z.string().trim().min(1).max(20).regex(/^[A-Za-z0-9_-]+$/, 'must be a code');
/** A list of codes, each once (at most 200). */
const Codes = z.array(Code).max(200).refine(distinct, 'each code once');
const Name = z.string().trim().min(1, 'required').max(80);
const Email = z.string().trim().max(100).email('must be an e-mail');
const Phone = z.string().trim().max(50).regex(/^[0-9 +()./-]*$/, 'must be a phone number');

/** Query naming one seller (`GET`, `DELETE /admin/seller`). */
export const SellerIdQuery = z.object({ idSeller: Id });
export type SellerIdQuery = z.infer<typeof SellerIdQuery>;

/** The fields a seller list may be sorted by (ties by idSeller). */
export const SELLER_SORT_FIELDS = ['surname', 'name', 'email', 'dealersCount'] as const;
export type SellerSortField = (typeof SELLER_SORT_FIELDS)[number];

/** Query of `GET /admin/seller-market`: the market's sellers, one page, sorted by the server; `search` in name, surname or e-mail. */
export const SellerMarketQuery = adminPageQuery(SELLER_SORT_FIELDS, 'surname').extend({
  market: MarketCode,
  search: z.string().trim().max(100).optional(),
});
export type SellerMarketQuery = z.infer<typeof SellerMarketQuery>;

/** Body of `POST /admin/seller`. */
export const SellerCreate = z.object({
  idMarket: MarketCode,
  name: Name,
  surname: Name,
  email: Email.optional().or(z.literal('')),
  phone: Phone.optional(),
  areas: Codes.default([]),
  carSold: Codes.default([]),
}).strict();
export type SellerCreate = z.infer<typeof SellerCreate>;
export type SellerCreateInput = z.input<typeof SellerCreate>;

/** Body of `PUT /admin/seller`: the seller and the fields to change (the market stays). */
export const SellerEdit = z.object({
  idSeller: Id,
  name: Name.optional(),
  surname: Name.optional(),
  email: Email.optional().or(z.literal('')),
  phone: Phone.optional(),
  areas: Codes.optional(),
  carSold: Codes.optional(),
}).strict();
export type SellerEdit = z.infer<typeof SellerEdit>;

/** A seller as the back-office shows it. */
export const SellerView = z.object({
  idSeller: z.string(),
  idMarket: MarketCode,
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  areas: z.array(z.string()),
  carSold: z.array(z.string()),
  /** How many dealers have it as their reference seller. */
  dealersCount: z.number().int().nonnegative(),
});
export type SellerView = z.infer<typeof SellerView>;
export const SellerPage = adminPage(SellerView);
export type SellerPage = z.infer<typeof SellerPage>;

/** Query of the market-wide seller calls (`selected-car-sold`, `selected-seller-area`, `GET seller-config`). */
export const SellerMarketOnlyQuery = z.object({ market: MarketCode });
export type SellerMarketOnlyQuery = z.infer<typeof SellerMarketOnlyQuery>;

/** A market's seller configuration (body of `POST /admin/seller-config`, answer of both). */
export const SellerConfigBody = z.object({
  idMarket: MarketCode,
  assignBy: z.enum(SELLER_ASSIGNMENTS),
  showToDealers: z.boolean(),
}).strict();
export type SellerConfigBody = z.infer<typeof SellerConfigBody>;

/** One code taken by the market's sellers, and by which (`selected-car-sold`, `selected-seller-area`). */
export const SelectedCode = z.object({ code: z.string(), idSellers: z.array(z.string()) });
export const SelectedCodes = z.object({ market: MarketCode, items: z.array(SelectedCode) });
export type SelectedCodes = z.infer<typeof SelectedCodes>;

/** Query of `GET /admin/reference-seller-dealer` (idDealer required). */
export const ReferenceSellerDealerQuery = z.object({ idDealer: Id });
/** Query of `GET /secure|mobile/reference-seller-dealer`: idDealer, the caller's own dealer when left out. */
export const OwnReferenceSellerQuery = z.object({ idDealer: Id.optional() });

/** A dealer's reference seller: its name and contacts, or null when it has none. */
export const ReferenceSellerDealer = z.object({
  idDealer: z.string(),
  seller: z.object({
    idSeller: z.string(), name: z.string().nullable(), surname: z.string().nullable(), email: z.string().nullable(), phone: z.string().nullable(),
  }).nullable(),
});
export type ReferenceSellerDealer = z.infer<typeof ReferenceSellerDealer>;

/** Body of `POST /admin/associate-seller-dealer`: the dealer's reference seller (null: none). */
export const AssociateSellerDealer = z.object({ idDealer: Id, idSeller: Id.nullable() }).strict();
export type AssociateSellerDealer = z.infer<typeof AssociateSellerDealer>;
