/**
 * Issue 21 item 14 through HTTP against the real built server (PostgreSQL): JSON bodies are checked on their text
 * (a key twice, a number with more than 2 decimals, an exponent: 400, never rounded or last-wins), query numbers are
 * plain digits (`maxPrice=0x10` is not 16), and purchase date filters compare instants.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { API_ERROR_CODES } from '@auction/contracts';
import { ApiClient, type SharedServer, describeResult, sharedServer } from '../../testing/server.test-support.js';
import { type AuctionView, type OfferAnswer, createAuctionBody, paths, runTag } from '../../testing/auction.test-support.js';

describe('input read exactly as written (postgres)', () => {
  let shared: SharedServer | undefined;
  let server: SharedServer['server'] | undefined;
  const c = {} as { auctioneer: ApiClient; dealer: ApiClient; admin: ApiClient };
  let auction: AuctionView;

  beforeAll(async () => {
    shared = await sharedServer('postgres');
    server = shared.server;
    [c.auctioneer, c.dealer, c.admin] = await Promise.all(['auctioneer', 'dealer1', 'admin'].map((u) => ApiClient.login(server!.baseUrl, u)));
    const tag = runTag();
    const now = Date.now();
    const created = await c.auctioneer.post<AuctionView>(paths.auctions, { body: createAuctionBody({
      name: `Exact ${tag}`, startMs: now - 1000, endMs: now + 3_600_000, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
      lots: [{ licensePlate: `X${tag}1`, basePrice: 1000, minIncrement: 10 }, { licensePlate: `X${tag}2`, basePrice: 1000, minIncrement: 10, buyNowPrice: 3000 }],
    }) });
    if (created.status !== 201) throw new Error(describeResult(created));
    auction = created.body;
  }, 120_000);

  afterAll(async () => {
    await shared?.release();
  });

  const raw = (client: ApiClient, method: string, path: string, rawBody: string) => client.request(method, path, { rawBody });

  test('a key twice in a JSON body is 400030, whatever the route; a number with more than 2 decimals or an exponent is 400031', async () => {
    const offer = paths.offer(auction.idAuction, auction.lots[0]!.idLot);
    const cases: [string, string, string, number][] = [
      ['POST', offer, '{"offer":1100,"offer":2000}', API_ERROR_CODES.JSON_DUPLICATE_KEY],
      ['POST', offer, '{"offer":1000.0000000000000001}', API_ERROR_CODES.JSON_NUMBER_INEXACT],
      ['POST', offer, '{"offer":1.1e3}', API_ERROR_CODES.JSON_NUMBER_INEXACT],
      ['POST', paths.auctions, JSON.stringify(createAuctionBody({
        name: 'Rounded', startMs: Date.now() + 3_600_000, endMs: Date.now() + 7_200_000, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
        lots: [{ licensePlate: 'RND1', basePrice: 1000, minIncrement: 10 }],
      })).replace('"basePrice":1000', '"basePrice":99999999.999999999'), API_ERROR_CODES.JSON_NUMBER_INEXACT],
      ['POST', '/api/v1/open/login', '{"username":"dealer1","username":"admin","password":"x"}', API_ERROR_CODES.JSON_DUPLICATE_KEY],
    ];
    for (const [method, path, body, code] of cases) {
      const client = path === paths.auctions ? c.auctioneer : path.startsWith('/api/v1/open') ? ApiClient.anonymous(server!.baseUrl) : c.dealer;
      const res = await raw(client, method, path, body);
      expect({ body, status: res.status, code: res.body?.errorCode }).toEqual({ body, status: 400, code });
    }
    // Nothing was placed: the lot has no offer yet, and a plain amount is taken.
    const ok = await c.dealer.post<OfferAnswer>(offer, { body: { offer: 1000.5 } });
    expect(describeResult(ok)).toMatch(/^201 /);
    expect(ok.body.offer).toBe(1000.5);
  });

  test('query numbers are plain digits: hex, exponent, sign or spaces are 400', async () => {
    for (const value of ['0x10', '1e3', '+5', ' 5', '5.001', 'Infinity', '']) {
      const res = await c.dealer.get(`/api/v1/secure/showcase/search-vehicles?maxPrice=${encodeURIComponent(value)}`);
      expect({ value, status: res.status, code: res.body?.errorCode }).toEqual({ value, status: 400, code: API_ERROR_CODES.BAD_REQUEST });
    }
    expect((await c.dealer.get('/api/v1/secure/showcase/search-vehicles?maxPrice=16.5')).status).toBe(200);
    expect((await c.admin.get('/api/v1/admin/events/log?limit=0x10')).status).toBe(400);
    expect((await c.admin.get('/api/v1/admin/events/log?limit=16')).status).toBe(200);
  });

  test('purchase dates are instants: the last instant of year 9999 in any offset returns what an earlier bound returns', async () => {
    const bought = await c.dealer.post<OfferAnswer>(paths.offer(auction.idAuction, auction.lots[1]!.idLot), { body: { offer: 3000, clickAndBuy: true } });
    expect(describeResult(bought)).toMatch(/^201 /);
    const list = async (query: string) => {
      for (let i = 0; i < 50; i++) {
        const res = await c.dealer.get<{ items: { idLot: string }[] }>(`${paths.purchases}?${query}`);
        if (res.status !== 200 || res.body.items.some((r) => r.idLot === auction.lots[1]!.idLot)) return res;
        await new Promise((r) => setTimeout(r, 100));
      }
      return c.dealer.get<{ items: { idLot: string }[] }>(`${paths.purchases}?${query}`);
    };
    const earlier = await list(`toDate=${encodeURIComponent('2999-01-01T00:00:00Z')}`);
    expect(earlier.body.items.map((r) => r.idLot)).toContain(auction.lots[1]!.idLot);
    const latest = await list(`toDate=${encodeURIComponent('9999-12-31T09:59:59-14:00')}&fromDate=${encodeURIComponent('0001-01-01T00:00:00Z')}`);
    expect(latest.body.items.map((r) => r.idLot)).toEqual(earlier.body.items.map((r) => r.idLot));
    const beyond = await c.dealer.get(`${paths.purchases}?toDate=${encodeURIComponent('9999-12-31T23:59:59-14:00')}`);
    expect({ status: beyond.status, code: beyond.body?.errorCode }).toEqual({ status: 400, code: API_ERROR_CODES.BAD_REQUEST });
  });
});
