/**
 * Calls that must be refused cleanly: wrong role (403), no login (401), malformed input (400), unknown ids (404).
 * Each case names the statuses it accepts; every answer must also carry a numeric `errorCode`.
 */
import { ApiClient, type ApiResult } from './api-client.test-support.js';
import { createAuctionBody, paths } from './auction.test-support.js';

/** What the cases need from the scenario. */
export interface BadRequestContext {
  readonly auctioneer: ApiClient;
  readonly dealer: ApiClient;
  readonly exhibitor: ApiClient;
  readonly anonymous: ApiClient;
  readonly idAuction: string;
  readonly idLotA: string;
  readonly anyIdOfferA: string;
}

export type BadRequestCase = [name: string, statuses: number[], call: (c: BadRequestContext) => Promise<ApiResult>];

const future = () => Date.now() + 3_600_000;
const validCreate = () =>
  createAuctionBody({
    name: 'forbidden', startMs: future(), endMs: future() + 600_000, regulationRequired: false,
    extension: { windowSeconds: 0, extendSeconds: 0 }, lots: [{ licensePlate: 'NOPE1', basePrice: 100, minIncrement: 10 }],
  });
const createWith = (change: (body: any) => void) => {
  const body: any = validCreate();
  change(body);
  return body;
};
const UNKNOWN = 'unknown0000id';

/** Dealers and other non-owners on the owner's calls. */
export const forbiddenCases: BadRequestCase[] = [
  ['dealer creates an auction', [403], (c) => c.dealer.post(paths.auctions, { body: validCreate() })],
  ['dealer awards all', [403], (c) => c.dealer.patch(paths.awardAll(c.idAuction))],
  ['dealer awards one', [403], (c) => c.dealer.patch(paths.awardOne(c.idAuction, c.idLotA, c.anyIdOfferA))],
  ['dealer reverts an award', [403], (c) => c.dealer.patch(paths.revertAward(c.idAuction, c.idLotA))],
  ['dealer not-awards', [403], (c) => c.dealer.post(paths.notAward(c.idAuction), { body: { idLots: [c.idLotA] } })],
  ['dealer resizes the time', [403], (c) => c.dealer.patch(paths.resizeTime(c.idAuction), { body: { endDate: new Date(future()).toISOString() } })],
  ['dealer reads the offers report', [403], (c) => c.dealer.get(paths.report(c.idAuction))],
  ['dealer deletes the auction', [403], (c) => c.dealer.delete(paths.auction(c.idAuction))],
  ['exhibitor (not owner) awards all', [403], (c) => c.exhibitor.patch(paths.awardAll(c.idAuction))],
  ['exhibitor reads the offers report', [403], (c) => c.exhibitor.get(paths.report(c.idAuction))],
  ['auctioneer places an offer', [403], (c) => c.auctioneer.post(paths.offer(c.idAuction, c.idLotA), { body: { offer: 1_000_000 } })],
  ['auctioneer reads purchases', [403], (c) => c.auctioneer.get(paths.purchases)],
];

/** Calls without a login, or with a bad token. */
export const anonymousCases: BadRequestCase[] = [
  ['anonymous reads an auction', [401], (c) => c.anonymous.get(paths.auction(c.idAuction))],
  ['anonymous places an offer', [401], (c) => c.anonymous.post(paths.offer(c.idAuction, c.idLotA), { body: { offer: 1_000_000 } })],
  ['anonymous awards all', [401], (c) => c.anonymous.patch(paths.awardAll(c.idAuction))],
  ['anonymous creates an auction', [401], (c) => c.anonymous.post(paths.auctions, { body: validCreate() })],
  ['anonymous reads the profile', [401], (c) => c.anonymous.get(paths.user)],
  ['anonymous reads the server time', [401], (c) => c.anonymous.get(paths.time)],
  ['a forged token', [401], (c) => new ApiClient(c.anonymous.baseUrl, { token: 'forged.token.value' }).get(paths.auction(c.idAuction))],
  ['wrong password', [401], (c) => c.anonymous.post('/api/v1/mobile/token', { body: { username: 'dealer1', password: 'wrong-password' } })],
];

const offer = (c: BadRequestContext, body: unknown) => c.dealer.post(paths.offer(c.idAuction, c.idLotA), { body });
const rawOffer = (c: BadRequestContext, rawBody: string, contentType?: string) =>
  c.dealer.post(paths.offer(c.idAuction, c.idLotA), { rawBody, contentType });

/** Malformed input. */
export const malformedCases: BadRequestCase[] = [
  ['offer: body is not JSON', [400], (c) => rawOffer(c, '{"offer": 7000,')],
  ['offer: body is JSON null', [400], (c) => rawOffer(c, 'null')],
  ['offer: body is an array', [400], (c) => offer(c, [7000])],
  ['offer: body is text/plain', [400, 415], (c) => rawOffer(c, 'offer=7000', 'text/plain')],
  ['offer: amount is a string', [400], (c) => offer(c, { offer: '7000' })],
  ['offer: clickAndBuy is a string', [400], (c) => offer(c, { offer: 7000, clickAndBuy: 'yes' })],
  ['offer: amount with 3 decimals', [400], (c) => offer(c, { offer: 7000.125 })],
  ['offer: negative amount', [400], (c) => offer(c, { offer: -100 })],
  ['offer: zero amount', [400], (c) => offer(c, { offer: 0 })],
  ['offer: missing amount', [400], (c) => offer(c, { clickAndBuy: false })],
  ['create: not JSON', [400], (c) => c.auctioneer.post(paths.auctions, { rawBody: '{"auctionName": ' })],
  ['create: missing lots', [400], (c) => c.auctioneer.post(paths.auctions, { body: createWith((b) => delete b.lots) })],
  ['create: empty lots', [400], (c) => c.auctioneer.post(paths.auctions, { body: createWith((b) => (b.lots = [])) })],
  ['create: name is a number', [400], (c) => c.auctioneer.post(paths.auctions, { body: createWith((b) => (b.auctionName = 42)) })],
  ['create: basePrice with 3 decimals', [400], (c) => c.auctioneer.post(paths.auctions, { body: createWith((b) => (b.lots[0].basePrice = 100.001)) })],
  ['create: negative basePrice', [400], (c) => c.auctioneer.post(paths.auctions, { body: createWith((b) => (b.lots[0].basePrice = -1)) })],
  ['create: buyNowPrice is a string', [400], (c) => c.auctioneer.post(paths.auctions, { body: createWith((b) => (b.lots[0].buyNowPrice = '9000')) })],
  ['create: startDate not an instant', [400], (c) => c.auctioneer.post(paths.auctions, { body: createWith((b) => (b.startDate = 'tomorrow')) })],
  ['create: unknown market', [400], (c) => c.auctioneer.post(paths.auctions, { body: createWith((b) => (b.idMarket = 'XX')) })],
  ['create: extension seconds negative', [400], (c) => c.auctioneer.post(paths.auctions, { body: createWith((b) => (b.extension = { windowSeconds: -1, extendSeconds: 10 })) })],
  ['not-award: idLots not an array', [400], (c) => c.auctioneer.post(paths.notAward(c.idAuction), { body: { idLots: c.idLotA } })],
  ['not-award: missing idLots', [400], (c) => c.auctioneer.post(paths.notAward(c.idAuction), { body: {} })],
  ['resize-time: endDate not an instant', [400], (c) => c.auctioneer.patch(paths.resizeTime(c.idAuction), { body: { endDate: 'soon' } })],
  ['login: username is a number', [400], (c) => c.anonymous.post('/api/v1/mobile/token', { body: { username: 1, password: 'x' } })],
  ['login: missing password', [400], (c) => c.anonymous.post('/api/v1/open/login', { body: { username: 'dealer1' } })],
  ['auctionFull: missing idAuction', [400], (c) => c.dealer.get('/api/v1/secure/auctionFull')],
  ['create-report: unknown typeExport', [400], (c) => c.auctioneer.get(`/api/v1/secure/auction/${c.idAuction}/create-report?typeExport=PDF`)],
  ['auction id with illegal characters', [400, 404], (c) => c.dealer.get(paths.auction('bad%20id%27'))],
];

/** Unknown ids. */
export const unknownIdCases: BadRequestCase[] = [
  ['unknown auction', [404], (c) => c.dealer.get(paths.auction(UNKNOWN))],
  ['auctionFull of an unknown auction', [404], (c) => c.dealer.get(`/api/v1/secure/auctionFull?idAuction=${UNKNOWN}`)],
  ['offer on an unknown auction', [404], (c) => c.dealer.post(paths.offer(UNKNOWN, c.idLotA), { body: { offer: 1_000_000 } })],
  ['offer on an unknown lot', [404], (c) => c.dealer.post(paths.offer(c.idAuction, UNKNOWN), { body: { offer: 1_000_000 } })],
  ['accept-regulation of an unknown auction', [404], (c) => c.dealer.patch(paths.acceptRegulation(UNKNOWN))],
  ['revert-award of an unknown lot', [404], (c) => c.auctioneer.patch(paths.revertAward(c.idAuction, UNKNOWN))],
  ['not-award of an unknown lot', [404], (c) => c.auctioneer.post(paths.notAward(c.idAuction), { body: { idLots: [UNKNOWN] } })],
  ['offers report of an unknown auction', [404], (c) => c.auctioneer.get(paths.report(UNKNOWN))],
  ['award all of an unknown auction', [404], (c) => c.auctioneer.patch(paths.awardAll(UNKNOWN))],
];
