// Calls of the auction API used by the scenarios. Every secure call carries the login token in the `token` header
// (from POST /api/v1/mobile/token): no cookies, no XSRF header.
import http from 'k6/http';
import { BASE_URL, PASSWORD } from './config.js';

const JSON_HEADERS = { 'Content-Type': 'application/json' };

// Refusals (409/422) are answers the API defines, not failures: http_req_failed counts only the rest.
http.setResponseCallback(http.expectedStatuses(200, 201, 204, 409, 422));

function fail(what, res) {
  const body = res.body ? String(res.body).slice(0, 300) : '';
  throw new Error(`${what}: HTTP ${res.status} ${res.error || ''} ${body}`.trim());
}

function auth(token, extra) {
  return { headers: { ...JSON_HEADERS, token, ...(extra || {}) } };
}

/** Logs one user in; returns the token. */
export function login(username, password = PASSWORD) {
  const res = http.post(`${BASE_URL}/api/v1/mobile/token`, JSON.stringify({ username, password }), {
    headers: JSON_HEADERS, tags: { name: 'POST /mobile/token' },
  });
  if (res.status !== 200) fail(`login ${username}`, res);
  return res.json('token');
}

/**
 * Logs many users in, `parallel` at a time (the server hashes each password with scrypt: logins are CPU-bound,
 * which is why scenarios log in once in setup() and hand the tokens to the VUs). Returns `{username: token}`.
 */
export function loginAll(usernames, password = PASSWORD, parallel = 25) {
  const tokens = {};
  for (let i = 0; i < usernames.length; i += parallel) {
    const chunk = usernames.slice(i, i + parallel);
    const answers = http.batch(chunk.map((username) => ({
      method: 'POST', url: `${BASE_URL}/api/v1/mobile/token`, body: JSON.stringify({ username, password }),
      params: { headers: JSON_HEADERS, tags: { name: 'POST /mobile/token' }, timeout: '120s' },
    })));
    answers.forEach((res, j) => {
      if (res.status !== 200) fail(`login ${chunk[j]} (is DEMO_DEALERS high enough?)`, res);
      tokens[chunk[j]] = res.json('token');
    });
  }
  return tokens;
}

/** The time of the server, `{serverTime, epochMs}`. */
export function serverTime(token) {
  const res = http.get(`${BASE_URL}/api/v1/secure/time`, auth(token));
  if (res.status !== 200) fail('server time', res);
  return res.json();
}

/**
 * Lots of a create body: `count` lots with distinct plates (`prefix` keeps them unique across auctions).
 * No reserve and no buy-now price: offers only ever move the best offer up.
 */
export function lotInputs(count, prefix, basePrice = 1000, minIncrement = 10) {
  return Array.from({ length: count }, (_, i) => ({
    licensePlate: `${prefix}${String(i + 1).padStart(4, '0')}`.slice(0, 20),
    brand: 'Fiat', model: 'Panda 1.2', basePrice, minIncrement,
  }));
}

/**
 * Creates an auction as the auctioneer: `startDate` a little in the past (the auction runs at once) unless given,
 * `regulationRequired: false` (no acceptance needed), extension off unless given. Returns the auction view.
 */
export function createAuction(token, { name, lots, startMs, endMs, extension, idempotencyKey }) {
  const body = {
    auctionName: name, idMarket: 'IT', auctionType: 'OTH',
    // Started an hour ago by default: an auction lasts at least MIN_AUCTION_SECONDS (60 s) from its start to its end.
    startDate: new Date(startMs ?? Date.now() - 3_600_000).toISOString(), endDate: new Date(endMs).toISOString(),
    regulationRequired: false, extension: extension || { windowSeconds: 0, extendSeconds: 0 }, lots,
  };
  const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {};
  const res = http.post(`${BASE_URL}/api/v1/secure/auction`, JSON.stringify(body), {
    ...auth(token, headers), tags: { name: 'POST /auction' }, timeout: '120s',
  });
  if (res.status !== 201) fail(`create auction ${name}`, res);
  return res.json();
}

/** `GET /auctionFull`: the auction with its lots (and the caller's `myBestOffer`/`leading`). */
export function auctionFull(token, idAuction) {
  const res = http.get(`${BASE_URL}/api/v1/secure/auctionFull?idAuction=${encodeURIComponent(idAuction)}`, {
    ...auth(token), tags: { name: 'GET /auctionFull' }, timeout: '60s',
  });
  if (res.status !== 200) fail(`auctionFull ${idAuction}`, res);
  return res.json();
}

/** Accepts an auction's regulation (only for auctions created with `regulationRequired: true`). */
export function acceptRegulation(token, idAuction) {
  const res = http.patch(`${BASE_URL}/api/v1/secure/auction/${idAuction}/accept-regulation`, null, {
    ...auth(token), tags: { name: 'PATCH /accept-regulation' },
  });
  if (res.status !== 204) fail(`accept regulation ${idAuction}`, res);
}

/**
 * Places an offer. Returns k6's response: 201 `{idOffer, offer, bestOffer, leading, lotEndDate}`, or a refusal
 * (409/422 `{errorCode, errorMsg}`), or anything else (network error: status 0). Never throws.
 */
export function placeOffer(token, idAuction, idLot, amount, idempotencyKey) {
  return http.post(
    `${BASE_URL}/api/v1/secure/auction/${idAuction}/offer/${idLot}`,
    JSON.stringify({ offer: amount, clickAndBuy: false }),
    { ...auth(token, { 'Idempotency-Key': idempotencyKey }), tags: { name: 'POST /offer' }, timeout: '30s' },
  );
}

/** Creates a showcase as the exhibitor; returns `{idShowcase, vehicles}`. */
export function createShowcase(token, vehicles, idempotencyKey) {
  const headers = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {};
  const res = http.post(`${BASE_URL}/api/v1/secure/showcase`, JSON.stringify({ idMarket: 'IT', vehicles }), {
    ...auth(token, headers), tags: { name: 'POST /showcase' },
  });
  if (res.status !== 201 && res.status !== 200) fail('create showcase', res);
  return res.json();
}

/**
 * Buys showcase vehicles. 200 with an outcome per vehicle `[{idVehicle, ok, errorCode?}]` when at least one was
 * bought; 409 (the first refusal's code) when none was. Never throws.
 */
export function buyVehicles(token, idVehicles, idempotencyKey) {
  return http.put(`${BASE_URL}/api/v1/secure/showcase/buy`, JSON.stringify({ idVehicles }), {
    ...auth(token, { 'Idempotency-Key': idempotencyKey }), tags: { name: 'PUT /showcase/buy' }, timeout: '30s',
  });
}

/** `{errorCode, errorMsg}` of a refusal, or nulls when the body is not an error body. */
export function errorOf(res) {
  try {
    const body = res.json();
    return { code: typeof body.errorCode === 'number' ? body.errorCode : null, msg: body.errorMsg || '' };
  } catch (_) {
    return { code: null, msg: '' };
  }
}
