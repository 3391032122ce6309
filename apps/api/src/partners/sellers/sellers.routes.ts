import {
  AssociateSellerDealer, ReferenceSellerDealer, SelectedCodes, SellerConfigBody, SellerCreate, SellerEdit, SellerPage, SellerView,
} from '@auction/contracts';
import type { RouteDoc } from '../../platform/docs/route-doc.js';

const BOTH = 'ADMIN, CUSTOMER_CENTER';
const SCOPE = 'Only sellers and dealers of the caller\'s adminEnabledMarket (403021, checked by the access guard for idSeller and idDealer).';
const ONE = 'Unknown or deleted idSeller: 404370.';
const AUDIT = 'Recorded on the seller\'s stream with by (the caller\'s id) and at; name, surname, e-mail and phone kept beside the log (personal-data store, kind SELLER: only the NAMES of changed fields in the event). A read-only caller: 403020.';
const REFERENCE = 'A dealer\'s reference seller (its account manager): {idDealer, seller: {idSeller, name, surname, email, phone} | null}.';

/** OpenAPI entries of the sellers (issue 23 item 3). */
export const SELLERS_ROUTE_DOCS: readonly RouteDoc[] = [
  ['get', '/api/v1/admin/seller', `One seller (query idSeller): market, name, surname, e-mail, phone, the COUNTRY_AREA codes (areas) and CAR_SOLD classes (carSold) it covers, how many dealers have it as their reference. ${ONE} ${SCOPE}`, BOTH, undefined, SellerView],
  ['post', '/api/v1/admin/seller', `Create a seller: idMarket, name and surname (1-80), optional email and phone, areas and carSold (codes, each once, at most 200). The market must be the caller's (403021); bad input 400001. ${AUDIT} 201 with the seller.`, BOTH, SellerCreate, SellerView],
  ['put', '/api/v1/admin/seller', `Edit a seller (body idSeller plus the fields to change; the market stays; unknown fields 400001; nothing changed: nothing written). ${ONE} ${SCOPE} ${AUDIT}`, BOTH, SellerEdit, SellerView],
  ['delete', '/api/v1/admin/seller', `Delete a seller (query idSeller): it leaves every list, its history stays. Refused 409370 while dealers have it as their reference seller (associate them to another first). ${ONE} ${SCOPE} 204.`, 'ADMIN', undefined, 'none'],
  ['get', '/api/v1/admin/seller-market', 'The sellers of a market (query market, required; a market the caller does not manage: 403021), one page sorted by the server: limit 1-100 (default 20), offset, sortField surname|name|email|dealersCount (default surname; blanks last; ties by idSeller), sortOrder asc|desc; search: name, surname or e-mail contains (any case).', BOTH, undefined, SellerPage],
  ['get', '/api/v1/admin/seller-config', 'A market\'s seller configuration (query market): assignBy MANUAL|AREA|CAR_SOLD (how dealers get their reference seller) and showToDealers (whether dealers see theirs); a market never configured answers the default (MANUAL, true). 403021 outside the caller\'s markets.', BOTH, undefined, SellerConfigBody],
  ['post', '/api/v1/admin/seller-config', 'Set a market\'s seller configuration (body idMarket, assignBy, showToDealers); the one in force again writes nothing. 403021 outside the caller\'s markets. Recorded on the market\'s configuration stream with by and at. 200 with the configuration.', BOTH, SellerConfigBody, SellerConfigBody],
  ['get', '/api/v1/admin/selected-car-sold', 'The CAR_SOLD classes the market\'s sellers cover (query market), each with the ids of the sellers covering it, by code: what the create-seller form marks as taken. 403021 outside the caller\'s markets.', BOTH, undefined, SelectedCodes],
  ['get', '/api/v1/admin/selected-seller-area', 'The COUNTRY_AREA codes the market\'s sellers cover (query market), each with the ids of the sellers covering it, by code. 403021 outside the caller\'s markets.', BOTH, undefined, SelectedCodes],
  ['get', '/api/v1/admin/reference-seller-dealer', `${REFERENCE} Query idDealer; unknown dealer 404040. ${SCOPE}`, BOTH, undefined, ReferenceSellerDealer],
  ['post', '/api/v1/admin/associate-seller-dealer', `Give a dealer its reference seller (body idDealer, idSeller; idSeller null: none). The seller must be active (404370) and of the dealer's market (422370), judged at write time; unknown dealer 404040; the one in force again writes nothing. ${SCOPE} Recorded on the dealer's association stream (sellerref-{idDealer}) with by and at. 200 with the dealer's reference.`, BOTH, AssociateSellerDealer, ReferenceSellerDealer],
  ['get', '/api/v1/secure/reference-seller-dealer', `${REFERENCE} For the dealer's own users (query idDealer optional: the caller's dealer; another dealer 403002, before saying whether it exists) and ADMIN or CUSTOMER_CENTER of its market (403021). A market whose configuration hides sellers from dealers answers seller null to its dealers. Unknown dealer 404040.`, 'logged in (own dealer), ADMIN, CUSTOMER_CENTER', undefined, ReferenceSellerDealer],
  ['get', '/api/v1/mobile/reference-seller-dealer', 'As GET /api/v1/secure/reference-seller-dealer (mobile app, token header only).', 'logged in (own dealer) (token header), ADMIN, CUSTOMER_CENTER', undefined, ReferenceSellerDealer],
];
