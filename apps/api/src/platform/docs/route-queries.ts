import { z } from 'zod';
import { MARKETS } from '@auction/domain';
import { LANGUAGES } from '@auction/i18n';
import { CODE_TABLE_LIMITS, GROUP_CODES } from '@auction/reference-data';
import {
  AdminAuditQuery, AuctionIdsQuery, AdminDealerIdQuery, AdminDealerSearchQuery, AdminMultiAuctioneerTemplateQuery,
  AdminPermissionQuery, AdminTopCmsQuery, AdminUserQuery, AdminUsersQuery, AuctionFullQuery, AuctionLotSearchQuery,
  AuctionLotsQuery, AuctionManagementPageQuery, AuctionSortedLotsQuery, CheckCfQuery, DealerAuctioneerQuery, DealerDacQuery, DealerInfoQuery, DealerToConfigureQuery,
  DossierQuery, EnabledTemplateQuery, ExportBuyersQuery, FileDownloadQuery, HandOverUsersQuery, LotBaseQuery,
  MarketTemplateQuery, MobileOfferQuery, MultiAuctioneerTemplateLink, MultiAuctioneerTemplateQuery,
  MultiAuctioneerTemplatesQuery, ObserveQuery, OffersReportQuery, OpenPartnersQuery, OpenTopCmsQuery,
  OwnReferenceSellerQuery, PageQuery, PartnersQuery, PayByLinkQuery, PortalInfoQuery, ProvenanceQuery,
  PurchasePageQuery, RandomVehicleQuery, ReferenceDealerQuery, ReferenceSellerDealerQuery, RunningAuctionsQuery,
  SaveVehicleQuery, SellerIdQuery, SellerMarketOnlyQuery, SellerMarketQuery, ShowcasePageQuery, ShowcaseQuery,
  SsoLoginQuery, TemplateIdQuery, TemplateInfoQuery, TemplateListQuery, TopCmsIdQuery, TopCmsImageQuery,
  UserBuyerShowcaseQuery, UserBuyerTemplateQuery, UserShowcaseQuery, UsersBuyerTemplateQuery, UsersOfDealerQuery,
  VehicleAuctionsQuery, VehicleDescQuery, VehicleDocumentQuery, VehicleGenericFileQuery, VehicleIdsQuery,
  VehicleImageQuery, VehicleListQuery, VehiclePdfQuery, VehicleSearchPageQuery, VerifyTagQuery,
} from '@auction/contracts';
import { JS_BLANKS, ReportQueryDescribed } from './cross-field-rules.js';

/**
 * The code tables' queries as `@auction/reference-data` reads them (code-table.input.ts; the contracts' schemas only
 * bound the raw text): known groups and markets, at most CODE_TABLE_LIMITS of them, one of the ten languages. The
 * plain form is described (the parameter repeated, the codes as listed); the tables also take comma lists and any case.
 */
const Group = z.enum(GROUP_CODES);
const Market = z.enum(MARKETS);
/** A language, or none (`lang=`: English). */
const Language = z.enum([...LANGUAGES, '']);
/** At most CODE_TABLE_LIMITS.rawValues values (each kind at most once counted: every group and every market fit). */
const Codes = <T extends z.ZodType>(code: T) => z.array(code).max(CODE_TABLE_LIMITS.rawValues);
const CtElementsMapDoc = z.object({ groupCodes: Codes(Group).min(1), idMarkets: Codes(Market).min(1), lang: Language.optional() });
const CtElementsDoc = z.object({
  groupCode: Group, elementCode: z.string().regex(new RegExp(`^[A-Za-z0-9_-]{1,${CODE_TABLE_LIMITS.valueLength}}$`)).optional(), idMarket: Market.optional(), lang: Language.optional(),
});
const CtGroupDoc = z.object({ groupCode: Codes(Group).optional(), lang: Language.optional() });
/**
 * check-cf's birth date as check-cf.controller.ts reads it (epoch milliseconds, YYYY-MM-DD or DD/MM/YYYY, a real
 * day of 1900-2099): described as the days YYYY-MM-DD that always exist (day 1 to 28).
 */
const CheckCfDoc = CheckCfQuery.extend({ birthDate: z.string().regex(/^(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])$/) });

/**
 * The query of each call that reads one, as its handler parses it (`parse(X, query, 'query')`): `openapi.ts` lists
 * their fields as the operation's query parameters, so that the description asks for what the call needs (a
 * required field, an enum, digits) and a request valid by the description is one the call takes (the fuzzer's
 * positive_data_acceptance, tools/fuzz). Keyed by `METHOD path` as in the route tables; route-queries.unit.spec.ts
 * fails when a handler parses a query that is not here.
 */
export const ROUTE_QUERIES: Readonly<Record<string, z.ZodType>> = {
  'GET /api/v1/admin/auctioneer': AdminDealerSearchQuery,
  'GET /api/v1/admin/audit': AdminAuditQuery,
  'DELETE /api/v1/admin/dealer': AdminDealerIdQuery,
  // idDealer alone: one dealer (an id); any other query: the search's page (admin-dealers.controller.ts), so idDealer is optional.
  'GET /api/v1/admin/dealer': AdminDealerSearchQuery.extend({ idDealer: AdminDealerIdQuery.shape.idDealer.optional() }),
  'GET /api/v1/admin/dealer-auctioneer': DealerAuctioneerQuery,
  'GET /api/v1/admin/dealer-reference': AdminDealerIdQuery,
  'GET /api/v1/admin/dealer-to-configure': DealerToConfigureQuery,
  'GET /api/v1/admin/dealer-to-configure/export': DealerToConfigureQuery,
  'GET /api/v1/admin/dealer/dac': DealerDacQuery,
  'GET /api/v1/admin/dealers-info/search': AdminDealerSearchQuery,
  'GET /api/v1/admin/exhibitor': AdminDealerSearchQuery,
  'GET /api/v1/admin/export-buyers': ExportBuyersQuery,
  'GET /api/v1/admin/file/{idFile}': FileDownloadQuery,
  'GET /api/v1/admin/market-template': MarketTemplateQuery,
  'GET /api/v1/admin/report': ReportQueryDescribed,
  'DELETE /api/v1/admin/multi-auctioneer-template': MultiAuctioneerTemplateLink,
  'GET /api/v1/admin/multi-auctioneer-template': AdminMultiAuctioneerTemplateQuery,
  'GET /api/v1/admin/reference-seller-dealer': ReferenceSellerDealerQuery,
  'GET /api/v1/admin/selected-car-sold': SellerMarketOnlyQuery,
  'GET /api/v1/admin/selected-seller-area': SellerMarketOnlyQuery,
  'DELETE /api/v1/admin/seller': SellerIdQuery,
  'GET /api/v1/admin/seller': SellerIdQuery,
  'GET /api/v1/admin/seller-config': SellerMarketOnlyQuery,
  'GET /api/v1/admin/seller-market': SellerMarketQuery,
  'GET /api/v1/admin/template': TemplateListQuery,
  'DELETE /api/v1/admin/top-cms': TopCmsIdQuery,
  'GET /api/v1/admin/top-cms': AdminTopCmsQuery,
  'POST /api/v1/admin/top-cms/image': TopCmsImageQuery,
  'DELETE /api/v1/admin/user': AdminUserQuery,
  'GET /api/v1/admin/user': AdminUserQuery,
  'GET /api/v1/admin/user-buyer-showcase': UserBuyerShowcaseQuery,
  'GET /api/v1/admin/user-buyer-template': UserBuyerTemplateQuery,
  'DELETE /api/v1/admin/user/permission': AdminPermissionQuery,
  'GET /api/v1/admin/users': AdminUsersQuery,
  'GET /api/v1/admin/users-buyer-template': UsersBuyerTemplateQuery,
  'GET /api/v1/mobile/auction/{idAuction}/offer/{idLot}': MobileOfferQuery,
  'GET /api/v1/mobile/auctionFull': AuctionFullQuery.extend(AuctionLotsQuery.shape),
  'GET /api/v1/mobile/image': VehicleImageQuery,
  'GET /api/v1/mobile/partners': PartnersQuery,
  'GET /api/v1/mobile/pdf': VehiclePdfQuery,
  'GET /api/v1/mobile/random-vehicle': RandomVehicleQuery,
  'GET /api/v1/mobile/reference-seller-dealer': OwnReferenceSellerQuery,
  'DELETE /api/v1/mobile/showcase/remove-from-myLot': VehicleIdsQuery,
  'GET /api/v1/open/check-cf': CheckCfDoc,
  'GET /api/v1/open/ct-elements': CtElementsDoc,
  'GET /api/v1/open/ct-elements-map': CtElementsMapDoc,
  'GET /api/v1/open/ct-group': CtGroupDoc,
  'GET /api/v1/open/dealer-info': DealerInfoQuery,
  'GET /api/v1/open/info': PortalInfoQuery,
  'GET /api/v1/open/partners': OpenPartnersQuery,
  'GET /api/v1/open/sso/login': SsoLoginQuery,
  'GET /api/v1/open/top-cms': OpenTopCmsQuery,
  'GET /api/v1/open/verify-tag': VerifyTagQuery,
  'GET /api/v1/secure/auction': AuctionIdsQuery,
  'GET /api/v1/secure/auction-management': AuctionManagementPageQuery,
  'GET /api/v1/secure/auction/observed': PageQuery,
  'GET /api/v1/secure/auction/{idAuction}': AuctionLotsQuery,
  'GET /api/v1/secure/auction/{idAuction}/auction-offers-report': OffersReportQuery,
  'GET /api/v1/secure/auction/{idAuction}/base': LotBaseQuery,
  'GET /api/v1/secure/auction/{idAuction}/lot/{idLot}/bids': PageQuery,
  'POST /api/v1/secure/auction/{idAuction}/observe/{idLot}': ObserveQuery,
  'GET /api/v1/secure/auction/{idAuction}/observed': PageQuery,
  'GET /api/v1/secure/auctionFull': AuctionFullQuery.extend(AuctionLotsQuery.shape),
  'GET /api/v1/secure/auctionFull/{idAuction}/search': AuctionLotSearchQuery,
  'GET /api/v1/secure/auctionFullNoOffer': AuctionFullQuery.extend(AuctionLotsQuery.shape),
  'GET /api/v1/secure/dossier': DossierQuery,
  'GET /api/v1/secure/enabled-template': EnabledTemplateQuery,
  'GET /api/v1/secure/generic-file': VehicleGenericFileQuery,
  'GET /api/v1/secure/multi-auctioneer-template': MultiAuctioneerTemplateQuery,
  'GET /api/v1/secure/multi-auctioneer-templates': MultiAuctioneerTemplatesQuery,
  'GET /api/v1/secure/my-bids': PageQuery,
  'GET /api/v1/secure/partners': PartnersQuery,
  'GET /api/v1/secure/image': VehicleImageQuery,
  'GET /api/v1/secure/pdf': VehiclePdfQuery,
  'GET /api/v1/secure/provenance': ProvenanceQuery,
  'GET /api/v1/secure/purchases': PurchasePageQuery,
  'GET /api/v1/secure/random-vehicle': RandomVehicleQuery,
  'GET /api/v1/secure/reference-dealer': ReferenceDealerQuery,
  'GET /api/v1/secure/reference-seller-dealer': OwnReferenceSellerQuery,
  'GET /api/v1/secure/running-auctions': RunningAuctionsQuery,
  'GET /api/v1/secure/scheduled-auctions': PageQuery,
  'GET /api/v1/secure/showcase': ShowcasePageQuery,
  'GET /api/v1/secure/showcase/mine': PageQuery,
  'GET /api/v1/secure/showcase/myLot': PageQuery,
  'DELETE /api/v1/secure/showcase/remove-from-myLot': VehicleIdsQuery,
  'GET /api/v1/secure/showcase/search-vehicles': VehicleSearchPageQuery,
  'GET /api/v1/secure/showcase/showcase-enabled': ShowcaseQuery,
  'GET /api/v1/secure/showcase/user-showcase': UserShowcaseQuery,
  'DELETE /api/v1/secure/template': TemplateIdQuery,
  'GET /api/v1/secure/template': TemplateListQuery,
  'GET /api/v1/secure/template-info': TemplateInfoQuery,
  'GET /api/v1/secure/user/payByLink': PayByLinkQuery,
  'GET /api/v1/secure/users-dealer': UsersOfDealerQuery,
  'GET /api/v1/secure/vehicle': VehicleListQuery,
  // The provenances are required here (vehicle-reads.ts: none is 400001), each a code with something but commas and blanks.
  'GET /api/v1/secure/vehicle-by-provenance': VehicleListQuery.extend({ provenance: z.array(z.string().max(60).regex(new RegExp(`[^,${JS_BLANKS}]`))).min(1).max(100) }),
  'GET /api/v1/secure/vehicle-desc': VehicleDescQuery,
  'GET /api/v1/secure/vehicle-for-auction': VehicleListQuery,
  'GET /api/v1/secure/vehicle-for-showcase': VehicleListQuery,
  'GET /api/v1/secure/vehicle-handover-users': HandOverUsersQuery,
  'GET /api/v1/secure/vehicle/{idVehicle}/auctions': VehicleAuctionsQuery,
  'POST /api/v1/secure/vehicle/{idVehicle}/documents': VehicleDocumentQuery,
  'GET /api/v2/secure/auction/{idAuction}': AuctionSortedLotsQuery,
  'POST /api/v2/secure/save-vehicle': SaveVehicleQuery,
};
