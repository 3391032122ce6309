import { z } from 'zod';
import {
  AdminDealerChanged, AdminDealerCreate, AdminDealerDetail, AdminDealerEdit, AdminDealerPage, AdminDealerReference, AdminDealerToggle,
  DAC_MAX_ROWS, DEALER_TO_CONFIGURE_CSV_COLUMNS, DealerDacList, DealerToConfigureCount,
} from '@auction/contracts';
import type { RouteDoc } from '../../platform/docs/route-doc.js';

const BOTH = 'ADMIN, CUSTOMER_CENTER';
const NO_STORE = 'Never cached (Cache-Control: private, no-store).';
/** The filters every dealer list takes. */
export const DEALER_FILTERS = 'Filters: businessName, city, postalCode, email, vatCode, username, idDealer (or dealerId) as case-insensitive "contains" '
  + '(% and _ literal); country, region (codes, exact); idMarket; createFrom, createTo (YYYY-MM-DD, whole days, or ISO instants; real days of years 1900-9998, else 400001); flgIam (true|false: '
  + 'a reference FCA code); vatCodes (repeated or comma separated, exact); status. Paging and sorting by the server (SQL): limit 1-100 (default 20), '
  + 'offset, sortField (idDealer, businessName, city, country, region, vatCode, email, createdAt, status, idMarket; ties by idDealer), sortOrder asc|desc. '
  + 'Only dealers of the caller\'s adminEnabledMarket (a requested idMarket outside them: 403021); DELETED dealers only with status=DELETED. Bad input: 400001.';
const ONE = 'Unknown or deleted idDealer: 404040; a dealer of a market the caller does not manage: 403021.';
const AUDIT = 'Recorded on the dealer\'s stream with by (the caller\'s id) and at; business data kept beside the log (only the NAMES of changed fields in the event). A read-only caller: 403020.';

/** OpenAPI entries of the back-office's dealers feature. */
export const DEALERS_ROUTE_DOCS: readonly RouteDoc[] = [
  ['get', '/api/v1/admin/dealers-info/search', `Dealer search (spec 02 §7), default sort createdAt desc. ${DEALER_FILTERS} ${NO_STORE}`, BOTH, undefined, AdminDealerPage],
  ['get', '/api/v1/admin/dealer', `With idDealer alone: one dealer, status, capabilities, business data, its documents (idFile: download with GET /api/v1/admin/file/{idFile}) and its users. ${ONE} `
    + `With any other query (spec 02 §7: the search's filters): the page of the dealers matching them, as dealers-info/search answers it (default sort createdAt desc; idDealer then filters as "contains"). ${DEALER_FILTERS} ${NO_STORE}`,
  BOTH, undefined, z.union([AdminDealerDetail, AdminDealerPage])],
  ['post', '/api/v1/admin/dealer', 'Create a dealer directly (ENABLED): business data (businessName, vatCode, address, city, postalCode, email, country, optional region, phone, mobile, '
    + 'website, regon, referenceFCA, typeDealerActivity, carSold, buyingInterest, language) and its reference user (referenceName, referenceSurname, referenceEmail = its username; '
    + 'roles USER, BUYER; enabled; no password: a first-password link is mailed). The market (the country when it is a market, else OTHER) must be the caller\'s (403021); '
    + `the username taken: 409110; the referenceEmail the e-mail of another user: 409111; bad input 400001. ${AUDIT} 201 with the dealer's status.`, BOTH, AdminDealerCreate, AdminDealerChanged],
  ['put', '/api/v1/admin/dealer', `Edit a dealer's business data (body idDealer plus the fields to change; others stay; unknown fields 400001). ${ONE} ${AUDIT}`, BOTH, AdminDealerEdit, AdminDealerChanged],
  ['delete', '/api/v1/admin/dealer', `Delete a dealer (query idDealer): it leaves every list, its users are disabled (sessions end), its history stays. Refused 409130 when one of its users has an offer in `
    + `a running auction or owns a running auction, or it is the caller's own dealer. ${ONE} ${AUDIT} 204.`, 'ADMIN', undefined, 'none'],
  ['get', '/api/v1/admin/dealer/dac', `The dealers sharing a VAT code (query vatCode, exact, any case) for the DAC dialog: sincom (the dealer code), businessName, address, city; the caller's markets only, by idDealer, at most ${DAC_MAX_ROWS} (the dialog pages them). ${NO_STORE}`, BOTH, undefined, DealerDacList],
  ['get', '/api/v1/admin/dealer-to-configure', `The PENDING dealers (registrations waiting for an administrator), default sort createdAt asc. ${DEALER_FILTERS} ${NO_STORE}`, BOTH, undefined, AdminDealerPage],
  ['get', '/api/v1/admin/dealer-to-configure/export', `The PENDING dealers as CSV (RFC 4180, UTF-8 with BOM, formula-like cells prefixed with an apostrophe), columns ${DEALER_TO_CONFIGURE_CSV_COLUMNS.join(', ')}; `
    + `the filters and sort of the list, every page (at most 10000 rows). ${NO_STORE}`, BOTH, undefined, 'file'],
  ['get', '/api/v1/admin/dealer-to-configure-count', `How many PENDING dealers of the caller's markets wait. ${NO_STORE}`, BOTH, undefined, DealerToConfigureCount],
  ['get', '/api/v1/admin/dealer-reference', `A dealer's reference user (query idDealer): id, username, name, surname, e-mail, fiscal code, birth date, enabled, roles, whether it has a password. ${ONE} ${NO_STORE}`, BOTH, undefined, AdminDealerReference],
  ['put', '/api/v1/admin/enable-dealer', 'Enable or disable a dealer (body idDealer, flgEnabled). Enabling a PENDING dealer enables its reference user in the same write, mails the dealer '
    + '"account enabled" in its language and, when the reference user has no password yet, a first-password link; re-enabling a DISABLED dealer re-enables only the users its disable switched off (listed in the disable\'s event; a user disabled one by one stays disabled) '
    + '(and mails them both again when the reference user still has no password: a registration disabled first, then enabled). Nothing is mailed to a deleted or '
    + 'anonymised reference user. Only an ADMIN enables or disables a dealer one of whose users holds ADMIN, CUSTOMER_CENTER, AUCTIONEER, MULTI_AUCTIONEER or EXHIBITOR (403041). '
    + 'Disabling disables every user of the dealer (their sessions and tokens end). Already so: nothing written. Disabling the caller\'s own dealer: 409120. '
    + 'The users are judged in the write: one moved into the dealer meanwhile is read again once, then 409171. '
    + `${ONE} ${AUDIT}`, BOTH, AdminDealerToggle, AdminDealerChanged],
];
