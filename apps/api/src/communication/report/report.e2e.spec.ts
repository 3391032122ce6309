/**
 * The back-office reports over HTTP against the built server, embedded (PGlite) and on PostgreSQL (#23 item 5): a small known data set made through
 * the API (logins, two auctions of two markets with offers, a buy-now, a showcase purchase), then each report type's
 * rows, the filters, the market scope of a market-limited user, the CSV's header and escaping, the XLSX read back by
 * exceljs, and bad filters refused with their codes (never a 500).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { parse as parseCsv } from 'csv-parse/sync';
import { ApiClient, createStorage, startServer, type ApiResult, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { xlsxSheets } from '../../testing/xlsx.test-support.js';

const S = '/api/v1/secure';
const A = '/api/v1/admin';
type Rows = Record<string, string>[];

/** Downloads a report; the CSV as rows keyed by the header (the byte-order mark dropped), the bytes as they came. */
async function report(client: ApiClient, query: string): Promise<{ status: number; headers: Headers; bytes: Uint8Array; rows: Rows; body: any }> {
  const res = await fetch(`${client.baseUrl}${A}/report?${query}`, { headers: { token: client.credentials.token! } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const isCsv = res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('text/csv');
  return {
    status: res.status, headers: res.headers, bytes,
    rows: isCsv ? parseCsv(text.replace(/^\uFEFF/, ''), { columns: true }) as Rows : [],
    body: res.status !== 200 ? JSON.parse(text) : null,
  };
}

function refused(res: { status: number; body: any } | ApiResult, status: number, code: number): void {
  expect({ status: res.status, code: res.body?.errorCode }).toEqual({ status, code });
}

function auctionBody(name: string, idMarket: string, plates: string[]) {
  const now = Date.now();
  return {
    auctionName: name, idMarket, auctionType: 'OTH', startDate: new Date(now - 1000).toISOString(), endDate: new Date(now + 30 * 60_000).toISOString(),
    regulationRequired: false,
    lots: plates.map((licensePlate, i) => ({ licensePlate, frame: `ZFA3120000${200000 + i}`, brand: 'Fiat', model: '500', basePrice: 1000, minIncrement: 100.1, buyNowPrice: 9000.35 })),
  };
}

describe.each(['embedded', 'postgres'] as const)('back-office reports (%s)', (mode) => {
  let storage: ServerStorage;
  let server: RunningServer;
  let admin: ApiClient;
  let customer: ApiClient;
  let auctioneer: ApiClient;
  let dealer1: ApiClient;
  let dealer2: ApiClient;
  let itAuction: any;
  let deAuction: any;

  beforeAll(async () => {
    storage = await createStorage(mode);
    server = await startServer(storage);
    [admin, customer, auctioneer, dealer1, dealer2] = await Promise.all(
      ['admin', 'customer', 'auctioneer', 'dealer1', 'dealer2'].map((u) => ApiClient.login(server.baseUrl, u)));
    await ApiClient.loginWithCookie(server.baseUrl, 'dealer2');

    itAuction = (await auctioneer.post(`${S}/auction`, { body: auctionBody('=HYPERLINK("x") Aste, "IT"', 'IT', ['RP001AA', 'RP002AA']) })).body;
    deAuction = (await auctioneer.post(`${S}/auction`, { body: auctionBody('Auktion DE', 'DE', ['RP003AA']) })).body;
    const [lot1, lot2] = itAuction.lots.map((l: { idLot: string }) => l.idLot);
    const offer = (c: ApiClient, a: any, idLot: string, amount: number, clickAndBuy = false) =>
      c.post(`${S}/auction/${a.idAuction}/offer/${idLot}`, { body: { offer: amount, clickAndBuy } });
    for (const res of [
      await offer(dealer1, itAuction, lot1, 1000.1), await offer(dealer2, itAuction, lot1, 1100.2), await offer(dealer1, itAuction, lot2, 9000.35, true),
      await offer(dealer2, deAuction, deAuction.lots[0].idLot, 1500.3),
    ]) expect(res.status).toBe(201);
    expect((await dealer2.patch(`${S}/showcase/accept-regulation`)).status).toBeLessThan(300);
    expect((await dealer2.put(`${S}/showcase/buy`, { body: { idVehicles: ['V-SHOW-2'] } })).body).toEqual([{ idVehicle: 'V-SHOW-2', ok: true }]);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('each report type gives the rows of the data set; CSV with its header, exact amounts, formula-like cells escaped', async () => {
    const logins = await report(admin, 'reportType=LOGINS');
    expect(logins.headers.get('content-disposition')).toMatch(/^attachment; filename="report-logins-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(logins.rows.filter((r) => r.username === 'dealer2').map((r) => r.loginType).sort()).toEqual(['MOBILE', 'WEB']);
    expect(logins.rows.find((r) => r.username === 'dealer1')).toMatchObject({ idDealer: 'D-1001', businessName: 'Demo Motors 1001', idMarket: 'IT' });
    expect((await report(admin, 'reportType=LOGINS&loginType=WEB')).rows.map((r) => r.username)).toEqual(['dealer2']);

    const offers = await report(admin, `reportType=OFFERS&idAuction=${itAuction.idAuction}`);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(offers.bytes).split('\r\n')[0]).toBe('\uFEFFplacedAt,idOffer,amount,clickAndBuy,username,idDealer,businessName,vatCode,idAuction,auctionName,idMarket,idTemplate,templateName,idLot,lotNumber,licensePlate,brand,model,auctionDeleted');
    expect(offers.rows.map((r) => [r.username, r.amount, r.clickAndBuy, r.licensePlate])).toEqual([
      ['dealer1', '1000.10', 'false', 'RP001AA'], ['dealer2', '1100.20', 'false', 'RP001AA'], ['dealer1', '9000.35', 'true', 'RP002AA'],
    ]);
    // A spreadsheet would run a cell starting with '=': it reads as text behind an apostrophe; the comma and quotes are quoted.
    expect(offers.rows[0]!.auctionName).toBe(`'=HYPERLINK("x") Aste, "IT"`);
    expect(Date.parse(offers.rows[0]!.placedAt!)).toBeGreaterThan(Date.now() - 10 * 60_000);

    const awards = await report(admin, `reportType=AWARDS&idAuction=${itAuction.idAuction}`);
    expect(awards.rows.map((r) => [r.awardStatus, r.username, r.amount, r.licensePlate])).toEqual([['AWA', 'dealer1', '9000.35', 'RP002AA']]);

    const purchases = await report(admin, 'reportType=PURCHASES');
    expect(purchases.rows.map((r) => [r.channel, r.username, r.licensePlate || r.idVehicle])).toEqual(expect.arrayContaining([
      ['AUCTION', 'dealer1', 'RP002AA'], ['SHOWCASE', 'dealer2', expect.any(String)],
    ]));
    expect(purchases.rows.find((r) => r.channel === 'SHOWCASE')).toMatchObject({ idVehicle: 'V-SHOW-2', idDealer: 'D-1002' });

    const dealers = await report(admin, 'reportType=DEALERS&vatCode=10000001002');
    expect(dealers.rows.map((r) => [r.idDealer, r.businessName, r.status])).toEqual([['D-1002', 'Demo Motors 1002', 'ENABLED']]);
  });

  test('filters: dealer, username, VAT code, auction name, period, deleted auctions', async () => {
    const usernames = async (q: string) => (await report(admin, q.startsWith('reportType=') ? q : `reportType=OFFERS&${q}`)).rows.map((r) => `${r.username}:${r.amount}`);
    expect(await usernames('idDealer=D-1002')).toEqual(['dealer2:1100.20', 'dealer2:1500.30']);
    expect(await usernames('username=DEALER1')).toEqual(['dealer1:1000.10', 'dealer1:9000.35']);
    expect(await usernames('vatCode=it10000001002&idMarket=DE')).toEqual(['dealer2:1500.30']);
    expect(await usernames('auctionName=auktion')).toEqual(['dealer2:1500.30']);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await usernames(`from=${tomorrow}`)).toEqual([]);
    const all = await usernames('reportType=OFFERS');
    expect(all.length).toBeGreaterThanOrEqual(4);
    expect(await usernames(`to=${tomorrow}`)).toEqual(all);
    expect(await usernames('flgDeleted=true')).toEqual([]);
    expect((await report(admin, 'reportType=PURCHASES&auctionName=aste')).rows.map((r) => r.channel)).toEqual(['AUCTION']);
    expect((await report(admin, 'reportType=PURCHASES&username=dealer2')).rows.map((r) => [r.channel, r.idVehicle])).toEqual([['SHOWCASE', 'V-SHOW-2']]);
    expect((await report(admin, 'reportType=PURCHASES&templateName=no-such-partner')).rows).toEqual([]);
  });

  test('a market-limited user sees its markets\' rows only; a dealer is refused', async () => {
    expect((await admin.put(`${A}/user`, { body: { idUser: 'customer', adminEnabledMarket: ['DE'] } })).status).toBe(200);
    const limited = await ApiClient.login(server.baseUrl, 'customer');
    const offers = await report(limited, 'reportType=OFFERS');
    expect(offers.rows.map((r) => [r.idMarket, r.username, r.amount])).toEqual([['DE', 'dealer2', '1500.30']]);
    expect((await report(limited, 'reportType=DEALERS')).rows.every((r) => r.idMarket === 'DE')).toBe(true);
    expect((await report(limited, 'reportType=LOGINS')).rows).toEqual([]);
    refused(await report(limited, 'reportType=OFFERS&idMarket=IT'), 403, 403021);
    refused(await report(limited, 'reportType=OFFERS&idDealer=D-1001'), 403, 403021);
    refused(await report(dealer1, 'reportType=OFFERS'), 403, 403001);
    void customer;
  });

  test('XLSX: a workbook exceljs reads, with the header and numbers for amounts', async () => {
    const file = await report(admin, `reportType=OFFERS&typeExport=XLSX&idAuction=${itAuction.idAuction}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(file.headers.get('content-disposition')).toMatch(/filename="report-offers-[\d-]+\.xlsx"/);
    const [sheet] = await xlsxSheets(file.bytes);
    expect(sheet!.rows[0]!.slice(0, 4)).toEqual(['placedAt', 'idOffer', 'amount', 'clickAndBuy']);
    expect(sheet!.rows.slice(1).map((r) => [r[2], r[4]])).toEqual([['1000.1', 'dealer1'], ['1100.2', 'dealer2'], ['9000.35', 'dealer1']]);
    expect(sheet!.rows[1]![9]).toBe('=HYPERLINK("x") Aste, "IT"'); // a text cell, never a formula
  });

  test('bad filters are refused with their codes, never a 500', async () => {
    refused(await report(admin, 'reportType=SALES'), 400, 400390);
    refused(await report(admin, ''), 400, 400390);
    refused(await report(admin, 'reportType=OFFERS&typeExport=PDF'), 400, 400390);
    refused(await report(admin, 'reportType=OFFERS&from=2026-02-30'), 400, 400390);
    refused(await report(admin, 'reportType=OFFERS&from=yesterday'), 400, 400390);
    refused(await report(admin, 'reportType=OFFERS&idAuction=../x'), 400, 400390);
    refused(await report(admin, 'reportType=OFFERS&from=2026-11-02&to=2026-11-01'), 400, 400391);
    refused(await report(admin, 'reportType=OFFERS&loginType=WEB'), 400, 400392);
    refused(await report(admin, 'reportType=DEALERS&idAuction=A1'), 400, 400392);
    refused(await report(admin, 'reportType=OFFERS&other=1'), 400, 400390);
    expect((await report(admin, 'reportType=OFFERS&from=2026-11-01&to=2026-11-01')).status).toBe(200);
  });
});
