/**
 * Partners and ratings (#23 item 2), against the built server, embedded and on PostgreSQL: the public partners of a
 * market (no login; a disabled template and another market's are absent), the caller's partners (secure and mobile, 401 without a login),
 * and the dealers' ratings: only a buyer rates, once per purchase (a repeat and a concurrent double submit count once),
 * whole stars 1 to 5 (else a numeric errorCode, nothing counted), totalled into the partner's auctioneerRating and
 * numFeedback; the purchases list carries the caller's rating.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ApiClient, createStorage, startServer, type ApiResult, type RunningServer, type ServerStorage, type StorageMode } from '../../testing/server.test-support.js';
import { ServerClock } from '../../testing/api-client.test-support.js';
import { createAuctionBody, eventually, paths, pollStatus, runTag, wholeSecondAfter, type AuctionView } from '../../testing/auction.test-support.js';

const S = '/api/v1/secure';
const PUBLIC_FIELDS = [
  'auctionName', 'auctioneerRating', 'commercialInfoEmail', 'commercialInfoPhone', 'description', 'idMarket', 'idTemplate', 'largeLogo',
  'numFeedback', 'smallLogo', 'vatCode',
];
interface Partner { idTemplate: string; auctionName: string; auctioneerRating: number; numFeedback: number; [k: string]: unknown }
interface Page { items: Partner[]; total: number }

function refused(res: ApiResult, status: number, code: number): void {
  expect({ status: res.status, code: res.body?.errorCode }).toEqual({ status, code });
}

function partnersSuite(mode: StorageMode): void {
  let storage: ServerStorage;
  let server: RunningServer;
  let visitor: ApiClient;
  let admin: ApiClient;
  let auctioneer: ApiClient;
  let dealer1: ApiClient;
  let dealer2: ApiClient;
  let dealer3: ApiClient;
  const ids: Record<'it' | 'de' | 'off', string> = { it: '', de: '', off: '' };
  const tag = runTag();

  const openPartners = async (market: string) => (await visitor.get<Page>(`/api/v1/open/partners?market=${market}`)).body.items;
  const rating = async (idTemplate: string) => {
    const found = (await openPartners('IT')).find((p) => p.idTemplate === idTemplate);
    return found && { auctioneerRating: found.auctioneerRating, numFeedback: found.numFeedback };
  };
  const enable = async (idUser: string, idTemplate: string) =>
    expect((await admin.put('/api/v1/admin/user-buyer-template', { body: { idUser, idTemplate, flgEnabled: true } })).status).toBe(200);

  beforeAll(async () => {
    storage = await createStorage(mode);
    server = await startServer(storage);
    visitor = ApiClient.anonymous(server.baseUrl);
    [admin, auctioneer, dealer1, dealer2, dealer3] = await Promise.all(
      ['admin', 'auctioneer', 'dealer1', 'dealer2', 'dealer3'].map((u) => ApiClient.login(server.baseUrl, u)));
    const create = async (templateName: string, idMarket: string) => {
      const res = await auctioneer.post(`${S}/template`, { body: { templateName, idMarket, vatCode: 'IT0001', commercialInfoEmail: 'sales@partner.example' } });
      expect(res.status).toBe(201);
      return res.body.idTemplate as string;
    };
    ids.it = await create(`Partner IT ${tag}`, 'IT');
    ids.de = await create(`Partner DE ${tag}`, 'DE');
    ids.off = await create(`Partner off ${tag}`, 'IT');
    expect((await admin.put('/api/v1/admin/enable-template', { body: { idTemplate: ids.off, flgEnabled: false } })).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('open/partners: no login; the enabled templates of that market only, with the public fields', async () => {
    const it = await openPartners('IT');
    expect(it.map((p) => p.idTemplate)).toEqual(expect.arrayContaining([ids.it, 'T-DEMO-LEASYS', 'T-DEMO-RENT']));
    expect(it.map((p) => p.idTemplate)).not.toContain(ids.de);
    expect(it.map((p) => p.idTemplate)).not.toContain(ids.off);
    expect(Object.keys(it.find((p) => p.idTemplate === ids.it)!).sort()).toEqual(PUBLIC_FIELDS);
    expect(it.find((p) => p.idTemplate === ids.it)).toMatchObject({ auctionName: `Partner IT ${tag}`, auctioneerRating: 0, numFeedback: 0 });
    expect((await openPartners('DE')).map((p) => p.idTemplate)).toEqual([ids.de]);
    refused(await visitor.get('/api/v1/open/partners'), 400, 400001);
    refused(await visitor.get('/api/v1/open/partners?market=XX'), 400, 400001);
    const paged = await visitor.get<Page>('/api/v1/open/partners?market=IT&limit=1&sortField=numFeedback&sortOrder=desc');
    expect({ n: paged.body.items.length, total: paged.body.total }).toEqual({ n: 1, total: it.length });
  });

  test('secure/partners and mobile/partners: 401 without a login; the caller\'s market, and other markets\' it is enabled for', async () => {
    for (const path of [`${S}/partners`, '/api/v1/mobile/partners']) {
      const res = await visitor.get(path);
      expect({ status: res.status, numeric: typeof res.body?.errorCode === 'number' }).toEqual({ status: 401, numeric: true });
    }
    const mine = async (path: string) => (await dealer1.get<Page>(path)).body.items.map((p) => p.idTemplate);
    expect(await mine(`${S}/partners`)).toContain(ids.it);
    expect(await mine(`${S}/partners`)).not.toContain(ids.de);
    expect(await mine(`${S}/partners`)).not.toContain(ids.off);
    await enable('dealer1', ids.de);
    expect(await mine(`${S}/partners`)).toContain(ids.de);
    expect(await mine('/api/v1/mobile/partners')).toEqual(await mine(`${S}/partners`));
    expect((await dealer2.get<Page>(`${S}/partners`)).body.items.map((p) => p.idTemplate)).not.toContain(ids.de);
  });

  test('a rating totals into the partner once: only buyers, whole stars 1-5, a repeat and a double submit count once', async () => {
    await enable('dealer1', ids.it);
    await enable('dealer2', ids.it);
    await enable('dealer3', ids.it);
    const clock = await ServerClock.sync(auctioneer);
    const startMs = wholeSecondAfter(clock, 2_000);
    const created = await auctioneer.post<AuctionView>(paths.auctions, {
      body: {
        ...createAuctionBody({
          name: `Rated ${tag}`, startMs, endMs: startMs + 120_000, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
          lots: [1, 2].map((n) => ({ licensePlate: `PR${tag}${n}`, basePrice: 1000, minIncrement: 100, reservePrice: 1000, buyNowPrice: 2000 })),
        }),
        idTemplate: ids.it,
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.idAuction;
    const [lot1, lot2] = created.body.lots.map((l) => l.idLot);
    await pollStatus(dealer1, clock, id, 'RUN', startMs + 10_000);
    expect((await dealer1.post(paths.offer(id, lot1!), { body: { offer: 2000, clickAndBuy: true } })).status).toBe(201);
    expect((await dealer2.post(paths.offer(id, lot2!), { body: { offer: 2000, clickAndBuy: true } })).status).toBe(201);
    const feedback = (client: ApiClient, body: unknown) => client.post(`${S}/auction/${id}/feedback`, { body });
    expect(await rating(ids.it)).toEqual({ auctioneerRating: 0, numFeedback: 0 });

    // A dealer that bought nothing there; bad ratings; an idAuctioneer of neither the owner nor the partner: nothing counted.
    refused(await feedback(dealer3, { rating: 5 }), 422, 422011);
    for (const bad of [0, 6, 2.5, '3', null, -1]) refused(await feedback(dealer1, { rating: bad }), 400, 400001);
    refused(await feedback(dealer1, {}), 400, 400001);
    refused(await feedback(dealer1, { rating: 4, idAuctioneer: ids.de }), 422, 422013);
    expect(await rating(ids.it)).toEqual({ auctioneerRating: 0, numFeedback: 0 });

    // Two submits at once, then a repeat with another rating: one idFeedback, one vote of 5.
    const first = await eventually(() => feedback(dealer1, { rating: 5 }), (r) => expect(r.status).toBe(201));
    const idFeedback = first.value.body.idFeedback as string;
    const [a, b] = await Promise.all([feedback(dealer1, { rating: 5 }), dealer1.post(`/api/v1/mobile/auction/${id}/feedback`, { body: { rating: 5 } })]);
    expect([a.status, b.status, a.body.idFeedback, b.body.idFeedback]).toEqual([201, 201, idFeedback, idFeedback]);
    expect((await feedback(dealer1, { rating: 1 })).body.idFeedback).toBe(idFeedback);
    // The totals are a read model the API folds from the log: an anonymous read sees a vote a moment after it is given.
    await eventually(() => rating(ids.it), (r) => expect(r).toEqual({ auctioneerRating: 5, numFeedback: 1 }), 5_000);
    // And it stays one vote (a second one counted late would show now).
    await new Promise((r) => setTimeout(r, 300));
    expect(await rating(ids.it)).toEqual({ auctioneerRating: 5, numFeedback: 1 });

    // Two new dealers at once, one naming the partner as idAuctioneer: (5 + 4) / 2.
    const [fresh2] = await Promise.all([feedback(dealer2, { rating: 4, idAuctioneer: ids.it }), feedback(dealer2, { rating: 4, idAuctioneer: ids.it })]);
    expect(fresh2.status).toBe(201);
    await eventually(() => rating(ids.it), (r) => expect(r).toEqual({ auctioneerRating: 4.5, numFeedback: 2 }), 5_000);

    // The purchases list knows the rating (the dialog opens rated); another partner's total is untouched.
    const purchases = await dealer1.get<{ items: { idLot: string; rating: number | null; idFeedback: string | null }[] }>(`${paths.purchases}?channel=AUCTION`);
    expect(purchases.body.items.find((p) => p.idLot === lot1)).toMatchObject({ rating: 5, idFeedback });
    expect((await dealer3.get<{ items: { idAuction: string | null }[] }>(paths.purchases)).body.items.filter((p) => p.idAuction === id)).toEqual([]);
    expect((await rating('T-DEMO-LEASYS'))?.numFeedback).toBe(4);
  });

  test('a showcase purchase rates the template of its provenance (RENT-IT: the demo Rent-it partner), once', async () => {
    const before = (await rating('T-DEMO-RENT'))!;
    expect((await dealer3.patch(`${S}/showcase/accept-regulation`)).status).toBe(204);
    const bought = await dealer3.put<{ ok: boolean }[]>(`${S}/showcase/buy`, { body: { idVehicles: ['V-SHOW-1'] } });
    expect(bought.body.map((o) => o.ok)).toEqual([true]);
    refused(await dealer2.post(`${S}/showcase/feedback/V-SHOW-1`, { body: { rating: 5 } }), 422, 422011);
    refused(await dealer3.post(`${S}/showcase/feedback/V-SHOW-1`, { body: { rating: 4.5 } }), 400, 400001);
    const first = await eventually(() => dealer3.post(`${S}/showcase/feedback/V-SHOW-1`, { body: { rating: 1 } }), (r) => expect(r.status).toBe(201));
    const again = await dealer3.post(`${S}/showcase/feedback/V-SHOW-1`, { body: { rating: 5 } });
    expect(again.body.idFeedback).toBe(first.value.body.idFeedback);
    const count = before.numFeedback + 1;
    const sum = before.auctioneerRating * before.numFeedback + 1;
    await eventually(() => rating('T-DEMO-RENT'), (r) => expect(r).toEqual({ numFeedback: count, auctioneerRating: Math.round((sum * 10) / count) / 10 }), 5_000);
  });
}

describe('partners and ratings (embedded)', () => partnersSuite('embedded'));
describe('partners and ratings (PostgreSQL)', () => partnersSuite('postgres'));
