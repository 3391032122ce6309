import type { ManagedAuction, MyBid, Page, PartnerPage, PurchaseRow, ShowcaseEnabled } from '@auction/contracts';
import type { Http, RequestOptions } from '../../../../api/http.js';
import { HOME_AUCTIONS, HOME_COUNTED, HOME_PARTNERS, type DealerHomeCalls } from './dealer-home.js';

const S = '/api/v1/secure';
/** Quiet: a section that fails says so in place; no popup for each of six calls. */
const quiet: RequestOptions = { noPopup: true };

/**
 * The calls of the dealer's home (`/private`), each one bounded page from the server: the running and the next
 * scheduled auctions the dealer may see (soonest first), its latest bids and purchases (for the counts), whether the
 * showcase is open to it, and its partners (by name).
 */
export function dealerHomeCalls(http: Http): DealerHomeCalls {
  return {
    running: () => http.get<Page<ManagedAuction>>(`${S}/running-auctions`, { ...quiet, query: { limit: HOME_AUCTIONS, offset: 0 } }),
    scheduled: () => http.get<Page<ManagedAuction>>(`${S}/scheduled-auctions`, { ...quiet, query: { limit: HOME_AUCTIONS, offset: 0 } }),
    myBids: () => http.get<Page<MyBid>>(`${S}/my-bids`, { ...quiet, query: { limit: HOME_COUNTED, offset: 0 } }),
    purchases: () => http.get<Page<PurchaseRow>>(`${S}/purchases`, { ...quiet, query: { limit: HOME_COUNTED, offset: 0 } }),
    showcaseEnabled: () => http.get<ShowcaseEnabled>(`${S}/showcase/showcase-enabled`, quiet),
    partners: () => http.get<PartnerPage>(`${S}/partners`, { ...quiet, query: { limit: HOME_PARTNERS, offset: 0 } }),
  };
}
