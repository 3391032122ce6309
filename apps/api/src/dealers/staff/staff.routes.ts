import { AdminDealerChanged, AdminDealerPage, AdminDealerToggle, DealerPickerPage } from '@auction/contracts';
import type { RouteDoc } from '../../platform/docs/route-doc.js';
import { DEALER_FILTERS } from '../dealers/dealers.routes.js';

const BOTH = 'ADMIN, CUSTOMER_CENTER';
const NO_STORE = 'Never cached (Cache-Control: private, no-store).';
const SWITCH = 'Unknown or deleted idDealer: 404040; outside the caller\'s markets: 403021. Already so: nothing written. Recorded on the dealer\'s '
  + 'and the reference user\'s streams with by and at. A read-only caller: 403020.';

/** OpenAPI entries of the back-office's staff feature (partner dealers). */
export const STAFF_ROUTE_DOCS: readonly RouteDoc[] = [
  ['get', '/api/v1/admin/auctioneer', `The dealers with the auctioneer capability. ${DEALER_FILTERS} ${NO_STORE}`, BOTH, undefined, AdminDealerPage],
  ['get', '/api/v1/admin/exhibitor', `The dealers with the exhibitor capability. ${DEALER_FILTERS} ${NO_STORE}`, BOTH, undefined, AdminDealerPage],
  ['get', '/api/v1/admin/dealer-auctioneer', `One page of the ENABLED auctioneer dealers of a market (query market, one the caller manages, else 403021; limit 1-100, default 50; offset), by business name, for pickers: {items, total, limit, offset}. ${NO_STORE}`, BOTH, undefined, DealerPickerPage],
  ['put', '/api/v1/admin/enable-auctioneer', `Set or clear the auctioneer capability (body idDealer, flgEnabled) and grant or take the role AUCTIONEER of the dealer's reference user. ${SWITCH}`, 'ADMIN', AdminDealerToggle, AdminDealerChanged],
  ['put', '/api/v1/admin/enable-exhibitor', `Set or clear the exhibitor capability (body idDealer, flgEnabled) and grant or take the role EXHIBITOR of the dealer's reference user. ${SWITCH}`, 'ADMIN', AdminDealerToggle, AdminDealerChanged],
  ['put', '/api/v1/admin/enable-multi-auctioneer', `Set or clear the multi-auctioneer capability (body idDealer, flgEnabled) and grant or take the role MULTI_AUCTIONEER of the dealer's reference user. ${SWITCH}`, 'ADMIN', AdminDealerToggle, AdminDealerChanged],
];
