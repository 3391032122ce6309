/**
 * Attack review of #21 item 10, through HTTP against the real built server: a lot asked by id in an auction's page
 * (`auctionFull`, `GET /auction/{id}` with `idLot`) that is not one of its lots is not found (404021, as its bids
 * answer), not an auction without lots; an XLSX offers report stays a well-formed file whatever a lot's brand holds.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ApiClient, ServerClock, sharedServer, type SharedServer } from '../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, paths, runTag } from '../testing/auction.test-support.js';
import { xlsxWorkbook } from '../testing/xlsx.test-support.js';

const S = '/api/v1/secure';
/** Any character outside XML 1.0's `Char` production. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

describe('paging attack review (PostgreSQL storage)', () => {
  let shared: SharedServer | undefined;
  let server: SharedServer['server'] | undefined;
  const s = {} as { auctioneer: ApiClient; dealer: ApiClient; a: AuctionView; b: AuctionView };

  beforeAll(async () => {
    shared = await sharedServer('postgres');
    server = shared.server;
    [s.auctioneer, s.dealer] = await Promise.all(['auctioneer', 'dealer1'].map((u) => ApiClient.login(server!.baseUrl, u)));
    const clock = await ServerClock.sync(s.auctioneer);
    const tag = runTag();
    const now = Math.ceil(clock.now() / 1000) * 1000;
    const create = async (name: string, brand: string) => {
      const lots = [1, 2].map((i) => ({ licensePlate: `PA${tag}${name}${i}`, basePrice: 1000, minIncrement: 100, brand }));
      const body = createAuctionBody({ name: `${name} ${tag}`, startMs: now - 60_000, endMs: now + 3_600_000, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 }, lots });
      const res = await s.auctioneer.post<AuctionView>(paths.auctions, { body });
      expect(res.status).toBe(201);
      return res.body;
    };
    s.a = await create('A', 'Fi\uFFFFat');
    s.b = await create('B', 'Fiat');
    const offer = await s.dealer.post(paths.offer(s.a.idAuction, s.a.lots[0]!.idLot), { body: { offer: 1000, clickAndBuy: false } });
    expect(offer.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await shared?.release();
  });

  test('a lot asked by id that is not one of the auction\'s: 404021 on auctionFull and GET auction; its own lot: that lot', async () => {
    const full = `${S}/auctionFull?idAuction=${s.a.idAuction}`;
    for (const path of [`${full}&idLot=${s.b.lots[0]!.idLot}`, `${full}&idLot=nope`, `${paths.auction(s.a.idAuction)}?idLot=${s.b.lots[0]!.idLot}`]) {
      const res = await s.dealer.get<{ errorCode?: number }>(path);
      expect(`${path}: ${res.status} ${res.body.errorCode}`).toBe(`${path}: 404 404021`);
    }
    const own = await s.dealer.get<AuctionView & { lotsPage: { total: number } }>(`${full}&idLot=${s.a.lots[1]!.idLot}`);
    expect({ status: own.status, lots: own.body.lots.map((l) => l.idLot), total: own.body.lotsPage.total }).toEqual({ status: 200, lots: [s.a.lots[1]!.idLot], total: 1 });
  });

  test('the XLSX offers report of a lot whose brand holds U+FFFF is well-formed XML, the offer in it', async () => {
    const res = await fetch(`${server!.baseUrl}${S}/auction/${s.a.idAuction}/create-report?typeExport=XLSX&lang=en`, { headers: { token: s.auctioneer.credentials.token! } });
    expect(res.status).toBe(200);
    // exceljs refuses a workbook whose XML is not well-formed ("disallowed character"), as Excel does.
    const sheet = (await xlsxWorkbook(await res.arrayBuffer())).worksheets[0]!;
    const texts = sheet.getSheetValues().flatMap((row) => (Array.isArray(row) ? row : [])).filter((v): v is string => typeof v === 'string');
    expect(texts.some((t) => t.includes('Fi\uFFFDat'))).toBe(true);
    expect(texts.filter((t) => NOT_XML_CHAR.test(t))).toEqual([]);
    expect(sheet.rowCount).toBe(2);
  });
});
