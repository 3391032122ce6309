import { z } from 'zod';
import { DEALER_CAPABILITIES, DEALER_DOCUMENT_KINDS, DEALER_DOCUMENT_MEDIA_TYPES, DEALER_STATUSES, MARKETS } from '@auction/domain';
import { adminPage, adminPageQuery, adminQueryInt } from './admin-common.js';
import { DAY_OR_INSTANT_FILTER } from './common.js';

/**
 * Wire shapes of the dealers back-office (`/api/v1/admin/dealer*`, `/dealers-info/search`, `/dealer-to-configure*`,
 * `/enable-dealer`, `/auctioneer`, `/exhibitor`, `/dealer-auctioneer`, `/enable-auctioneer|exhibitor|multi-auctioneer`).
 * Business data (name, VAT code, address, e-mail...) lives beside the log (personal-data store, kind DEALER); the
 * dealer's stream keeps its status, market, capabilities and documents. Every list is paged and sorted by the server.
 */

/** An id named in a query or a body (dealer ids are UUIDs; demo dealers `D-1001`). */
const RefId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'must be an id');
/** A free-text filter (case-insensitive "contains"; `%` and `_` are literal). */
const Filter = z.string().trim().max(100).optional();
/**
 * A date filter `YYYY-MM-DD` (a whole day, UTC) or an ISO instant, of a real day of the years 1900-9998 (PostgreSQL has
 * no year 0, and the end of 9999-12-31 is no longer a 4-digit ISO date): one pattern, so that the OpenAPI description
 * states exactly what is taken (2026-02-31 is not a day; `Date` would roll it over to March).
 */
const DateFilter = z.string().max(40).regex(DAY_OR_INSTANT_FILTER, 'must be a real date (years 1900-9998): YYYY-MM-DD or an ISO instant').optional();
/** `true`/`false` (or 1/0) in a query string. */
const QueryFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').optional();
/** Repeated `vatCodes` (or comma separated): dealers whose VAT code is one of them (exact, case-insensitive). */
const VatCodes = z.union([z.string().max(2_000), z.array(z.string().max(50)).max(50)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().max(50)).max(50)).optional();

/** The columns a dealer list may be sorted by (server-side, stable tiebreak on idDealer). */
export const ADMIN_DEALER_SORT_FIELDS = ['idDealer', 'businessName', 'city', 'country', 'region', 'vatCode', 'email', 'createdAt', 'status', 'idMarket'] as const;
export type AdminDealerSortField = (typeof ADMIN_DEALER_SORT_FIELDS)[number];

/** A dealer's partner capabilities (each grants the matching role to its reference user). */
export const DealerCapabilities = z.object({ auctioneer: z.boolean(), exhibitor: z.boolean(), multiAuctioneer: z.boolean() });
export type DealerCapabilities = z.infer<typeof DealerCapabilities>;
/** The capability names (`auctioneer`, `exhibitor`, `multiAuctioneer`). */
export { DEALER_CAPABILITIES };

/** The dealer filters (spec 02 §7 `dealers-info/search`), shared by `/auctioneer`, `/exhibitor` and `/dealer-to-configure`. */
export const dealerFilterFields = {
  idDealer: z.string().trim().max(64).optional(),
  /** Alias of idDealer (the legacy form sends either). */
  dealerId: z.string().trim().max(64).optional(),
  businessName: Filter, city: Filter, postalCode: Filter, email: Filter, username: Filter, vatCode: Filter,
  vatCodes: VatCodes,
  /** COUNTRY code (exact). */
  country: z.string().trim().max(10).optional(),
  /** COUNTRY_AREA code (exact). */
  region: z.string().trim().max(50).optional(),
  idMarket: z.enum(MARKETS).optional(),
  /** Registered (or created) on or after / on or before this day. */
  createFrom: DateFilter, createTo: DateFilter,
  /** true: dealers of the group (a reference user with an FCA code); false: the others. */
  flgIam: QueryFlag,
  status: z.enum(DEALER_STATUSES).optional(),
};

/** Query of `GET /admin/dealers-info/search`, `/admin/auctioneer`, `/admin/exhibitor`. */
export const AdminDealerSearchQuery = adminPageQuery(ADMIN_DEALER_SORT_FIELDS, 'createdAt', 'desc').extend(dealerFilterFields);
export type AdminDealerSearchQuery = z.infer<typeof AdminDealerSearchQuery>;

/** Query of `GET /admin/dealer-to-configure` and its export: the PENDING dealers, with the same filters (status fixed). */
export const DealerToConfigureQuery = adminPageQuery(ADMIN_DEALER_SORT_FIELDS, 'createdAt', 'asc').extend(dealerFilterFields).omit({ status: true });
export type DealerToConfigureQuery = z.infer<typeof DealerToConfigureQuery>;

/** One dealer in a back-office list. `sincom` is the dealer's code (its idDealer). */
export const AdminDealerRow = z.object({
  idDealer: z.string(),
  sincom: z.string(),
  status: z.enum(DEALER_STATUSES),
  flgEnabled: z.boolean(),
  idMarket: z.enum(MARKETS),
  country: z.string(),
  region: z.string().nullable(),
  businessName: z.string().nullable(),
  vatCode: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  email: z.string().nullable(),
  /** The reference user's username. */
  username: z.string().nullable(),
  idReferenceUser: z.string().nullable(),
  flgIam: z.boolean(),
  capabilities: DealerCapabilities,
  /** ISO instant of registration or creation. */
  createdAt: z.string(),
});
export type AdminDealerRow = z.infer<typeof AdminDealerRow>;
export const AdminDealerPage = adminPage(AdminDealerRow);
export type AdminDealerPage = z.infer<typeof AdminDealerPage>;

/** Query naming one dealer (`GET/DELETE /admin/dealer`, `GET /admin/dealer-reference`). */
export const AdminDealerIdQuery = z.object({ idDealer: RefId });
export type AdminDealerIdQuery = z.infer<typeof AdminDealerIdQuery>;

/** A document of a dealer as staff see it (download: `GET /api/v1/admin/file/{idFile}`). */
export const AdminDealerDocument = z.object({
  kind: z.enum(DEALER_DOCUMENT_KINDS), idFile: z.string(), mediaType: z.enum(DEALER_DOCUMENT_MEDIA_TYPES), size: z.number().int(), sha256: z.string(),
});
export type AdminDealerDocument = z.infer<typeof AdminDealerDocument>;

/** A user of a dealer, as the dealer page lists them. */
export const AdminDealerUser = z.object({
  idUser: z.string(), username: z.string(), roles: z.array(z.string()), flgEnabled: z.boolean(), reference: z.boolean(),
  name: z.string().nullable(), surname: z.string().nullable(),
});
export type AdminDealerUser = z.infer<typeof AdminDealerUser>;

/** `GET /admin/dealer?idDealer`: the row plus the rest of its business data, documents and users. */
export const AdminDealerDetail = AdminDealerRow.extend({
  phone: z.string().nullable(), mobile: z.string().nullable(), website: z.string().nullable(), regon: z.string().nullable(),
  typeDealerActivity: z.string().nullable(), carSold: z.string().nullable(), buyingInterest: z.string().nullable(),
  language: z.string(),
  referenceName: z.string().nullable(), referenceSurname: z.string().nullable(), referenceEmail: z.string().nullable(),
  referenceFCA: z.string().nullable(),
  /** The privacy consents (1 to 3) of its reference user, as given at the sign-up or changed since; null without one. */
  consents: z.object({ consent1: z.boolean(), consent2: z.boolean(), consent3: z.boolean() }).nullable(),
  documents: z.array(AdminDealerDocument),
  users: z.array(AdminDealerUser),
});
export type AdminDealerDetail = z.infer<typeof AdminDealerDetail>;

const text = (max: number) => z.string().trim().max(max);
/** The editable business data of a dealer (limits as the registration form's). */
export const dealerBusinessFields = {
  businessName: text(50).min(1), vatCode: text(50).min(1), address: text(100).min(1), city: text(50).min(1), postalCode: text(10).min(1),
  email: z.email().max(100),
  phone: text(50).nullish(), mobile: text(50).nullish(), website: text(255).nullish(), regon: text(50).nullish(),
  referenceName: text(50).nullish(), referenceSurname: text(50).nullish(), referenceFCA: text(200).nullish(),
  /** COUNTRY_AREA code, or null where the country has none. */
  region: text(50).nullish(),
  typeDealerActivity: text(50).nullish(), carSold: text(50).nullish(), buyingInterest: text(50).nullish(),
};

/**
 * Body of `POST /admin/dealer`: staff create a dealer directly (ENABLED at once). Its reference user is created with
 * `referenceEmail` as username (roles USER, BUYER), enabled, without a password: a first-password link is mailed.
 */
export const AdminDealerCreate = z.object({
  ...dealerBusinessFields,
  /** COUNTRY code; the market is the country when that is a market, else OTHER. */
  country: z.string().trim().min(2).max(10),
  referenceName: text(50).min(1), referenceSurname: text(50).min(1),
  referenceEmail: z.email().max(100),
  /** The dealer's language (mails); default: its market's. */
  language: z.string().trim().min(2).max(5).optional(),
}).strict();
export type AdminDealerCreate = z.infer<typeof AdminDealerCreate>;

/** Body of `PUT /admin/dealer`: the dealer and the business fields to change (absent: unchanged). */
export const AdminDealerEdit = z.object({
  idDealer: RefId,
  ...Object.fromEntries(Object.entries(dealerBusinessFields).map(([k, v]) => [k, (v as z.ZodType).optional()])) as {
    [K in keyof typeof dealerBusinessFields]: z.ZodOptional<(typeof dealerBusinessFields)[K]>;
  },
}).strict();
export type AdminDealerEdit = z.infer<typeof AdminDealerEdit>;

/** Answer of a dealer change: the dealer as it is now. */
export const AdminDealerChanged = z.object({ idDealer: z.string(), status: z.enum(DEALER_STATUSES), flgEnabled: z.boolean(), capabilities: DealerCapabilities });
export type AdminDealerChanged = z.infer<typeof AdminDealerChanged>;

/** Body of `PUT /admin/enable-dealer`, `/enable-auctioneer`, `/enable-exhibitor`, `/enable-multi-auctioneer`. */
export const AdminDealerToggle = z.object({ idDealer: RefId, flgEnabled: z.boolean() }).strict();
export type AdminDealerToggle = z.infer<typeof AdminDealerToggle>;

/** Query of `GET /admin/dealer/dac`. */
export const DealerDacQuery = z.object({ vatCode: z.string().trim().min(1).max(50) });
export type DealerDacQuery = z.infer<typeof DealerDacQuery>;
/** A row of the DAC dialog (dealers sharing a VAT code). */
export const DealerDacRow = z.object({
  sincom: z.string(), idDealer: z.string(), businessName: z.string().nullable(), address: z.string().nullable(), city: z.string().nullable(),
  status: z.enum(DEALER_STATUSES), idMarket: z.enum(MARKETS),
});
export type DealerDacRow = z.infer<typeof DealerDacRow>;
/** At most `DAC_MAX_ROWS` dealers, by id (the dialog filters, sorts and pages them on the client, as the spec draws it). */
export const DAC_MAX_ROWS = 200;
export const DealerDacList = z.array(DealerDacRow).max(DAC_MAX_ROWS);
export type DealerDacList = z.infer<typeof DealerDacList>;

/** Answer of `GET /admin/dealer-to-configure-count`. */
export const DealerToConfigureCount = z.object({ count: z.number().int().nonnegative() });
export type DealerToConfigureCount = z.infer<typeof DealerToConfigureCount>;

/** Query of `GET /admin/dealer-auctioneer`: the market and one page (`limit` 1-100, default 50; `offset`). */
export const DealerAuctioneerQuery = z.object({ market: z.enum(MARKETS), limit: adminQueryInt(1, 100, 50), offset: adminQueryInt(0, 1_000_000, 0) });
export type DealerAuctioneerQuery = z.infer<typeof DealerAuctioneerQuery>;
/** An auctioneer dealer in a picker. */
export const DealerPickerItem = z.object({ idDealer: z.string(), businessName: z.string().nullable(), idMarket: z.enum(MARKETS), multiAuctioneer: z.boolean() });
export type DealerPickerItem = z.infer<typeof DealerPickerItem>;
/** Answer of `GET /admin/dealer-auctioneer`: one page of auctioneer dealers, by business name. */
export const DealerPickerPage = adminPage(DealerPickerItem);
export type DealerPickerPage = z.infer<typeof DealerPickerPage>;

/** `GET /admin/dealer-reference?idDealer`: the dealer's reference user. */
export const AdminDealerReference = z.object({
  idDealer: z.string(), idUser: z.string().nullable(), username: z.string().nullable(), name: z.string().nullable(), surname: z.string().nullable(),
  email: z.string().nullable(), fiscalCode: z.string().nullable(), birthDate: z.string().nullable(), flgEnabled: z.boolean(), roles: z.array(z.string()),
  hasPassword: z.boolean(),
});
export type AdminDealerReference = z.infer<typeof AdminDealerReference>;

/** Columns of the `/dealer-to-configure/export` CSV, in order. */
export const DEALER_TO_CONFIGURE_CSV_COLUMNS = ['idDealer', 'businessName', 'vatCode', 'country', 'region', 'city', 'address', 'postalCode', 'email', 'username', 'idMarket', 'createdAt'] as const;
