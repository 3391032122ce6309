import { z } from 'zod';
import {
  AuctionLotsView, AuctionSummaryPage, FeedbackRequest, LotBasePage, ObservedLotPage, ObservedSearchRequest, ObserveLotsRequest, PlaceOfferResponse,
  PreemptRequest, PurchasePage, RandomVehicle, ShowcaseEnabled, VehicleIdsRequest, VehicleOutcome, VehiclePage,
} from '@auction/contracts';
import type { RouteDoc } from '../platform/docs/route-doc.js';

/** The mobile offer: a GET that changes state, so it takes an `Idempotency-Key` like a POST (openapi.ts). */
export const MOBILE_OFFER_PATH = '/api/v1/mobile/auction/{idAuction}/offer/{idLot}';

/** POST calls of these tables that answer 200, not 201: they create nothing (a search, observations, my-lot outcomes). */
export const POSTS_ANSWERING_200: ReadonlySet<string> = new Set([
  '/api/v1/secure/auction/{idAuction}/observed', '/api/v1/secure/auction/observed', '/api/v1/mobile/auction/observed',
  '/api/v1/mobile/auction/{idAuction}/observed', '/api/v1/mobile/showcase/add-to-myLot', '/api/v1/secure/showcase/add-to-myLot',
  '/api/v1/secure/select-by-file', '/api/v1/admin/seller-config', '/api/v1/admin/associate-seller-dealer',
  '/api/v1/open/pwd-recovery', '/api/v1/admin/multi-auctioneer-template', '/api/v1/admin/user/permission', '/api/v1/secure/export-vehicle',
]);

const SEARCH = 'brand, model, licensePlate, frame: the lot\'s field contains the text (any case; plates compared as plates, "ab 123" finds "AB123CD"); region, state, idVehicle: the lot\'s vehicle\'s (a lot typed in without a vehicle matches none)';
const RANDOM = 'One lot picked at random among the running lots (started, not ended, not withdrawn) of the running auctions named in `idAuctions[]` (1-200; also `idAuctions=a,b`), with its vehicle\'s data as the lot holds it (plate, frame, brand, model), its base price, end and auction name; unknown or not running auctions add nothing; none with a running lot: 404220';
const OBSERVE_MANY = 'Observe several lots of the auction at once, one observe command each in the order given (body idLots 1-100, none twice; endObservation true stops observing them); answers the first page of the caller\'s observed lots of that auction. A lot of another auction: 404021';

/** The auction reads of `/api/v1/secure` the mobile app mirrors (lot-lookups.controller.ts). */
const SECURE_LOOKUPS: RouteDoc[] = [
  ['get', '/api/v1/secure/auction', 'One page of the auctions named in `ids[]` (1-200, none twice; also `ids=a,b`), soonest scheduled end first, without their lots but with lotsCount; unknown and deleted ones are left out', 'logged in', undefined, AuctionSummaryPage],
  ['get', '/api/v1/secure/auctionFull/{idAuction}/search', `The auction with one page of the lots that match every filter given, in lot-number order, with the caller's myBestOffer, leading and observed (as auctionFull). Filters: ${SEARCH}`, 'logged in', undefined, AuctionLotsView],
  ['get', '/api/v1/secure/auctionFullNoOffer', 'As auctionFull (query idAuction, limit, offset, idLot) without the caller\'s own myBestOffer, leading and observed', 'logged in', undefined, AuctionLotsView],
  ['get', '/api/v1/secure/auction/{idAuction}/base', 'The prices a bidder needs, one page of lots in lot-number order (query idLot: that lot only, else 404021): basePrice, minIncrement, buyNowPrice, bestOffer and nextMinimumOffer (the least offer accepted now). The spec\'s `/auction/{id}/base/` with the slash is the same route', 'logged in', undefined, LotBasePage],
  ['get', '/api/v1/secure/random-vehicle', RANDOM, 'logged in', undefined, RandomVehicle],
  ['get', '/api/v1/secure/auction/{idAuction}/observed', 'One page of the caller\'s observed lots of this auction (as GET auction/observed); unknown auction 404', 'BUYER', undefined, ObservedLotPage],
  ['post', '/api/v1/secure/auction/{idAuction}/observed', OBSERVE_MANY, 'BUYER', ObserveLotsRequest, ObservedLotPage],
  ['post', '/api/v1/secure/auction/observed', 'One page of the caller\'s observed lots of the auctions in the body (idAuctions 1-200, none: every auction; limit 1-100, default 50; offset), in the lots\' creation order', 'BUYER', ObservedSearchRequest, ObservedLotPage],
];

const T = '(token header)';
/** The mobile app's calls that are web calls of auctions and the showcase, run by the same handlers. */
const MOBILE: RouteDoc[] = [
  ['get', '/api/v1/mobile/auctionFull', 'As GET /api/v1/secure/auctionFull (mobile app)', `logged in ${T}`, undefined, AuctionLotsView],
  ['get', '/api/v1/mobile/auctionFull/{idAuction}/search', `As GET /api/v1/secure/auctionFull/{idAuction}/search (mobile app). Filters: ${SEARCH}`, `logged in ${T}`, undefined, AuctionLotsView],
  ['get', '/api/v1/mobile/auction/running', 'As GET /api/v1/secure/running-auctions (mobile app; query toSearch, limit, offset)', `logged in ${T}`, undefined, AuctionSummaryPage],
  ['get', '/api/v1/mobile/auction/observed', 'As GET /api/v1/secure/auction/observed (mobile app)', `BUYER ${T}`, undefined, ObservedLotPage],
  ['post', '/api/v1/mobile/auction/observed', 'As POST /api/v1/secure/auction/observed (mobile app): the observed lots of the auctions in the body', `BUYER ${T}`, ObservedSearchRequest, ObservedLotPage],
  ['get', '/api/v1/mobile/auction/{idAuction}/observed', 'As GET /api/v1/secure/auction/{idAuction}/observed (mobile app)', `BUYER ${T}`, undefined, ObservedLotPage],
  ['post', '/api/v1/mobile/auction/{idAuction}/observed', `As POST /api/v1/secure/auction/{idAuction}/observed (mobile app). ${OBSERVE_MANY}`, `BUYER ${T}`, ObserveLotsRequest, ObservedLotPage],
  ['post', '/api/v1/mobile/auction/{idAuction}/observe/{idLot}', 'As POST /api/v1/secure/auction/{idAuction}/observe/{idLot} (mobile app; query endObservation=true ends it)', `BUYER ${T}`, undefined, 'none'],
  ['get', '/api/v1/mobile/auction/{idAuction}/accepted-regulation', 'As GET /api/v1/secure/auction/{idAuction}/accepted-regulation (mobile app)', `BUYER ${T}`, undefined, z.object({ accepted: z.boolean() })],
  ['patch', '/api/v1/mobile/auction/{idAuction}/accept-regulation', 'As PATCH /api/v1/secure/auction/{idAuction}/accept-regulation (mobile app)', `BUYER ${T}`, undefined, 'none'],
  ['get', MOBILE_OFFER_PATH, 'Place an offer from the mobile app: query offer (euros in digits, at most 2 decimals, exactly as in the web body: `1e3`, `0x10`, `-5`, three decimals are 400) and clickAndBuy (true|false, default false). '
    + 'A GET that changes state, kept because the spec\'s mobile app sends its offer this way (issue 22 item 7); it is the web offer (POST /api/v1/secure/auction/{idAuction}/offer/{idLot}) run by the same command with every rule: judged at its arrival, minimum and increment, buy now, anti-sniping extension, answered once durable, and an Idempotency-Key header counts it once (a retried GET with the same key and query answers the first answer and places nothing; the same key with another amount: 409100). '
    + 'Because it is a GET it is guarded as a browser could never send it: only the token header authenticates it (a session cookie is never read on /api/v1/mobile), a request carrying an Origin, Sec-Fetch-Site or Sec-Fetch-Dest header, or a Sec-Fetch-Mode other than cors (navigate, no-cors, same-origin: a page\'s fetch, a navigation, a form, an image), is refused with 403220 before anything is done (Sec-Fetch-Mode: cors alone is what Node\'s fetch sends; a browser\'s CORS request also carries Origin and Sec-Fetch-Site), the API sends no CORS headers, a read-only user gets 403020 as on every change, and the answer is Cache-Control: private, no-store.', `BUYER ${T} (enabled, regulation accepted when required)`, undefined, PlaceOfferResponse],
  ['get', '/api/v1/mobile/auction/{idAuction}/base', 'As GET /api/v1/secure/auction/{idAuction}/base/ (mobile app): the lots\' base price, increment, best offer and least next offer', `logged in ${T}`, undefined, LotBasePage],
  ['post', '/api/v1/mobile/auction/{idAuction}/feedback', 'As POST /api/v1/secure/auction/{idAuction}/feedback (mobile app): rate an auction the caller won in (once)', `BUYER ${T}`, FeedbackRequest, z.object({ idFeedback: z.string() })],
  ['get', '/api/v1/mobile/random-vehicle', `As GET /api/v1/secure/random-vehicle (mobile app). ${RANDOM}`, `logged in ${T}`, undefined, RandomVehicle],
  ['get', '/api/v1/mobile/purchases', 'As GET /api/v1/secure/purchases (mobile app): one page of what the caller won or bought, newest first, with the purchase filters', `BUYER ${T}`, undefined, PurchasePage],
  ['get', '/api/v1/mobile/showcase', 'As GET /api/v1/secure/showcase (mobile app; query idMarket)', `logged in ${T}`, undefined, VehiclePage],
  ['get', '/api/v1/mobile/showcase/search-vehicles', 'As GET /api/v1/secure/showcase/search-vehicles (mobile app)', `logged in ${T}`, undefined, VehiclePage],
  ['get', '/api/v1/mobile/showcase-enabled', 'Whether the showcase lists vehicles the caller may see (query idMarket: of that market; else of any): the app shows its showcase tab then', `logged in ${T}`, undefined, ShowcaseEnabled],
  ['get', '/api/v1/mobile/showcase/accepted-regulation', 'As GET /api/v1/secure/showcase/accepted-regulation (mobile app)', `BUYER ${T}`, undefined, z.object({ accepted: z.boolean() })],
  ['patch', '/api/v1/mobile/showcase/accept-regulation', 'As PATCH /api/v1/secure/showcase/accept-regulation (mobile app; no body)', `BUYER ${T}`, undefined, 'none'],
  ['get', '/api/v1/mobile/showcase/myLot', 'As GET /api/v1/secure/showcase/myLot (mobile app)', `BUYER ${T}`, undefined, VehiclePage],
  ['post', '/api/v1/mobile/showcase/add-to-myLot', 'As POST /api/v1/secure/showcase/add-to-myLot (mobile app; same caps, shared with the web calls)', `BUYER ${T}`, VehicleIdsRequest, z.array(VehicleOutcome)],
  ['delete', '/api/v1/mobile/showcase/remove-from-myLot', 'As DELETE /api/v1/secure/showcase/remove-from-myLot (mobile app; query idVehicles[])', `BUYER ${T}`, undefined, z.array(VehicleOutcome)],
  ['patch', '/api/v1/mobile/showcase/book-myLot', 'As PATCH /api/v1/secure/showcase/book-myLot (mobile app; same booking rule)', `BUYER ${T}`, undefined, z.array(VehicleOutcome)],
  ['patch', '/api/v1/mobile/showcase/preempt-vehicle', 'As PATCH /api/v1/secure/showcase/preempt-vehicle (mobile app; same pre-emption rule)', `BUYER ${T}`, PreemptRequest, VehicleOutcome],
  ['put', '/api/v1/mobile/showcase/buy', 'As PUT /api/v1/secure/showcase/buy (mobile app): a vehicle is sold once', `BUYER ${T}`, VehicleIdsRequest, z.array(VehicleOutcome)],
  ['post', '/api/v1/mobile/showcase/feedback/{id}', 'As POST /api/v1/secure/showcase/feedback/{id} (mobile app): rate a showcase purchase (once)', `BUYER ${T} who bought it`, FeedbackRequest, z.object({ idFeedback: z.string() })],
];

/** The OpenAPI entries of the auction reads the app mirrors and of the mobile app's auction and showcase calls. */
export const MOBILE_AND_LOOKUP_ROUTE_DOCS: readonly RouteDoc[] = [...SECURE_LOOKUPS, ...MOBILE];
