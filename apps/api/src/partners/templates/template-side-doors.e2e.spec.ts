/**
 * Who sees what (#23 review, attacks): the side doors of an auction on template A that a dealer enabled only for
 * other templates must find shut, each answering as for an auction that does not exist. Against the built server,
 * on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ApiClient, createStorage, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { ServerClock } from '../../testing/api-client.test-support.js';
import { createAuctionBody, paths, runTag, wholeSecondAfter, type AuctionView } from '../../testing/auction.test-support.js';

const S = '/api/v1/secure';
const M = '/api/v1/mobile';
const A = '/api/v1/admin';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('templates: the side doors of a hidden auction', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let admin: ApiClient;
  let auctioneer: ApiClient;
  let dealer1: ApiClient;
  let dealer2: ApiClient;
  let idAuction: string;
  let idLot: string;
  let idTemplate: string;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage);
    [admin, auctioneer, dealer1, dealer2] = await Promise.all(['admin', 'auctioneer', 'dealer1', 'dealer2'].map((u) => ApiClient.login(server.baseUrl, u)));
    const created = await auctioneer.post(`${S}/template`, { body: { templateName: `Side ${runTag()}`, idMarket: 'IT', provenance: 'RENT-IT' } });
    expect(created.status).toBe(201);
    idTemplate = created.body.idTemplate as string;
    expect((await admin.put(`${A}/user-buyer-template`, { body: { idUser: 'dealer2', idTemplate, flgEnabled: true } })).status).toBe(200);
    const clock = await ServerClock.sync(auctioneer);
    const startMs = wholeSecondAfter(clock, 2_000);
    const auction = await auctioneer.post<AuctionView>(paths.auctions, {
      body: {
        ...createAuctionBody({
          name: `Side door ${runTag()}`, startMs, endMs: startMs + 300_000, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
          lots: [{ licensePlate: `SD${runTag()}`, basePrice: 1000, minIncrement: 100 }],
        }),
        idTemplate,
      },
    });
    expect(auction.status).toBe(201);
    idAuction = auction.body.idAuction;
    idLot = auction.body.lots[0]!.idLot;
    await sleep(Math.max(0, startMs - clock.now()) + 1_000);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('random-vehicle (web and mobile) does not pick a running lot of a hidden auction: 404 as for an unknown one', async () => {
    // dealer2 (enabled) gets the auction's running lot: the auction runs.
    const seen = await dealer2.get(`${S}/random-vehicle?idAuctions=${idAuction}`);
    expect({ status: seen.status, idAuction: seen.body?.idAuction }).toEqual({ status: 200, idAuction });
    const unknown = await dealer1.get(`${S}/random-vehicle?idAuctions=no-such-auction`);
    expect(unknown.status).toBe(404);
    for (const path of [`${S}/random-vehicle?idAuctions=${idAuction}`, `${M}/random-vehicle?idAuctions[]=${idAuction}`]) {
      const hidden = await dealer1.get(path);
      expect({ status: hidden.status, code: hidden.body?.errorCode }).toEqual({ status: unknown.status, code: unknown.body?.errorCode });
    }
  }, 60_000);

  test('rating a hidden auction answers as rating an unknown one (404020), web and mobile; a visible one not won stays 422011', async () => {
    for (const base of [S, M]) {
      const unknown = await dealer1.post(`${base}/auction/no-such-auction/feedback`, { body: { rating: 4 } });
      const hidden = await dealer1.post(`${base}/auction/${idAuction}/feedback`, { body: { rating: 4 } });
      expect({ status: hidden.status, code: hidden.body?.errorCode }).toEqual({ status: unknown.status, code: unknown.body?.errorCode });
      expect(unknown.body?.errorCode).toBe(404020);
      const notWon = await dealer2.post(`${base}/auction/${idAuction}/feedback`, { body: { rating: 4 } });
      expect({ status: notWon.status, code: notWon.body?.errorCode }).toEqual({ status: 422, code: 422011 });
    }
  }, 60_000);

  test('the showcase shut to a dealer user: its vehicles\' detail (web, mobile) and descriptions are refused as unknown ones; opened again, seen', async () => {
    const dealer5 = await ApiClient.login(server.baseUrl, 'dealer5');
    const shut = async (flgEnabled: boolean) => expect((await admin.put(`${A}/user-buyer-showcase`, { body: { idUser: 'dealer5', flgEnabled } })).status).toBe(200);
    const paths = [`${S}/vehicle/V-SHOW-1`, `${S}/vehicle/V-SHOW-1/details`, `${M}/vehicle/V-SHOW-1`, `${M}/vehicle/V-SHOW-1/details`];
    for (const path of paths) expect((await dealer5.get(path)).status).toBe(200);
    await shut(false);
    const unknown = await dealer5.get(`${S}/vehicle/NO-SUCH-VEHICLE`);
    expect(unknown.body?.errorCode).toBe(404200);
    for (const path of paths) {
      const refused = await dealer5.get(path);
      expect({ path, status: refused.status, code: refused.body?.errorCode }).toEqual({ path, status: unknown.status, code: unknown.body?.errorCode });
    }
    expect((await dealer5.get(`${S}/vehicle-desc?ids=V-SHOW-1`)).body).toEqual([]);
    // dealer2, not shut, still sees it; dealer5 again once the showcase is opened.
    expect((await dealer2.get(`${S}/vehicle/V-SHOW-1`)).status).toBe(200);
    await shut(true);
    for (const path of paths) expect((await dealer5.get(path)).status).toBe(200);
  }, 60_000);

  test('a lot observed while enabled leaves the observed lists (web, mobile, search) once the dealer is disabled for the template', async () => {
    expect((await dealer2.post(`${S}/auction/${idAuction}/observe/${idLot}`, { body: {} })).status).toBe(204);
    const observed = async () => {
      const lists = [await dealer2.get(`${S}/auction/observed`), await dealer2.get(`${M}/auction/observed`),
        await dealer2.post(`${S}/auction/observed`, { body: { idAuctions: [idAuction] } })];
      return lists.map((r) => (r.body.items as { idLot: string }[]).some((l) => l.idLot === idLot));
    };
    let before = [false];
    for (let i = 0; i < 30 && !before.every(Boolean); i++) {
      before = await observed();
      if (!before.every(Boolean)) await sleep(100);
    }
    expect(before).toEqual([true, true, true]);
    const enable = async (flgEnabled: boolean) =>
      expect((await admin.put(`${A}/user-buyer-template`, { body: { idUser: 'dealer2', idTemplate, flgEnabled } })).status).toBe(200);
    await enable(false);
    expect(await observed()).toEqual([false, false, false]);
    await enable(true);
    expect(await observed()).toEqual([true, true, true]);
  }, 60_000);

  test('a hidden auction\'s lot named under an auction the dealer sees answers as an unknown lot (its id would tell the hidden auction exists)', async () => {
    const running = await dealer1.get(`${S}/running-auctions?limit=100`);
    const visible = (running.body.items as { idAuction: string }[])[0]!.idAuction;
    expect(visible).not.toBe(idAuction);
    const calls: [string, string, object?][] = [
      ['get', `${S}/auction/${visible}/lot-detail/LOT`], ['get', `${S}/auctionFull?idAuction=${visible}&idLot=LOT`],
      ['post', `${S}/auction/${visible}/observe/LOT`, {}], ['post', `${S}/auction/${visible}/offer/LOT`, { offer: 5000 }],
      ['get', `${S}/auction/no-such-auction/lot-detail/LOT`], ['post', `${S}/auction/no-such-auction/offer/LOT`, { offer: 5000 }],
    ];
    for (const [method, path, body] of calls) {
      const send = (lot: string) => (method === 'get' ? dealer1.get(path.replace('LOT', lot)) : dealer1.post(path.replace('LOT', lot), { body }));
      const [unknown, hidden] = [await send(`${idAuction}x-1`), await send(idLot)];
      expect({ path, status: hidden.status, code: hidden.body?.errorCode }).toEqual({ path, status: unknown.status, code: unknown.body?.errorCode });
      expect(hidden.status).toBe(404);
    }
  }, 60_000);
});
