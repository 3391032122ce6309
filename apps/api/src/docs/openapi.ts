import { z } from 'zod';
import {
  AuctionView, CreateAuctionRequest, ManagedAuction, CreateShowcaseRequest, EditAuctionRequest, ErrorBody, FeedbackRequest, LoginRequest, LotView,
  NotAwardRequest, OfferReportRow, PlaceOfferRequest, PlaceOfferResponse, PreemptRequest, PurchaseRow, ResizeTimeRequest,
  LiveCredentials, ServerTime, TokenResponse, UserProfile, VehicleIdsRequest, VehicleOutcome, VehicleView,
} from '@auction/contracts';
import { ERROR_CODES } from '@auction/domain';
import { API_ERROR_CODES } from '@auction/contracts';

type Route = [method: string, path: string, summary: string, roles: string, body?: z.ZodType, answer?: z.ZodType | 'file' | 'none'];

const ROUTES: Route[] = [
  ['post', '/api/v1/open/login', 'Log in: sets the SESSION and XSRF-TOKEN cookies', 'anyone', LoginRequest, UserProfile],
  ['post', '/api/v1/mobile/token', 'Log in for the mobile app: a token for the `token` header', 'anyone', LoginRequest, TokenResponse],
  ['post', '/api/v1/secure/logout', 'End the session', 'logged in', undefined, 'none'],
  ['get', '/api/v1/secure/user', 'The caller\'s profile', 'logged in', undefined, UserProfile],
  ['get', '/api/v1/secure/time', 'Server time, for clock sync', 'logged in', undefined, ServerTime],
  ['get', '/api/v1/secure/logged', 'The caller\'s profile (the web client\'s session check)', 'logged in', undefined, UserProfile],
  ['get', '/api/v1/mobile/user', 'The caller\'s profile (mobile app)', 'logged in (token header)', undefined, UserProfile],
  ['get', '/api/v1/mobile/time', 'Server time, for clock sync (mobile app)', 'logged in (token header)', undefined, ServerTime],
  ['get', '/api/v1/secure/live-credentials', 'Credentials of the live channel for a browser (its session cookie is http-only): MQTT over WebSocket at `path` with this username and password, a live token: subscribe-only (refused as an API credential), ended by the logout of the session it came from, valid until `expiresAt` (LIVE_TOKEN_TTL_SECONDS, default 600; `expiresIn` seconds): ask again before then and reconnect with the new one. Only a session (cookie or token header) obtains one. Not cached.', 'logged in', undefined, LiveCredentials],
  ['post', '/api/v1/secure/auction', 'Create an auction (SCH, or RUN when its start is past). `extension` defaults to 60 s window / 60 s extension; windowSeconds 0 turns it off. An Idempotency-Key makes a retry return the same auction.', 'AUCTIONEER, MULTI_AUCTIONEER, ADMIN', CreateAuctionRequest, AuctionView],
  ['put', '/api/v1/secure/auction', 'Edit a scheduled auction (lots with a known idLot are edited, new ones added, missing ones withdrawn)', 'owner, ADMIN', EditAuctionRequest, AuctionView],
  ['get', '/api/v1/secure/auction/{idAuction}', 'An auction with its lots', 'logged in', undefined, AuctionView],
  ['delete', '/api/v1/secure/auction/{idAuction}', 'Delete a scheduled auction', 'owner, ADMIN', undefined, 'none'],
  ['get', '/api/v1/secure/auctionFull', 'An auction with the caller\'s myBestOffer, leading and observed per lot (query idAuction)', 'logged in', undefined, AuctionView],
  ['get', '/api/v1/secure/running-auctions', 'Running auctions (query toSearch filters on name, plate, brand, model)', 'logged in', undefined, z.array(AuctionView)],
  ['get', '/api/v1/secure/running-auctions/search', 'Running auctions matching toSearch (name, plate, brand, model)', 'logged in', undefined, z.array(AuctionView)],
  ['get', '/api/v1/secure/auction-management', 'The caller\'s own auctions (ADMIN: every auction), newest start first, without lots but with lotsCount (query status=SCH|RUN|CLD|AWA, toSearch filters on name, plate, brand, model)', 'AUCTIONEER, MULTI_AUCTIONEER, ADMIN', undefined, z.array(ManagedAuction)],
  ['patch', '/api/v1/secure/auction/{idAuction}/accept-regulation', 'Accept the auction\'s regulation', 'BUYER', undefined, 'none'],
  ['get', '/api/v1/secure/auction/{idAuction}/accepted-regulation', 'Whether the caller accepted it', 'BUYER', undefined, z.object({ accepted: z.boolean() })],
  ['post', '/api/v1/secure/auction/{idAuction}/offer/{idLot}', 'Place an offer. Answered once durable. First offer ≥ basePrice, later ≥ best + minIncrement; clickAndBuy buys at buyNowPrice and closes the lot; an offer within windowSeconds of the end moves it to now + extendSeconds. A retry with the same Idempotency-Key returns the first answer.', 'BUYER (enabled, regulation accepted when required)', PlaceOfferRequest, PlaceOfferResponse],
  ['post', '/api/v1/secure/auction/{idAuction}/observe/{idLot}', 'Observe a lot (query endObservation=true ends it)', 'BUYER', undefined, 'none'],
  ['get', '/api/v1/secure/auction/observed', 'Observed lots with their live state', 'BUYER', undefined, z.array(LotView)],
  ['patch', '/api/v1/secure/auction/{idAuction}/resize-time', 'Move the end of a scheduled or running auction (end not before start)', 'owner, ADMIN', ResizeTimeRequest, AuctionView],
  ['patch', '/api/v1/secure/auction/{idAuction}/award/{idLot}/{idOffer}', 'Award a closed lot to one of its offers', 'owner, ADMIN', undefined, LotView],
  ['patch', '/api/v1/secure/auction/{idAuction}/award', 'Award every TBA lot whose best offer meets its reserve', 'owner, ADMIN', undefined, z.array(LotView)],
  ['post', '/api/v1/secure/auction/{idAuction}/not-award', 'Mark lots not awarded', 'owner, ADMIN', NotAwardRequest, z.array(LotView)],
  ['patch', '/api/v1/secure/auction/{idAuction}/revert-award/{idLot}', 'Put a lot back to TBA (not a buy-now)', 'owner, ADMIN', undefined, LotView],
  ['get', '/api/v1/secure/auction/{idAuction}/auction-offers-report', 'Every accepted offer in stored order', 'owner, ADMIN', undefined, z.array(OfferReportRow)],
  ['get', '/api/v1/secure/auction/{idAuction}/create-report', 'The offers report as a file (query typeExport=CSV|XLSX)', 'owner, ADMIN', undefined, 'file'],
  ['get', '/api/v1/secure/purchases', 'What the caller won or bought (filters: auctionName, channel, frame, fromDate, toDate, idVehicle, licensePlate)', 'BUYER', undefined, z.array(PurchaseRow)],
  ['post', '/api/v1/secure/auction/{idAuction}/feedback', 'Rate an auction the caller won in (once)', 'BUYER', FeedbackRequest, z.object({ idFeedback: z.string() })],
  ['post', '/api/v1/secure/showcase', 'List vehicles in a new showcase', 'EXHIBITOR, ADMIN', CreateShowcaseRequest, z.object({ idShowcase: z.string(), vehicles: z.array(VehicleView) })],
  ['get', '/api/v1/secure/showcase', 'The catalogue (query idMarket)', 'logged in', undefined, z.array(VehicleView)],
  ['get', '/api/v1/secure/showcase/search-vehicles', 'Search the catalogue', 'logged in', undefined, z.array(VehicleView)],
  ['post', '/api/v1/secure/showcase/add-to-myLot', 'Add vehicles to my lot', 'BUYER', VehicleIdsRequest, z.array(VehicleOutcome)],
  ['delete', '/api/v1/secure/showcase/remove-from-myLot', 'Remove vehicles from my lot (query idVehicles); gives up my hold on them', 'BUYER', undefined, z.array(VehicleOutcome)],
  ['get', '/api/v1/secure/showcase/myLot', 'My lot', 'BUYER', undefined, z.array(VehicleView)],
  ['patch', '/api/v1/secure/showcase/book-myLot', 'Book every vehicle of my lot. Booking rule: a booking holds a vehicle for one dealer for BOOKING_HOLD_SECONDS (default 1800); while held, only that dealer can buy it; a vehicle held by another dealer is skipped; a dealer can book a given vehicle once (a booking is not renewable).', 'BUYER', undefined, z.array(VehicleOutcome)],
  ['put', '/api/v1/secure/showcase/buy', 'Buy vehicles at their price. A vehicle is sold once: of concurrent buys exactly one succeeds; a vehicle held by another dealer cannot be bought.', 'BUYER', VehicleIdsRequest, z.array(VehicleOutcome)],
  ['patch', '/api/v1/secure/showcase/preempt-vehicle', 'Pre-empt one vehicle. Pre-emption rule: a short exclusive hold (PREEMPTION_HOLD_SECONDS, default 300) on a vehicle nobody else holds, to buy it at once without adding it to my lot; once per dealer and vehicle.', 'BUYER', PreemptRequest, VehicleOutcome],
  ['patch', '/api/v1/secure/showcase/accept-regulation', 'Accept the showcase regulation', 'BUYER', undefined, 'none'],
  ['get', '/api/v1/secure/showcase/accepted-regulation', 'Whether the caller accepted it', 'BUYER', undefined, z.object({ accepted: z.boolean() })],
  ['get', '/api/v1/secure/showcase/sold/{id}', 'Sold vehicles of a showcase (limit, offset, sortField, sortOrder)', 'owner, ADMIN', undefined, undefined],
  ['post', '/api/v1/secure/showcase/feedback/{id}', 'Rate a showcase purchase (once)', 'BUYER who bought it', FeedbackRequest, z.object({ idFeedback: z.string() })],
  ['get', '/api/v1/admin/events/stream/{streamId}', 'The events of one stream (auction-, lot-, vehicle-, user-<id>) with metadata', 'ADMIN', undefined, undefined],
  ['get', '/api/v1/admin/events/log', 'A page of the global log (after, limit)', 'ADMIN', undefined, undefined],
  ['post', '/api/v1/admin/read-models/rebuild', 'Rebuild every read model from position 0 beside the live one; swapped in when caught up (202)', 'ADMIN', undefined, undefined],
  ['get', '/api/v1/admin/read-models/rebuild', 'Progress of the last rebuild: state, position, head, events, seconds', 'ADMIN', undefined, undefined],
  ['get', '/api/v1/admin/read-models/status', 'Projection lag, relay lag and whether this instance projects', 'ADMIN', undefined, undefined],
  ['post', '/api/v1/admin/read-models/projector/stop', 'Stop this instance\'s projection consumer (queries keep serving what is projected)', 'ADMIN', undefined, 'none'],
  ['post', '/api/v1/admin/read-models/projector/start', 'Start it again; it resumes where it stopped', 'ADMIN', undefined, 'none'],
  ['get', '/metrics', 'Prometheus metrics. Not for users: with METRICS_TOKEN set, needs `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); without, answers only clients on the API\'s host that reach it directly (403 otherwise)', 'anyone', undefined, undefined],
  ['get', '/api/health', 'Liveness and read-model lag', 'anyone', undefined, undefined],
  ['get', '/api/docs-json', 'This OpenAPI description', 'anyone', undefined, undefined],
  ['get', '/api/docs', 'The OpenAPI description as a Swagger UI page', 'anyone', undefined, undefined],
  ['get', '/api/docs/{file}', 'The Swagger UI page\'s assets', 'anyone', undefined, undefined],
];

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });

/** The refusals of the two login calls besides a wrong password (login-protection.ts). */
const LOGIN_REFUSALS: Record<string, string> = {
  '403': 'a browser page of another origin (403003)',
  '415': 'the body is not application/json (415001)',
  '429': 'too many failed logins for this user or from this address, or too many login calls from this address (429001); `Retry-After` gives the seconds to wait',
};

/** The OpenAPI 3.1 description of the API, built from the contracts' zod schemas. */
export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [method, path, summary, roles, body, answer] of ROUTES) {
    const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const ok = method === 'post' && answer !== 'none' ? '201' : answer === 'none' ? '204' : '200';
    const responses: Record<string, unknown> = {
      [ok]: answer === 'none' || answer === undefined ? { description: 'done' }
        : answer === 'file' ? { description: 'file or list' } : { description: 'ok', content: { 'application/json': { schema: schema(answer) } } },
      '4XX': { description: 'error with a numeric errorCode', content: { 'application/json': { schema: schema(ErrorBody) } } },
    };
    if (path === '/api/v1/open/login' || path === '/api/v1/mobile/token') {
      for (const [status, description] of Object.entries(LOGIN_REFUSALS)) responses[status] = { description, content: { 'application/json': { schema: schema(ErrorBody) } } };
    }
    // Only the routes marked @Public() in the code are open (checked against the controllers by route-table.unit.spec.ts).
    const secured = roles !== 'anyone';
    const tokenOnly = path.startsWith('/api/v1/mobile/');
    (paths[path] ??= {})[method] = {
      summary, description: `Who: ${roles}.`, parameters: [...params, ...(method === 'get' || method === 'delete' ? [] : [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 128 } }])],
      ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(body) } } } } : {}),
      responses, ...(secured ? { security: tokenOnly ? [{ token: [] }] : [{ token: [] }, { session: [] }] } : {}),
    };
  }
  const codes = { ...ERROR_CODES, ...API_ERROR_CODES };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Vehicle auction portal API', version: '0.1.0',
      description: `Live auctions and showcase for professional vehicle dealers. Live channel: MQTT over WebSocket at /mqtt (username and, as password, the live token of GET /api/v1/secure/live-credentials or the mobile app's token; the connection is closed when that token expires or its session ends; topics auction/{idAuction}/lot/{idLot}, auction/{idAuction}, user/{idUser}/outbid; retained, QoS 1, subscribe only) and socket.io namespace /live (auth.token: the same tokens; emit subscribe {idAuction}, receive lot and auction; disconnected like MQTT). State-changing calls from a browser page of another origin are refused (403, 403003; ALLOWED_ORIGINS lists the exceptions). Errors: \`{errorCode, errorMsg, details}\`; codes: ${Object.entries(codes).map(([k, v]) => `${v} ${k}`).join(', ')}.`,
    },
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'token' },
        session: { type: 'apiKey', in: 'cookie', name: 'SESSION', description: 'non-GET calls also need header X-XSRF-TOKEN equal to the XSRF-TOKEN cookie' },
      },
    },
    paths,
  };
}
