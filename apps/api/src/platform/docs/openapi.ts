import { z } from 'zod';
import { Day, IdList, Money, MoneyOrZero, PersonName, SignUpMultipartBody, distinct } from '@auction/contracts';
import {
  AUCTION_LOT_SORT_FIELDS, FileMessageMultipartBody, AuctionMessageRequest, AuctionMessageResponse, AuctionLotsView, LotDetail, ShowcaseEnabled, AuctionSummaryPage, LotBasePage, pageOf, AuctionView, ObservedLotPage, OfferReportPage, PurchasePage, VehiclePage, CreateAuctionRequest, ManagedAuctionPage, MyBidPage, PAGE_DEFAULT, PAGE_MAX, CreateShowcaseRequest, EditAuctionRequest, ErrorBody, FeedbackRequest, LoginRequest, LotView,
  NotAwardRequest, OfferReportRow, PlaceOfferRequest, PlaceOfferResponse, PreemptRequest, PurchaseRow, ResizeTimeRequest,
  LiveCredentials, ServerTime, CaughtMailPageView, CaughtMailView, TokenResponse, UserProfile, VehicleIdsRequest, VehicleOutcome, VehicleView, LotBidHistory,
  UserShowcasePage, UserBuyerShowcase, UserBuyerShowcaseChange,
} from '@auction/contracts';
import { AUCTION_MESSAGE_MAX, ERROR_CODES } from '@auction/domain';
import { API_ERROR_CODES } from '@auction/contracts';
import { roleMatrixMarkdown, rolesOf } from './role-matrix.js';
import { COMMUNICATION_ROUTE_DOCS } from '../../communication/communication.routes.js';
import { DEALERS_CONTEXT_ROUTE_DOCS } from '../../dealers/dealers.routes.js';
import { IDENTITY_ROUTE_DOCS } from '../../identity/identity.routes.js';
import { PARTNER_RATING, PARTNERS_ROUTE_DOCS, WHO_SEES_SALES } from '../../partners/partners.routes.js';
import { VEHICLES_ROUTE_DOCS } from '../../vehicles/vehicles.routes.js';
import { VEHICLE_UPLOADS_ROUTE_DOCS } from '../../vehicles/uploads/vehicle-uploads.routes.js';
import { MOBILE_AND_LOOKUP_ROUTE_DOCS, MOBILE_OFFER_PATH, POSTS_ANSWERING_200 } from '../../auctions/mobile.routes.js';
import { SELLERS_ROUTE_DOCS } from '../../partners/sellers/sellers.routes.js';
import { TOP_CMS_ROUTE_DOCS } from '../../partners/top-cms/top-cms.routes.js';
import { PAYMENTS_ROUTE_DOCS } from '../../payments/payments.routes.js';
import type { RouteDoc } from './route-doc.js';
import { ReadinessAnswer } from '../http/readiness.js';
import { ROUTE_QUERIES } from './route-queries.js';
import { CROSS_FIELD_RULES } from './cross-field-rules.js';

/** Rules on input and commands every call follows (issue 11: money, id lists, strings, Idempotency-Key, showcase caps). */
const INPUT_RULES = 'Money: a positive number of euros with at most 2 decimals, exactly (held as integer cents), at most 100000000; a minimum increment is at least 0.01; a buyNowPrice is at least the reservePrice (anything else: 400). '
  + 'Lists of ids never name an id twice (400); a lot id is never reused, a removed lot keeps its id. One licence plate at most once per auction (422008, as in a showcase), plates compared without case, spaces, dashes, dots or invisible characters and with full-width letters as their plain forms ("AB 123 CD" is "ab123cd"). '
  + 'Strings (bodies, queries, path parameters) never carry NUL or lone surrogates (400). '
  + 'JSON bodies are read exactly: a key written twice in one object is 400030; a number that cannot be held exactly as written (more than 2 decimals for money, an exponent, more than 15 integer digits) is 400031, never rounded. '
  + 'Access beyond the role: a user who, or whose dealer, is not enabled gets 403004 on every call but its own account\'s; a read-only user changes nothing (403020); a back-office user naming a dealer, user or file (in the path, query or body) of a market outside its adminEnabledMarket gets 403021. '
  + 'Ownership (the ownership matrix, apps/api/src/identity/ownership-matrix.ts, one row per call that names a resource, proven for another dealer\'s user, another market\'s staff, another auctioneer, exhibitor or loader and the owner): the staff act on the dealers, users, files, sellers, templates, banners, auctions and lots (and their event streams) of their markets only (403021), and a staff user who does not manage every selling market gets 403021 for an id that names nothing too; caught mail and the global event log need every market (403021). A refusal never tells whether the resource exists: it answers as for an unknown id, but to a caller who reads the resource anyway (an auction of the default channel, a vehicle on sale), which may be told 403002 (not its owner) or 403200 (not a change it may make). '
  + 'PATCH .../award on an auction still SCH or RUN is 409020. A feedback\'s rating is 1 to 5 whole stars (0, 6, 2.5, "3", null: 400001); its idAuctioneer, when given, must be the auction\'s owner (the showcase\'s exhibitor) or the sale\'s partner (idTemplate): else 422013. '
  + 'Idempotency-Key (every POST, PUT, PATCH and DELETE of a logged-in user, 1 to 128 characters): a repeat with the same key, user, call (method and path) and body (and query) answers the first answer (status and body) and changes nothing, also after the resource was deleted; the same key with another call or body is 409100. '
  + 'Keys are remembered per user for IDEMPOTENCY_TTL_HOURS (default and minimum 24 hours). Concurrent requests with one key run once: the others wait and get the first answer. A call that failed is not remembered: a retry runs it again. '
  + 'Showcase caps per dealer: at most MY_LOT_MAX_VEHICLES vehicles in one\'s my lot (default 20, bought ones not counted; more: 409018), at most SHOWCASE_HOLDS_MAX vehicles held at once by booking and pre-emption (default 10; more: 409019).';

/** Rules on time (issue 11: A1, A3, A8, A9, A11). */
const TIME_RULES = `Lists: a list answer is one page \`{items, total, limit, offset}\` (query \`limit\` 1-${PAGE_MAX}, default ${PAGE_DEFAULT}; \`offset\`), in the order the server fixes, never every row at once. `
  + 'Instants: ISO 8601 with Z or an offset, of the years 0001 to 9999 once the offset is applied (else 400), stored and answered in UTC (Z) and compared and sorted as instants (running-auctions: by the instant of the end shown). '
  + 'An auction lasts at least MIN_AUCTION_SECONDS from its start to its end (default 60 s; a zero-length auction takes no offer): else 422030, at creation, in an edit and in resize-time. '
  + 'An auction\'s endDate is its last lot\'s end (anti-sniping extensions included); a lot bought with clickAndBuy ends at the purchase instant; an auction stays RUN while a lot runs. '
  + 'Resize-time: a scheduled auction\'s end may move earlier or later (its lots follow); a running auction\'s end only later, never earlier than its current end (else 409030), and a lot\'s end never moves before its current end (an extension beyond the new end is kept). '
  + 'An offer is judged at the instant its bytes reached the API (its head, or its body when that came in a later read: a request whose amount arrives after the end is late), not when its turn comes on a busy server; offers on one lot keep their arrival order whatever their headers (an Idempotency-Key never costs a place); the auction\'s owner and the users of the seller\'s dealer cannot bid on its lots (422050); a lot is closed 250 ms after its end so offers received before the end are judged first. Lots of an auction that end at one instant are closed together in one decision, without holding other auctions.';

/** A sold vehicle of a showcase with its buyer (`GET showcase/sold/{id}`). */
const SoldVehiclePage = pageOf(z.object({
  idVehicle: z.string(), licensePlate: z.string(), brand: z.string(), model: z.string(), price: z.number(), idUser: z.string(), username: z.string(), soldAt: z.string(),
}));

const PLATFORM_AND_CORE_ROUTES: RouteDoc[] = [
  ['get', '/api/v1/open/sso/login', 'Single sign-on (the web client\'s login): 302 to the OpenID Connect issuer\'s authorization endpoint (authorization code, PKCE S256, state, nonce; the flow is kept 10 minutes in an http-only cookie). Query: `redirect`, a path of the portal to land on afterwards (never another origin: 400), `lang`, the language of the issuer\'s page. The issuer is OIDC_ISSUER_URL, or the embedded one at /oidc (discovery at /oidc/.well-known/openid-configuration), whose sign-in page checks the portal\'s users. Issuer unreachable: 302 to /?ssoError=503010.', 'anyone', undefined, 'none'],
  ['get', '/api/v1/open/sso/callback', 'Single sign-on: the issuer\'s redirect. Checks state, nonce and PKCE through the code exchange, matches the user by the OIDC_USERNAME_CLAIM claim (default preferred_username), sets the SESSION and XSRF-TOKEN cookies and redirects (302) to the `redirect` of the login. Failures redirect to /?ssoError=401010 (expired, tampered or refused flow) or /?ssoError=403010 (not an active user of the portal). A sign-in the issuer proved before the user\'s latest password change or disable (ID token `auth_time`) opens no session: 302 back to the issuer with prompt=login, and if still outdated /?ssoError=401030. The embedded issuer\'s /oidc/auth and /oidc/interaction answer 429 (429010) beyond SSO_ADDRESS_MAX_REQUESTS a minute per client address.', 'anyone', undefined, 'none'],
  ['get', '/api/v1/open/sso/logout', 'Single sign-on: ends the issuer\'s session too (RP-initiated logout, with the ID token as id_token_hint), after POST /api/v1/secure/logout; 302 to the issuer\'s end-session endpoint, which returns to the portal\'s home. A navigation from another site (Sec-Fetch-Site cross-site or same-site) only goes to the portal\'s home: no page but the portal\'s own may end the issuer\'s session.', 'anyone', undefined, 'none'],
  ['post', '/api/v1/open/login', 'API-client login (scripts, load tests, tools; the web client uses single sign-on): sets the SESSION and XSRF-TOKEN cookies. Same checks and limits as the sign-in page.', 'anyone', LoginRequest, UserProfile],
  ['post', '/api/v1/mobile/token', 'Log in for the mobile app: a token for the `token` header', 'anyone', LoginRequest, TokenResponse],
  ['post', '/api/v1/secure/logout', 'End the session', 'logged in', undefined, 'none'],
  ['get', '/api/v1/secure/time', 'Server time, for clock sync', 'logged in', undefined, ServerTime],
  ['get', '/api/v1/mobile/time', 'Server time, for clock sync (mobile app)', 'logged in (token header)', undefined, ServerTime],
  ['get', '/api/v1/secure/live-credentials', 'Credentials of the live channel for a browser (its session cookie is http-only): MQTT over WebSocket at `path` with this username and password, a live token: subscribe-only (refused as an API credential), ended by the logout of the session it came from, valid until `expiresAt` (LIVE_TOKEN_TTL_SECONDS, default 600; `expiresIn` seconds): ask again before then and reconnect with the new one. Only a session (cookie or token header) obtains one. Not cached.', 'logged in', undefined, LiveCredentials],
  ['post', '/api/v1/secure/auction', 'Create an auction (SCH, or RUN when its start is past). `extension` defaults to 60 s window / 60 s extension; windowSeconds 0 turns it off. An Idempotency-Key makes a retry return the same auction. A lot with `idVehicle` sells that loaded vehicle: its plate, frame, brand, model and cover photo (`idCoverPhoto`, the first photo) are the vehicle\'s, not the ones sent, and the vehicle is put in the auction in the same append (who may: an AUCTIONEER of the vehicle provenance\'s dealer, the MULTI_AUCTIONEER holding it, an ADMIN of its market). A vehicle not seen or unknown 404200, not allowed 403200, unpublished 409203, in another auction or a showcase 409201/409202 (naming where), sold 409010, withdrawn 409012, named by two lots 422014, of a provenance of another market than the auction 422222 (an edit changing the market too): then nothing is written. One vehicle is in one auction at a time: of two calls naming it, one wins.', 'AUCTIONEER, MULTI_AUCTIONEER, ADMIN', CreateAuctionRequest, AuctionView],
  ['put', '/api/v1/secure/auction', 'Edit a scheduled auction (lots with a known idLot are edited, new ones added, missing ones withdrawn). Lots with `idVehicle` as on create; the vehicle of a withdrawn lot, or one a lot no longer names, goes back to stock (LOT_WITHDRAWN) in the same append. `idTemplate`: a template the caller sells through moves the auction to that channel (checked as on create: 404300, 409300, 422300); null moves it back to the default channel, so every dealer of the market sees it and may bid (ROLES.md: lists, detail, offers and live topics follow at once); absent keeps its channel. Only while the auction may be edited (SCH; else 409001)', 'owner, ADMIN', EditAuctionRequest, AuctionView],
  ['get', '/api/v1/secure/auction/{idAuction}', 'An auction with one page of its lots in lot-number order (query limit 1-100, default 100; offset; idLot: only that lot) and lotsPage {total, limit, offset}; the auction\'s end counts every lot', 'logged in', undefined, AuctionLotsView],
  ['get', '/api/v2/secure/auction/{idAuction}', `An auction with one page of its lots sorted by the server (query limit 1-100, default 100; offset; sortField ${AUCTION_LOT_SORT_FIELDS.join('|')}, default lotNumber; sortOrder asc|desc (any case), default asc; ties by lot number ascending; a lot without the value, such as no offer yet, comes first ascending) and lotsPage {total, limit, offset}; another sortField or sortOrder, or limit or offset out of bounds: 400. Unknown auction: 404020`, 'logged in', undefined, AuctionLotsView],
  ['get', '/api/v1/secure/auction/{idAuction}/lot-detail/{idLot}', 'One lot of an auction with its auction\'s name and the caller\'s own state on it (myBestOffer, leading, observed; the reserve only to the owner and staff), and, when the lot sells a loaded vehicle the caller may see (the vehicles\' rule: a dealer while it is in the auction), its data sheet (`vehicle`), photo ids in order (the first the cover) and document ids, read through GET /image, /pdf and /generic-file; else vehicle null and the lists empty. Unknown auction 404020; a lot not of this auction, withdrawn or unknown 404021', 'logged in', undefined, LotDetail],
  ['delete', '/api/v1/secure/auction/{idAuction}', 'Delete a scheduled auction; its lots\' vehicles go back to stock (LOT_WITHDRAWN) in the same append (the spec\'s `/api/v1/secure/auction/{idAuction}/`, with the trailing slash, is the same route: paths ignore a trailing slash)', 'owner, ADMIN', undefined, 'none'],
  ['delete', '/api/v1/secure/auction/{idAuction}/lot-detail/{idLot}/{idVehicle}', 'Withdraw one lot of a scheduled auction (the auction\'s edit without that lot): `idVehicle` names the lot\'s vehicle, `-` or `0` for a lot typed without a vehicle; the vehicle goes back to stock (LOT_WITHDRAWN) in the same append; answers the auction as PUT /auction does. Unknown auction 404020; a lot not of this auction, withdrawn or unknown 404021; another vehicle than the lot\'s 404025; the auction\'s last lot 422006 (an auction keeps at least one lot); a running, closed or awarded auction 409001; another\'s auction 403', 'owner, ADMIN', undefined, AuctionView],
  ['get', '/api/v1/secure/auctionFull', 'An auction with one page of its lots in lot-number order and the caller\'s myBestOffer, leading and observed per lot (query idAuction; limit 1-100, default 100; offset; idLot: only that lot), and lotsPage {total, limit, offset}; the auction\'s end counts every lot', 'logged in', undefined, AuctionLotsView],
  ['get', '/api/v1/secure/running-auctions', 'One page of the running auctions, soonest scheduled end first (the auction\'s end: a lot\'s extension does not move an auction between pages), without their lots but with lotsCount (auctionFull has the lots; query toSearch filters on name, plate, brand, model)', 'logged in', undefined, AuctionSummaryPage],
  ['get', '/api/v1/secure/running-auctions/search', 'One page of the running auctions matching toSearch (name, plate, brand, model), soonest scheduled end first, without their lots but with lotsCount', 'logged in', undefined, AuctionSummaryPage],
  ['get', '/api/v1/secure/auction-management', 'One page of the caller\'s own auctions (ADMIN: every auction), newest start first, without lots but with lotsCount (query status=SCH|RUN|CLD|AWA, toSearch filters on name, plate, brand, model)', 'AUCTIONEER, MULTI_AUCTIONEER, ADMIN', undefined, ManagedAuctionPage],
  ['patch', '/api/v1/secure/auction/{idAuction}/accept-regulation', 'Accept the auction\'s regulation', 'BUYER', undefined, 'none'],
  ['get', '/api/v1/secure/auction/{idAuction}/accepted-regulation', 'Whether the caller accepted it', 'BUYER', undefined, z.object({ accepted: z.boolean() })],
  ['post', '/api/v1/secure/auction/{idAuction}/offer/{idLot}', 'Place an offer. Answered once durable. First offer ≥ basePrice, later ≥ best + minIncrement; clickAndBuy buys at buyNowPrice and closes the lot; an offer within windowSeconds of the end moves it to now + extendSeconds. A retry with the same Idempotency-Key returns the first answer.', 'BUYER (enabled, regulation accepted when required)', PlaceOfferRequest, PlaceOfferResponse],
  ['post', '/api/v1/secure/auction/{idAuction}/observe/{idLot}', 'Observe a lot (query endObservation=true ends it)', 'BUYER', undefined, 'none'],
  ['get', '/api/v1/secure/auction/observed', 'One page of the caller\'s observed lots with their live state and auctionName, in the lots\' creation order (stable while offers arrive)', 'BUYER', undefined, ObservedLotPage],
  ['get', '/api/v1/secure/auction/{idAuction}/lot/{idLot}/bids', 'One page of the bids of a lot for a dealer (`bids`, with `total`, `limit`, `offset`), newest first: amount, placedAt (UTC), clickAndBuy, `mine` for the caller\'s own and, for every other dealer, an anonymous `bidder` number (1, 2, ... by first bid on the lot, the caller left out): never another dealer\'s name or id. With `hasReserve` and `reserveMet` (the best offer meets the reserve; the reserve amount stays hidden). Unknown, withdrawn or other auction\'s lot: 404021.', 'BUYER', undefined, LotBidHistory],
  ['get', '/api/v1/secure/my-bids', 'One page of the lots the caller bid on (auctions not deleted), latest scheduled end first (the auction\'s end, not moved by a lot\'s extension): the lot view with auctionName, myBestOffer, leading and won (awarded to one of the caller\'s offers)', 'BUYER', undefined, MyBidPage],
  ['get', '/api/v1/secure/scheduled-auctions', 'One page of the auctions not started yet (SCH), soonest start first, without their lots but with lotsCount', 'logged in', undefined, AuctionSummaryPage],
  ['patch', '/api/v1/secure/auction/{idAuction}/resize-time', 'Move the end of a scheduled or running auction: while SCH earlier or later (lots follow, at least MIN_AUCTION_SECONDS after the start, else 422030); while RUN only later than its current end (else 409030), and no lot\'s end moves before its current end (its anti-sniping extension is kept)', 'owner, ADMIN', ResizeTimeRequest, AuctionView],
  ['patch', '/api/v1/secure/auction/{idAuction}/auction-message', `Set the auction's own message to dealers, shown with the auction (GET /auction/{idAuction}, auctionFull: message) before they accept its regulation: at most ${AUCTION_MESSAGE_MAX} characters once trimmed, line breaks allowed, no control or bidirectional character (422270); blank clears it; the same message again changes nothing. Only before the auction closes (409009); another's auction 403; unknown 404020`, 'owner, ADMIN', AuctionMessageRequest, AuctionMessageResponse],
  ['patch', '/api/v1/secure/auction/{idAuction}/file-message', 'Upload the auction\'s own regulation document, shown to dealers before they accept its regulation (the auction\'s fileMessage links GET of this path): multipart, one part file, a PDF by content (else 415200), at most 10 MiB (413200), read streaming into the file store; it replaces the previous one (deleted). The owner is checked before the body is read: another\'s auction 403002, unknown 404020; closed (CLD, AWA) 409009; broken multipart or no file 400210, not multipart 415201', 'owner, ADMIN', FileMessageMultipartBody, z.object({ fileMessage: z.string() }), 'multipart/form-data'],
  ['delete', '/api/v1/secure/auction/{idAuction}/file-message', 'Remove the auction\'s own regulation document (its file is deleted); none: nothing changes. Another\'s auction 403002, unknown 404020, closed 409009', 'owner, ADMIN', undefined, 'none'],
  ['get', '/api/v1/secure/auction/{idAuction}/file-message', 'The auction\'s own regulation document (application/pdf, inline, nosniff), to whoever may see the auction. None: 404230; unknown auction 404020', 'logged in', undefined, 'file'],
  ['patch', '/api/v1/secure/auction/{idAuction}/award/{idLot}/{idOffer}', 'Award a closed lot to one of its offers; its vehicle, if any, is then sold to that buyer (VehicleSold, by the lot-outcome reactor, after the answer)', 'owner, ADMIN', undefined, LotView],
  ['patch', '/api/v1/secure/auction/{idAuction}/award', 'Award every TBA lot whose best offer meets its reserve; their vehicles are then sold (lot-outcome reactor)', 'owner, ADMIN', undefined, z.array(LotView)],
  ['post', '/api/v1/secure/auction/{idAuction}/not-award', 'Mark lots not awarded; their vehicles then go back to stock (NOT_AWARDED, lot-outcome reactor). A lot that closes without an offer returns its vehicle too (UNSOLD)', 'owner, ADMIN', NotAwardRequest, z.array(LotView)],
  ['patch', '/api/v1/secure/auction/{idAuction}/revert-award/{idLot}', 'Put a lot back to TBA (not a buy-now); a sale of its vehicle is reverted (VehicleSaleReverted), a vehicle returned to stock after a not-award is put back in the lot in the same append (the vehicles\' rule and decider, as an edit): once it is in another auction or a showcase, or sold, the revert is refused (409201, 409202, 409010) and the lot stays not awarded', 'owner, ADMIN', undefined, LotView],
  ['get', '/api/v1/secure/auction/{idAuction}/auction-offers-report', 'One page of the accepted offers in stored order, each with its lot\'s lotNumber and licensePlate (query limit 1-100, default 50, offset; idLot: only that lot\'s offers, none for a lot not of this auction; create-report gives every offer as a file)', 'owner, ADMIN', undefined, OfferReportPage],
  ['get', '/api/v1/secure/auction/{idAuction}/create-report', 'The offers report as a file (query typeExport=CSV|XLSX, lang=en|it|de|fr|es|nl|pl|pt|be|lu, default the caller\'s preferredLanguage, else en; another lang is 400). One row per accepted offer in stored order: lot number, plate, vehicle (brand model), amount in euros (XLSX: a number; CSV in English: 1234.50 with cells split at `,`; CSV in every other language: 1234,50 with cells split at `;`, as those spreadsheets read them), dealer, time DD/MM/YYYY HH:mm:ss on the wall clock of the auction\'s market (IT Europe/Rome, DE Europe/Berlin, ... OTHER UTC; the zone is in the header), buy now, the lot\'s award status as it concerns this offer (an awarded lot\'s other offers: not awarded, outbid) and winner; headers and texts in that language (Content-Language). The file is named after the auction and the sheet (`Asta Roma - Offerte.csv`; Content-Disposition with an RFC 5987 filename*). CSV is RFC 4180, UTF-8 with a byte-order mark; a text cell starting with =, +, -, @, a tab or a carriage return is written with a leading apostrophe so that no spreadsheet runs it as a formula (XLSX cells are plain text). Every offer, streamed as it is read (a batch at a time, never the whole report in memory: the next batch is read once the client took the last; XLSX written by exceljs\'s streaming workbook writer, CSV by csv-stringify).', 'owner, ADMIN', undefined, 'file'],
  ['get', '/api/v1/secure/purchases', 'One page of what the caller won or bought, newest first (filters: auctionName, channel, frame, fromDate, toDate, idVehicle, licensePlate); each row with the caller\'s rating of it and its idFeedback (null while not rated; an auction is rated once for all its lots won)', 'BUYER', undefined, PurchasePage],
  ['post', '/api/v1/secure/auction/{idAuction}/feedback', `Rate an auction the caller won a lot in (else 422011; an unknown auction, or one of a template the caller is not enabled for, 404020), once: a repeat or a concurrent double submit answers the same idFeedback and changes nothing. Body rating (1-5 whole stars) and idAuctioneer (optional). GET purchases then shows the rating on every lot won there. ${PARTNER_RATING}`, 'BUYER', FeedbackRequest, z.object({ idFeedback: z.string() })],
  ['post', '/api/v1/secure/showcase', 'A new showcase. From loaded vehicles ({idMarket, vehicles: [{idVehicle, price}]}, at most 100): each put in it on its own stream (PutInShowcase), all in one atomic append; only vehicles the caller may put in a showcase (an EXHIBITOR of the provenance\'s dealer, an ADMIN of its market; else 404200 or 403200), published (409203), in stock: one in an auction is 409201, in another showcase 409202 (of two calls at once naming one vehicle, one wins), of a provenance of another market than idMarket 422222. One refused vehicle refuses the call (nothing is listed): the first refusal\'s status and code, details [{field: vehicles.{i}.idVehicle, rule: its code}] for every refused one. Or typed in ({idMarket, vehicles: [{licensePlate, brand, model, price}]}): listed directly, without a record. Optional idTemplate: the showcase sells through that template (selling channel), so only the dealers enabled for it see and buy its vehicles (ROLES.md); it must be one the caller sells through (its own dealer\'s, or an ADMIN of its market; else 404300), enabled (409300), of idMarket (422300)', 'EXHIBITOR, ADMIN', CreateShowcaseRequest, z.object({ idShowcase: z.string(), vehicles: z.array(VehicleView) })],
  ['delete', '/api/v1/secure/showcase/vehicle/{idVehicle}', 'Take one vehicle out of its showcase: a loaded vehicle back to stock (for whoever may put it in a showcase), a typed-in one withdrawn (its showcase\'s owner, an ADMIN). A dealer holds it: 409011; sold: 409010; not in a showcase: 409204; unknown or not seen: 404200', 'EXHIBITOR, ADMIN', undefined, VehicleOutcome],
  ['get', '/api/v1/secure/showcase/mine', 'One page of the caller\'s own showcase vehicles (available, held, sold), newest listing first (limit 1-100, default 50; offset)', 'EXHIBITOR, ADMIN', undefined, VehiclePage],
  ['get', '/api/v1/secure/showcase', 'One page of the catalogue in listing order (query idMarket): for a dealer, the vehicles of the default channel and of the templates it is enabled for', 'logged in', undefined, VehiclePage],
  ['get', '/api/v1/secure/showcase/showcase-full', 'The full showcase of the web client: one page of the catalogue of idMarket (else of every market the caller may see) in listing order, each vehicle with its data and photos; the same answer as GET /api/v1/secure/showcase (limit 1-100, default 50; offset)', 'logged in', undefined, VehiclePage],
  ['get', '/api/v1/secure/showcase/showcase-enabled', 'Whether the showcase lists vehicles the caller may see (query idMarket: of that market; else of any): the client shows its showcase tab then. The same answer as GET /api/v1/mobile/showcase-enabled', 'logged in', undefined, ShowcaseEnabled],
  ['get', '/api/v1/secure/showcase/search-vehicles', 'One page of the catalogue searched (query idMarket, brand, model, licensePlate, maxPrice), in listing order', 'logged in', undefined, VehiclePage],
  ['post', '/api/v1/secure/showcase/add-to-myLot', 'Add vehicles to my lot', 'BUYER', VehicleIdsRequest, z.array(VehicleOutcome)],
  ['delete', '/api/v1/secure/showcase/remove-from-myLot', 'Remove vehicles from my lot (query idVehicles); gives up my hold on them', 'BUYER', undefined, z.array(VehicleOutcome)],
  ['get', '/api/v1/secure/showcase/myLot', 'One page of my lot (bought vehicles included), in listing order', 'BUYER', undefined, VehiclePage],
  ['patch', '/api/v1/secure/showcase/book-myLot', 'Book every vehicle of my lot. Booking rule: a booking holds a vehicle for one dealer for BOOKING_HOLD_SECONDS (default 1800); while held, only that dealer can buy it; a vehicle held by another dealer is skipped; a dealer can book a given vehicle once (a booking is not renewable).', 'BUYER', undefined, z.array(VehicleOutcome)],
  ['put', '/api/v1/secure/showcase/buy', 'Buy vehicles at their price. A vehicle is sold once: of concurrent buys exactly one succeeds; a vehicle held by another dealer cannot be bought.', 'BUYER', VehicleIdsRequest, z.array(VehicleOutcome)],
  ['patch', '/api/v1/secure/showcase/preempt-vehicle', 'Pre-empt one vehicle. Pre-emption rule: a short exclusive hold (PREEMPTION_HOLD_SECONDS, default 300) on a vehicle nobody else holds, to buy it at once without adding it to my lot; once per dealer and vehicle.', 'BUYER', PreemptRequest, VehicleOutcome],
  ['patch', '/api/v1/secure/showcase/accept-regulation', 'Accept the showcase regulation', 'BUYER', undefined, 'none'],
  ['get', '/api/v1/secure/showcase/accepted-regulation', 'Whether the caller accepted it', 'BUYER', undefined, z.object({ accepted: z.boolean() })],
  ['get', '/api/v1/secure/showcase/sold/{id}', 'One page {items, total, limit, offset} of the sold vehicles of a showcase with their buyer (limit 1-100, default 50; offset; sortField price|soldAt|licensePlate, default soldAt; sortOrder asc|desc, default desc; ties by vehicle id). Its exhibitor or an ADMIN of its market only: anyone else, as for an unknown showcase, 404024', 'owner, ADMIN', undefined, SoldVehiclePage],
  ['get', '/api/v1/secure/showcase/user-showcase', 'The staff view of one dealer user\'s showcase activity (screen user-showcase): one page {idUser, username, items, total, limit, offset} of the vehicles the user (query idUser) has in its my lot, holds now (booked or pre-empted: heldByMe, holdUntil, holdKind) or bought (boughtByMe, soldAt), each with its cover photo and data sheet, seen from that user. Query limit 1-100 (default 50), offset, sortField listed|price|licensePlate|brand|holdUntil (default listed: listing order), sortOrder asc|desc (default desc), ties newest listing first. Who sees what: ADMIN and CUSTOMER_CENTER users of their adminEnabledMarket only (another market\'s user: 403021), the vehicles of their markets\' provenances; an EXHIBITOR the vehicles of its own dealer\'s provenances (the vehicles\' one rule) and of the typed-in showcases it owns, whoever the user. Unknown user 404060; not a dealer user (no BUYER role) 422223', 'ADMIN, CUSTOMER_CENTER, EXHIBITOR', undefined, UserShowcasePage],
  ['get', '/api/v1/admin/user-buyer-showcase', 'Whether the showcase is open to a dealer user (query idUser): {idUser, username, flgEnabled}; open by default. Unknown user 404060; not a dealer user (no BUYER role) 422223; a user of a market the caller does not manage 403021. Never cached', 'ADMIN, CUSTOMER_CENTER', undefined, UserBuyerShowcase],
  ['put', '/api/v1/admin/user-buyer-showcase', 'Open (flgEnabled true) or shut (false) the showcase to a dealer user (body idUser, flgEnabled; recorded on the user\'s stream, UserShowcaseAccessChanged; the same state again writes nothing). Shut, the user gets 403440 on every showcase call (web and mobile) but showcase-enabled, which answers {enabled: false}. Answers as GET', 'ADMIN', UserBuyerShowcaseChange, UserBuyerShowcase],
  ['post', '/api/v1/secure/showcase/feedback/{id}', `Rate a showcase vehicle the caller bought (else 422011), once: a repeat or a concurrent double submit answers the same idFeedback and changes nothing. Body rating (1-5 whole stars) and idAuctioneer (optional). ${PARTNER_RATING}`, 'BUYER who bought it', FeedbackRequest, z.object({ idFeedback: z.string() })],
  ['get', '/api/v1/admin/events/stream/{streamId}', 'The events of one stream (auction-, lot-, vehicle-, user-<id>, dealer-<id>) with metadata, one page in stream order: query fromVersion (default 1) and limit (1-1000, default 1000); the next page starts at the last event\'s streamVersion + 1. A user\'s or dealer\'s stream of a market the caller does not manage: 403021', 'ADMIN', undefined, undefined],
  ['get', '/api/v1/admin/events/log', 'A page of the global log (after, limit); only for an administrator of every market (403021 otherwise: the log holds every market\'s dealers and users)', 'ADMIN', undefined, undefined],
  ['post', '/api/v1/admin/read-models/rebuild', 'Rebuild every read model from position 0 beside the live one; swapped in when caught up (202)', 'ADMIN', undefined, undefined],
  ['get', '/api/v1/admin/read-models/rebuild', 'Progress of the last rebuild: state, position, head, events, seconds', 'ADMIN', undefined, undefined],
  ['get', '/api/v1/admin/read-models/status', 'Projection lag, relay lag, whether this instance projects, failed batches, the error of batches failing now, parked events', 'ADMIN', undefined, undefined],
  ['get', '/api/v1/admin/read-models/parked', 'Events the projection failed on and went past (query after, a position, default 0; limit 1-500, default 100): items (position, streamId, type, error, parkedAt) oldest first, and total. The read models lack what those events would have written until they are retried', 'ADMIN', undefined, undefined],
  ['post', '/api/v1/admin/read-models/parked/retry', 'Retry the parked events once the fix that lets them project is deployed: a rebuild projects the whole log again in order and swaps in (202, progress at GET .../rebuild); events that still fail stay parked', 'ADMIN', undefined, undefined],
  ['post', '/api/v1/admin/read-models/projector/stop', 'Stop this instance\'s projection consumer (queries keep serving what is projected)', 'ADMIN', undefined, 'none'],
  ['post', '/api/v1/admin/read-models/projector/start', 'Start it again; it resumes where it stopped', 'ADMIN', undefined, 'none'],
  ['get', '/metrics', 'Prometheus metrics. Not for users: with METRICS_TOKEN set, needs `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); without, answers only clients on the API\'s host that reach it directly (403 otherwise)', 'anyone', undefined, undefined],
  ['get', '/api/v1/admin/mail', 'The mail the embedded catcher caught (SMTP_URL unset: nothing leaves the process), newest first; query `limit` (1-100, default 20), `offset`, `to` (one recipient). With a real relay: `catching` false and no items. An operator tool: a read-only user gets 403020; the single-use links\' tags are masked (`tag=AbCd…`), a link being its addressee\'s alone. Cache-Control: private, no-store.', 'ADMIN', undefined, CaughtMailPageView],
  ['get', '/api/v1/admin/mail/{id}', 'One caught mail with its text and HTML parts (404001 when unknown or pushed out by newer mail; the catcher keeps the last 500). Read-only user: 403020; link tags masked.', 'ADMIN', undefined, CaughtMailView],
  ['get', '/api/health', 'Liveness (always 200 while serving) and the read models\' state: status ok, or degraded while projection batches fail or events are parked; mode; instanceId (INSTANCE_ID); writer { ready, shards, ownedShards } (the auctions\' shards this instance writes); eventStoreReachable (false while the event store does not answer within 2 s, e.g. PostgreSQL down: status degraded, the positions and the projector\'s counts null); headPosition, readModelPosition and readModelLag (the projector\'s, null when Kafka cannot be asked), projector { projecting, failing, failingSince, failedBatches, parkedEvents }', 'anyone', undefined, undefined],
  ['get', '/api/ready', 'Readiness, for a load balancer (deploy/haproxy.cfg checks it): 200 when this instance can serve (its engine index caught up with the log\'s head at the start, the fan-out and the live channel started, its writer ownership known), else 503 with the reasons (engine-catching-up, fanout-not-started, live-not-started, ownership-pending, stopping). Both answers: ready, reasons, instanceId, writer { ready, shards, ownedShards, owned } and engineIndexPosition. Not cached', 'anyone', undefined, ReadinessAnswer],
  ['get', '/api/docs-json', 'This OpenAPI description', 'anyone', undefined, undefined],
  ['get', '/api/docs', 'The OpenAPI description as a Swagger UI page', 'anyone', undefined, undefined],
  ['get', '/api/docs/{file}', 'The Swagger UI page\'s assets', 'anyone', undefined, undefined],
];

/** Every documented route: the core table above, then each context's own table. */
const ROUTES: readonly RouteDoc[] = [
  ...PLATFORM_AND_CORE_ROUTES, ...MOBILE_AND_LOOKUP_ROUTE_DOCS, ...IDENTITY_ROUTE_DOCS, ...DEALERS_CONTEXT_ROUTE_DOCS, ...VEHICLES_ROUTE_DOCS,
  ...VEHICLE_UPLOADS_ROUTE_DOCS, ...COMMUNICATION_ROUTE_DOCS, ...SELLERS_ROUTE_DOCS, ...PARTNERS_ROUTE_DOCS, ...TOP_CMS_ROUTE_DOCS,
  ...PAYMENTS_ROUTE_DOCS,
];

/** The Idempotency-Key header as validation.ts reads it: 1 to 128 characters once the HTTP parser trimmed its spaces. */
const IDEMPOTENCY_KEY = { type: 'string', minLength: 1, maxLength: 128, pattern: '^\\S(.*\\S)?$' };
/** Offsets of a page: the contracts' bound (common.ts). */
const OFFSET_MAX = 1_000_000;
/**
 * POSTs that only read (@ReadOnlyCall: the export and the selection by file): they neither read nor check an
 * Idempotency-Key (a repeat reads again), so none is described (the fuzz's key of 129 characters was answered 200).
 */
const READ_ONLY_POSTS = new Set(['/api/v1/secure/export-vehicle', '/api/v1/secure/select-by-file']);
/**
 * Calls whose body may be left out: export-vehicle takes its filters in the query or as a body (none: every vehicle);
 * the observed-lots searches read a missing body as {} (every auction, the first page). A body that is there is checked.
 */
const BODY_OPTIONAL = new Set(['/api/v1/secure/export-vehicle', '/api/v1/secure/auction/observed', '/api/v1/mobile/auction/observed']);
/** POSTs that start work and answer 202 (rebuilds); the GET of the rebuild's progress answers 200. */
const POSTS_ANSWERING_202 = new Set(['/api/v1/admin/read-models/rebuild', '/api/v1/admin/read-models/parked/retry']);
/** Path parameters as the controllers check them: ids (`Id` of the contracts), a stream id (events.controller.ts), others any text. */
function pathParameterSchema(name: string): object {
  if (name === 'streamId') return { type: 'string', minLength: 1, maxLength: 160, pattern: '^(auction|lot|vehicle|user|dealer)-[A-Za-z0-9_-]+$' };
  if (name === 'id' || /^id[A-Z]/.test(name)) return { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' };
  return { type: 'string', pattern: NO_NUL };
}

/** A query's fields as OpenAPI query parameters (a field that may be written twice: an array, sent as `a=1&a=2`). */
function queryParameters(query: z.ZodType): { name: string; in: 'query'; required: boolean; schema: object; style?: 'form'; explode?: true }[] {
  const json = schema(query) as { properties?: Record<string, object>; required?: string[] };
  // Fields that depend on each other (cross-field-rules.ts): one object parameter, exploded (the same `a=1&b=2`).
  if (CROSS_FIELD_RULES.has(query)) {
    const { $schema: _, ...object } = json as Record<string, unknown>;
    return [{ name: 'query', in: 'query', required: true, style: 'form', explode: true, schema: cleanText(object) }];
  }
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({ name, in: 'query' as const, required: (json.required ?? []).includes(name), schema: cleanText(s) }));
}

const schema = (s: z.ZodType) => boundNumbers(jsonSchemaOf(s));
const jsonSchemaOf = (s: unknown) => z.toJSONSchema(s as z.ZodType, { io: 'input', unrepresentable: 'any', override: describeRules }) as Record<string, unknown>;

/** The rule of an amount of euros as JSON Schema states it (the contracts' refinement is what checks it). */
const AMOUNT = { maximum: 100_000_000, multipleOf: 0.01 } as const;
type ZodCheck = { _zod: { def: { check: string; format?: string; value?: number; inclusive?: boolean; tx?: (v: unknown) => unknown; fn?: unknown } } };
type ZodNode = { _zod: { def: { type: string; in?: ZodNode; out?: ZodNode; checks?: ZodCheck[] } } };

/**
 * What the contracts check beyond what JSON Schema reads from them, stated here rather than with `.meta()` in the
 * contracts: a `.meta()` registers each schema in zod's global registry when its module loads, which keeps the web
 * client's bundles from dropping the schemas they do not use (the portal's script grew from 241 KB to 461 KB with it).
 * Money (a refinement) gets its bounds and cents; a query's digits read as a number (QueryInt, QueryMoney: a string
 * piped into a number) are described as that number with its bounds.
 */
function describeRules(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  const node = ctx.zodSchema as ZodNode;
  const related = CROSS_FIELD_RULES.get(ctx.zodSchema);
  if (related) Object.assign(ctx.jsonSchema, related);
  // A list refined with `distinct` (no value twice): JSON Schema's uniqueItems.
  if (node._zod?.def.type === 'array' && (node._zod.def.checks ?? []).some(({ _zod: { def: c } }) => c.fn === distinct)) ctx.jsonSchema.uniqueItems = true;
  const inner = node._zod?.def.type === 'pipe' && node._zod.def.in?._zod.def.type === 'pipe' ? node._zod.def.in._zod.def.in : undefined;
  if (node._zod?.def.type === 'string') describeText(node, ctx.jsonSchema);
  if (ctx.zodSchema === Day) ctx.jsonSchema.format = 'date';
  // The registration's JSON text (registration.service.ts: not JSON, a key twice or an inexact number is 400; then the
  // registration's rules, 422): described as a JSON object of at most one key, so that any text it allows is JSON.
  if (ctx.zodSchema === SignUpMultipartBody.shape.dealerFullDTO) {
    Object.assign(ctx.jsonSchema, { contentMediaType: 'application/json', pattern: '^\\{("[A-Za-z]{1,40}":("[A-Za-z0-9 .@-]{0,100}"|true|false|null))?\\}$' });
  }
  // A person's name (profile.ts): no unsafe character (hasUnsafeCharacter) and a letter (\\p{L}, described by the
  // Latin ones: no generator reads \\p{...}).
  if (ctx.zodSchema === PersonName) ctx.jsonSchema.pattern = `^[^${UNSAFE}]*[A-Za-z][^${UNSAFE}]*$`;
  if (node._zod?.def.type === 'pipe' && node._zod.def.out?._zod.def.type === 'string' && ctx.jsonSchema.type === 'string' && ctx.jsonSchema.pattern === undefined) {
    // A text checked once trimmed (`.trim().pipe(z.email())`): the check's pattern and format are the text's.
    const { pattern, format } = jsonSchemaOf(node._zod.def.out);
    if (pattern !== undefined) Object.assign(ctx.jsonSchema, { pattern }, format === undefined ? {} : { format });
  }
  if (ctx.zodSchema === Money) Object.assign(ctx.jsonSchema, AMOUNT, { minimum: 0.01 });
  else if (ctx.zodSchema === MoneyOrZero) Object.assign(ctx.jsonSchema, AMOUNT, { minimum: 0 });
  else if (inner?._zod.def.type === 'union' && node._zod.def.out?._zod.def.type === 'array') {
    // A list in a query (IdList and the like: a text, comma separated, or the parameter repeated) is the list it is
    // read as: the array after the pipe, each item as checked (no empty or blank item, no over-long id).
    const out = jsonSchemaOf(node._zod.def.out);
    delete out.$schema;
    // A list that may be empty drops its empty and blank items (`ids=`: none), so those are described too.
    const item = out.items as Record<string, unknown> | undefined;
    if (out.minItems === undefined && item?.pattern === '^[A-Za-z0-9_-]+$') {
      out.items = { type: 'string', maxLength: item.maxLength, pattern: `^[${TRIMMED}]*([A-Za-z0-9_-]+[${TRIMMED}]*)?$` };
    }
    for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
    Object.assign(ctx.jsonSchema, out, ctx.zodSchema === IdList ? { uniqueItems: true } : {});
  }
  else if (node._zod?.def.type === 'pipe' && node._zod.def.in?._zod.def.type === 'pipe') {
    const out = node._zod.def.out;
    if (out === (Money as unknown)) Object.assign(ctx.jsonSchema, { type: 'number', minimum: 0.01, ...AMOUNT });
    else if (out?._zod.def.type === 'number') {
      const rules: Record<string, unknown> = { type: 'number' };
      for (const { _zod: { def: c } } of out._zod.def.checks ?? []) {
        if (c.check === 'number_format' && (c.format === 'safeint' || c.format === 'int32')) rules.type = 'integer';
        if (c.check === 'greater_than') rules[c.inclusive ? 'minimum' : 'exclusiveMinimum'] = c.value;
        if (c.check === 'less_than') rules[c.inclusive ? 'maximum' : 'exclusiveMaximum'] = c.value;
      }
      Object.assign(ctx.jsonSchema, rules);
    }
  }
}

/**
 * What `String.prototype.trim` removes (JavaScript's \\s), written out: Python's \\s, which the fuzzer's generator
 * reads, is another set (it has U+001C-U+001F and U+0085, not U+FEFF).
 */
const TRIMMED = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
/** The characters hasUnsafeCharacter refuses (libs/domain, unsafe-text.ts), lone surrogates aside. */
const UNSAFE = '\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
/** A text of at least `min` characters once trimmed: its first and last characters that are not blanks that far apart. */
const notBlank = (min: number) => (min === 1 ? `[^${TRIMMED}]` : `[^${TRIMMED}][\\s\\S]{${min - 2},}[^${TRIMMED}]`);
/**
 * A string the contracts trim before their length check (`.trim().min(1)`): JSON Schema's minLength counts the
 * blanks, so a text of blanks would pass it and be refused; the pattern says what is left once trimmed.
 */
function describeText(node: ZodNode, json: Record<string, unknown>): void {
  const trims = (node._zod.def.checks ?? []).some(({ _zod: { def: c } }) => c.check === 'overwrite' && c.tx?.(' x ') === 'x');
  if (!trims || typeof json.minLength !== 'number' || json.minLength < 1) return;
  if (json.pattern === undefined) json.pattern = notBlank(json.minLength);
  // A pattern that already refuses blanks (an id's) needs no second one: the generator would filter for both.
  else if (new RegExp(String(json.pattern), 'u').test(' '.repeat(json.minLength))) json.allOf = [...((json.allOf as unknown[]) ?? []), { pattern: notBlank(json.minLength) }];
}

/**
 * A plain value as the exact JSON reading takes it (exact-json.ts): text without NUL, true/false, null, or a number of
 * at most 15 integer digits and 2 decimals.
 */
const JSON_VALUE = {
  type: ['string', 'boolean', 'null', 'number'], pattern: '^[^\\u0000]*$',
  minimum: -999_999_999_999_999, maximum: 999_999_999_999_999, multipleOf: 0.01,
};
/**
 * A value under a key a call does not name (it ignores it): a plain value, or a list or an object of such values at any
 * depth (components.schemas.IgnoredJsonValue, recursive), every string and key read as every body is. Described whole:
 * with plain values only, {"": {}} was "invalid" by the description and taken by the call (the fuzz's ST201).
 */
const IGNORED_VALUE = { $ref: '#/components/schemas/IgnoredJsonValue' };
/**
 * The name of a key a call does not name: without NUL (validation.ts checks keys as it checks values), and never
 * `__proto__` (Fastify's JSON parser refuses it: 400, whatever the call).
 */
const JSON_KEY = { pattern: '^[^\\u0000]*$', not: { const: '__proto__' } };
/**
 * A JSON body's schema: keys a call does not name are ignored (an object of the contracts that is not strict, or
 * loose), but the whole body is read as exact-json.ts reads every body, so their values are described (JSON_VALUE).
 */
function exactBody<T>(node: T): T {
  if (Array.isArray(node)) return node.map(exactBody) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, exactBody(v)]));
  const open = out.additionalProperties === undefined || (typeof out.additionalProperties === 'object' && Object.keys(out.additionalProperties as object).length === 0);
  if (out.type === 'object' && open) Object.assign(out, { additionalProperties: IGNORED_VALUE, propertyNames: JSON_KEY });
  return out as T;
}
/** Text without NUL, as validation.ts reads every string of a body, query or path (400). */
const NO_NUL = '^[^\\u0000]*$';
/** Every string of a request's schema without NUL, unless its own pattern, enum or const already says what it is. */
function cleanText<T>(node: T): T {
  if (Array.isArray(node)) return node.map(cleanText) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === 'enum' || k === 'const' ? v : cleanText(v)]));
  const isText = [out.type].flat().includes('string');
  if (isText && out.pattern === undefined && out.enum === undefined && out.const === undefined) out.pattern = NO_NUL;
  // A pattern that may let NUL through (a negated class, `.`, \s\S: a trimmed text's "not blank", a link) gets the
  // rule beside it (the fuzz sent a dealer's postalCode "\u0000", not blank, refused); one that lists the characters
  // it takes leaves NUL out already.
  else if (isText && typeof out.pattern === 'string' && out.pattern !== NO_NUL && /\[\^|\.|\\[sSDWP]/.test(out.pattern)) {
    const rules = (out.allOf as { pattern?: string }[] | undefined) ?? [];
    if (!rules.some((r) => r.pattern === NO_NUL)) out.allOf = [...rules, { pattern: NO_NUL }];
  }
  return out as T;
}
/** A multipart form's schema: every reader of this API refuses a part it does not name (400, unknownPart). */
const closedForm = (json: Record<string, unknown>) => ({ ...json, additionalProperties: json.additionalProperties ?? false });
/** The largest number a JSON body may carry: more than 15 integer digits is 400031 (exact-json.ts). */
const NUMBER_MAX = 999_999_999_999_999;
/** Every number of a schema within ±{@link NUMBER_MAX} unless it has its own bounds, in cents, as the exact JSON reading refuses the rest. */
function boundNumbers<T>(node: T): T {
  if (Array.isArray(node)) return node.map(boundNumbers) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, boundNumbers(v)]));
  const types = [out.type].flat();
  if (types.includes('number') || types.includes('integer')) {
    // zod's own bounds of an integer are the safe integers (2^53 - 1: 16 digits): beyond what the reading takes.
    if (out.exclusiveMaximum === undefined) out.maximum = Math.min(Number(out.maximum ?? NUMBER_MAX), NUMBER_MAX);
    if (out.exclusiveMinimum === undefined) out.minimum = Math.max(Number(out.minimum ?? -NUMBER_MAX), -NUMBER_MAX);
    // No number of a request has more than 2 decimals (money has cents): exact-json.ts.
    if (types.includes('number') && out.multipleOf === undefined) out.multipleOf = 0.01;
  }
  return out as T;
}

/** The refusals of the two login calls besides a wrong password (login-protection.ts). */
const LOGIN_REFUSALS: Record<string, string> = {
  '403': 'a browser page of another origin (403003)',
  '415': 'the body is not application/json (415001)',
  '429': 'too many failed logins for this user or from this address, or too many login calls from this address (429001); `Retry-After` gives the seconds to wait',
};

/** Answers that are one page of a list: their calls take `limit` and `offset`. */
const PAGED = new Set<unknown>([LotBasePage, AuctionLotsView, SoldVehiclePage, AuctionSummaryPage, ManagedAuctionPage, MyBidPage, ObservedLotPage, OfferReportPage, PurchasePage, VehiclePage, LotBidHistory, UserShowcasePage]);
const PAGE_PARAMETERS = [
  { name: 'limit', in: 'query', required: false, description: `items of the page, at most ${PAGE_MAX} (more: 400)`, schema: { type: 'integer', minimum: 1, maximum: PAGE_MAX, default: PAGE_DEFAULT } },
  { name: 'offset', in: 'query', required: false, description: `items skipped, at most ${OFFSET_MAX}`, schema: { type: 'integer', minimum: 0, maximum: OFFSET_MAX, default: 0 } },
];

/** The OpenAPI 3.1 description of the API, built from the contracts' zod schemas. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [method, path, summary, roles, body, answer, bodyMediaType] of ROUTES) {
    const params: object[] = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: pathParameterSchema(m[1]!) }));
    // The call's query (route-queries.ts), field by field; its own limit and offset replace the page's defaults below.
    const query = ROUTE_QUERIES[`${method.toUpperCase()} ${path}`];
    const queryParams = query ? queryParameters(query) : [];
    // A call whose body carries the page (POST auction/observed: limit, offset in ObservedSearchRequest) takes none in its query.
    const bodyShape = (body as { shape?: Record<string, unknown> } | undefined)?.shape;
    const pageInBody = !!bodyShape && ('limit' in bodyShape || 'offset' in bodyShape);
    if (PAGED.has(answer) && !pageInBody) {
      // An auction's lots: a page of PAGE_MAX unless asked for fewer.
      params.push(...(answer === AuctionLotsView ? PAGE_PARAMETERS.map((p) => (p.name === 'limit' ? { ...p, schema: { ...p.schema, default: PAGE_MAX } } : p)) : PAGE_PARAMETERS)
        .filter((p) => !queryParams.some((q) => q.name === p.name)));
    }
    params.push(...queryParams);
    // The payment provider's notification is signed (payments.routes.ts): a missing or wrong signature is 401520.
    if (path === '/api/v1/open/payment-notification') params.push({ name: 'x-payment-signature', in: 'header', required: true, description: 'hex HMAC-SHA256 of the notification', schema: { type: 'string', pattern: '^[0-9a-f]{64}$' } });
    const ok = path.startsWith('/api/v1/open/sso/') ? '302' : method === 'post' && POSTS_ANSWERING_202.has(path) ? '202'
      : method === 'post' && answer !== 'none' && !POSTS_ANSWERING_200.has(path) ? '201' : answer === 'none' ? '204' : '200';
    const responses: Record<string, unknown> = {
      [ok]: ok === '302' ? { description: 'redirect (Location)' } : answer === 'none' || answer === undefined ? { description: 'done' }
        : answer === 'file' ? { description: 'file or list' } : { description: 'ok', content: { 'application/json': { schema: schema(answer) } } },
      '4XX': { description: 'error with a numeric errorCode', content: { 'application/json': { schema: schema(ErrorBody) } } },
    };
    if (path === '/api/ready') responses['503'] = { description: 'not ready: the reasons', content: { 'application/json': { schema: schema(ReadinessAnswer) } } };
    // The demo payment provider's pages (payments.routes.ts): a token not open is a 404 HTML page, the buttons redirect (303).
    if (path.startsWith('/api/v1/open/demo-payments/')) {
      responses['404'] = { description: 'token unknown, used or expired: an HTML page, header x-error-code 404422', content: { 'text/html': { schema: { type: 'string' } } } };
      if (method === 'post') responses['303'] = { description: 'to the web client\'s payment outcome page (Location)' };
    }
    if (path === '/api/v1/open/login' || path === '/api/v1/mobile/token') {
      for (const [status, description] of Object.entries(LOGIN_REFUSALS)) responses[status] = { description, content: { 'application/json': { schema: schema(ErrorBody) } } };
    }
    // Only the routes marked @Public() in the code are open (checked against the controllers by route-table.unit.spec.ts).
    const secured = roles !== 'anyone';
    const tokenOnly = path.startsWith('/api/v1/mobile/');
    (paths[path] ??= {})[method] = {
      summary, description: `Who: ${roles}.`, 'x-roles': rolesOf([method, path, summary, roles]), parameters: [...params, ...((method === 'get' && path !== MOBILE_OFFER_PATH) || READ_ONLY_POSTS.has(path) ? [] : [{ name: 'Idempotency-Key', in: 'header', required: false, schema: IDEMPOTENCY_KEY }])],
      ...(body ? { requestBody: { required: !BODY_OPTIONAL.has(path), content: { [bodyMediaType ?? 'application/json']: { schema: bodyMediaType ? closedForm(schema(body)) : exactBody(cleanText(schema(body))) } } } } : {}),
      responses, ...(secured ? { security: tokenOnly ? [{ token: [] }] : [{ token: [] }, { session: [] }] } : {}),
    };
  }
  const codes = { ...ERROR_CODES, ...API_ERROR_CODES };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vehicle auction portal API', version: '0.1.0',
      description: `Live auctions and showcase for professional vehicle dealers. ${INPUT_RULES} ${TIME_RULES} Live channel: MQTT over WebSocket at /mqtt (username and, as password, the live token of GET /api/v1/secure/live-credentials or the mobile app's token; the connection is closed when that token expires or its session ends; topics auction/{idAuction}/lot/{idLot}, auction/{idAuction}, user/{idUser}/outbid; retained, QoS 1, subscribe only) and socket.io namespace /live (auth.token: the same tokens; emit subscribe {idAuction}, receive lot and auction; disconnected like MQTT). State-changing calls from a browser page of another origin are refused (403, 403003; ALLOWED_ORIGINS lists the exceptions). ${WHO_SEES_SALES} Errors: \`{errorCode, errorMsg, details}\`; codes: ${Object.entries(codes).map(([k, v]) => `${v} ${k}`).join(', ')}.\n\n## Role matrix\n\nWho may call each secured call (\`x-roles\` of each operation says the same). ✓: any target; own: only the caller's own targets (its auction, showcase, dealer, purchase); mkt: only dealers and users of the caller's adminEnabledMarket. Roles: USER (every account), ADMIN and CUSTOMER_CENTER (the back-office; a read-only-flagged user only reads: 403020 on every change), AUCTIONEER and MULTI_AUCTIONEER (run auctions), LOADER (loads vehicles), EXHIBITOR (lists showcase vehicles), BUYER (bids and buys), VISITOR (views only: never bids or buys).\n\n${roleMatrixMarkdown(ROUTES)}`,
    },
    components: {
      schemas: {
        IgnoredJsonValue: { anyOf: [JSON_VALUE, { type: 'array', items: IGNORED_VALUE }, { type: 'object', additionalProperties: IGNORED_VALUE, propertyNames: JSON_KEY }] },
      },
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        session: { type: 'apiKey', in: 'cookie', name: 'SESSION', description: 'non-GET calls also need header X-XSRF-TOKEN equal to the XSRF-TOKEN cookie' },
      },
    },
    paths,
  };
}
