import { z } from 'zod';
import { MARKETS, TEMPLATE_STATUSES } from '@auction/domain';
import { adminPage, adminPageQuery } from './admin-common.js';

/**
 * Wire shapes of the templates (partners, selling channels: `/api/v1/secure/template*`, `/api/v1/admin/template`,
 * `/enable-template`, `/user-buyer-template`, `/users-buyer-template`). A template's logos are ids of stored images.
 */

const RefId = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be an id');
const Text = (max: number) => z.string().trim().max(max);
const Optional = (max: number) => Text(max).nullable().optional();
/** Repeated `ids` (or comma separated). */
const Ids = z.union([z.string().max(4_000), z.array(z.string().max(64)).max(200)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(RefId).max(200));

/** The fields a template is written with. */
export const TemplateFieldsBody = z.object({
  templateName: Text(100).min(1),
  description: Optional(2_000),
  largeLogo: RefId.nullable().optional(),
  smallLogo: RefId.nullable().optional(),
  commercialInfoPhone: Optional(40),
  commercialInfoEmail: z.string().trim().max(200).email().nullable().optional(),
  vatCode: Optional(30),
  idMarket: z.enum(MARKETS),
  provenance: Optional(50),
});

/** `POST /template`: a new template; idDealer (its owner) defaults to the caller's dealer. */
export const TemplateCreate = TemplateFieldsBody.extend({ idDealer: RefId.optional() }).strict();
export type TemplateCreate = z.infer<typeof TemplateCreate>;

/** `PUT /template`: idTemplate and the fields to change. */
export const TemplateEdit = TemplateFieldsBody.partial().extend({ idTemplate: RefId }).strict();
export type TemplateEdit = z.infer<typeof TemplateEdit>;

/** One template as every call answers it. */
export const TemplateView = z.object({
  idTemplate: z.string(),
  idDealer: z.string(),
  templateName: z.string(),
  description: z.string().nullable(),
  largeLogo: z.string().nullable(),
  smallLogo: z.string().nullable(),
  commercialInfoPhone: z.string().nullable(),
  commercialInfoEmail: z.string().nullable(),
  vatCode: z.string().nullable(),
  idMarket: z.enum(MARKETS),
  provenance: z.string().nullable(),
  status: z.enum(TEMPLATE_STATUSES),
  flgEnabled: z.boolean(),
});
export type TemplateView = z.infer<typeof TemplateView>;

export const TEMPLATE_SORT_FIELDS = ['templateName', 'idMarket', 'provenance', 'status'] as const;

/** `GET /template`, `GET /admin/template`: the filters (all optional) and the page. */
export const TemplateListQuery = adminPageQuery(TEMPLATE_SORT_FIELDS, 'templateName').extend({
  idDealer: RefId.optional(),
  idMarket: z.enum(MARKETS).optional(),
  market: z.enum(MARKETS).optional(),
  provenance: Text(50).optional(),
  templateName: Text(100).optional(),
  ids: Ids.optional(),
});
export type TemplateListQuery = z.infer<typeof TemplateListQuery>;
export const TemplatePage = adminPage(TemplateView);
export type TemplatePage = z.infer<typeof TemplatePage>;

/** `DELETE /template?id=`. */
export const TemplateIdQuery = z.object({ id: RefId });
/** `GET /template/{idTemplate}`. */
export const TemplatePathParams = z.object({ idTemplate: RefId });
/** `GET /enabled-template?ids=`. */
export const EnabledTemplateQuery = z.object({ ids: Ids.optional() });
/** `GET /template-info?market=`. */
export const TemplateInfoQuery = z.object({ market: z.enum(MARKETS) });
/** `GET /multi-auctioneer-template?provenance=`. */
export const MultiAuctioneerTemplateQuery = z.object({ provenance: Text(50).min(1) });
/** `GET /multi-auctioneer-templates?idDealer=`. */
export const MultiAuctioneerTemplatesQuery = z.object({ idDealer: RefId });

/** `PUT /admin/enable-template`. */
export const TemplateToggle = z.object({ idTemplate: RefId, flgEnabled: z.boolean() }).strict();
export type TemplateToggle = z.infer<typeof TemplateToggle>;

/** `GET /admin/user-buyer-template?idUser=`: the templates of the user's dealer's market, each enabled for the dealer or not. */
export const UserBuyerTemplateQuery = z.object({ idUser: RefId });
export const UserBuyerTemplate = z.object({
  idUser: z.string(),
  idDealer: z.string(),
  templates: z.array(z.object({ idTemplate: z.string(), templateName: z.string(), idMarket: z.enum(MARKETS), flgEnabled: z.boolean() })),
});
export type UserBuyerTemplate = z.infer<typeof UserBuyerTemplate>;
/** `PUT /admin/user-buyer-template`: enable (or not) the user's dealer for one template. */
export const UserBuyerTemplateChange = z.object({ idUser: RefId, idTemplate: RefId, flgEnabled: z.boolean() }).strict();
export type UserBuyerTemplateChange = z.infer<typeof UserBuyerTemplateChange>;

/** `POST`/`PUT /admin/users-buyer-template`: enable (or not) dealers for one template, at most 500 at once. */
export const UsersBuyerTemplateChange = z.object({
  idTemplate: RefId, idDealers: z.array(RefId).min(1).max(500), flgEnabled: z.boolean(),
}).strict();
export type UsersBuyerTemplateChange = z.infer<typeof UsersBuyerTemplateChange>;

/** `GET /admin/users-buyer-template?idTemplate=`: the dealers enabled for a template, paged. */
export const UsersBuyerTemplateQuery = adminPageQuery(['idDealer'] as const, 'idDealer').extend({ idTemplate: RefId });
export const TemplateBuyer = z.object({ idTemplate: z.string(), idDealer: z.string(), idMarket: z.enum(MARKETS).nullable() });
export const TemplateBuyerPage = adminPage(TemplateBuyer);
export type TemplateBuyerPage = z.infer<typeof TemplateBuyerPage>;

/** What a template change answers: the template as it is now. */
export const TemplateChanged = TemplateView;

/** `GET /admin/market-template?market=&idDealer=`: the enabled templates of a market, each with whether the dealer is enabled. */
export const MarketTemplateQuery = z.object({ market: z.enum(MARKETS), idDealer: RefId });
export const MarketTemplate = z.object({
  idDealer: z.string(),
  market: z.enum(MARKETS),
  templates: z.array(z.object({ idTemplate: z.string(), templateName: z.string(), idMarket: z.enum(MARKETS), flgEnabled: z.boolean() })),
});
export type MarketTemplate = z.infer<typeof MarketTemplate>;
/** `PUT /admin/market-template`: enable (or not) the dealer for every enabled template of the market at once. */
export const MarketTemplateChange = z.object({ market: z.enum(MARKETS), idDealer: RefId, flgEnabled: z.boolean() }).strict();

/** `GET /admin/export-buyers`: the dealers enabled for templates, as CSV; filters (all optional). */
export const ExportBuyersQuery = z.object({ market: z.enum(MARKETS).optional(), idTemplate: RefId.optional() });
export const EXPORT_BUYERS_CSV_COLUMNS = ['idTemplate', 'templateName', 'templateMarket', 'idDealer', 'dealerMarket', 'dealerStatus'] as const;

/** `GET /admin/multi-auctioneer-template?idDealer=`: the templates a multi-auctioneer dealer sells through. */
export const AdminMultiAuctioneerTemplateQuery = z.object({ idDealer: RefId });
/** `POST /admin/multi-auctioneer-template` (body) and `DELETE` (query): associate a multi-auctioneer dealer with a template, or not. */
export const MultiAuctioneerTemplateLink = z.object({ idDealer: RefId, idTemplate: RefId }).strict();
