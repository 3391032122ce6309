/**
 * The template calls over HTTP against the built server, on PostgreSQL (#23 item 1): an auctioneer creates, edits, lists,
 * disables and deletes its template; an administrator enables a dealer for it through user-buyer-template and
 * users-buyer-template; the dealer then sees it, another dealer does not (404300, as for an unknown template); roles,
 * market scope and bad input refused with their codes, never a 500. The auction view names the template an auction sells
 * through (idTemplate; null: the default channel); an edit with idTemplate null moves it back to the default channel.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import sharp from 'sharp';
import { ApiClient, sharedServer, type ApiResult, type SharedServer } from '../../testing/server.test-support.js';
import { ServerClock } from '../../testing/api-client.test-support.js';
import { createAuctionBody, eventually, paths, runTag, sleepUntil, wholeSecondAfter, type AuctionView } from '../../testing/auction.test-support.js';
import { upload } from '../../vehicles/uploads/vehicle-uploads.test-support.js';

const S = '/api/v1/secure';
const post = (client: ApiClient, path: string, body: unknown) => client.post(path, { body });
const put = (client: ApiClient, path: string, body: unknown) => client.put(path, { body });
const A = '/api/v1/admin';

function refused(res: ApiResult, status: number, code: number): void {
  expect({ status: res.status, code: res.body?.errorCode }).toEqual({ status, code });
}

describe('templates (PostgreSQL)', () => {
  let shared: SharedServer | undefined;
  let admin: ApiClient;
  let customer: ApiClient;
  let auctioneer: ApiClient;
  let dealer1: ApiClient;
  let dealer2: ApiClient;

  beforeAll(async () => {
    shared = await sharedServer('postgres');
    const { baseUrl } = shared.server;
    [admin, customer, auctioneer, dealer1, dealer2] = await Promise.all(
      ['admin', 'customer', 'auctioneer', 'dealer1', 'dealer2'].map((u) => ApiClient.login(baseUrl, u)));
  }, 120_000);

  afterAll(async () => {
    await shared?.release();
  });

  test('an auctioneer writes its template; an administrator opens it to one dealer; the others do not see it', async () => {
    // A logo is an image the auctioneer uploaded (an id of no such image: 422450).
    const png = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#123456' } }).png().toBuffer();
    const logo = await upload(auctioneer, `${S}/file`, { file: { bytes: png, name: 'logo.png', type: 'image/png' } });
    expect(logo.status).toBe(201);
    const fields = { templateName: 'Canale prova', description: 'Auto ex noleggio', commercialInfoEmail: 'vendite@prova.example', vatCode: 'IT01234567890', idMarket: 'IT', provenance: 'RENT-IT' };
    refused(await post(auctioneer, `${S}/template`, { ...fields, largeLogo: 'logo-1' }), 422, 422450);
    const created = await post(auctioneer, `${S}/template`, { ...fields, largeLogo: logo.body.idFile });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ idDealer: 'D-AUCT', templateName: 'Canale prova', status: 'ENABLED', flgEnabled: true, smallLogo: null });
    const id = created.body.idTemplate as string;

    const edited = await put(auctioneer, `${S}/template`, { idTemplate: id, templateName: 'Canale prova 2' });
    expect(edited.body.templateName).toBe('Canale prova 2');
    expect((await auctioneer.get(`${S}/template/${id}`)).body.description).toBe('Auto ex noleggio');
    const own = await auctioneer.get(`${S}/multi-auctioneer-templates?idDealer=D-AUCT`);
    expect(own.body.items.map((t: { idTemplate: string }) => t.idTemplate)).toContain(id);
    expect((await admin.get(`${A}/template?idDealer=D-AUCT&sortField=templateName&templateName=${encodeURIComponent('Canale prova 2')}`)).body.items.some((t: { idTemplate: string }) => t.idTemplate === id)).toBe(true);
    expect((await customer.get(`${S}/template/${id}`)).status).toBe(200);

    // Not yet open to any dealer: as unknown as a template that does not exist.
    refused(await dealer1.get(`${S}/template/${id}`), 404, 404300);
    refused(await dealer1.get(`${S}/template/no-such-template`), 404, 404300);
    expect((await dealer1.get(`${S}/enabled-template?ids=${id}`)).body).toEqual([]);

    const userTemplates = await put(admin, `${A}/user-buyer-template`, { idUser: 'dealer1', idTemplate: id, flgEnabled: true });
    expect(userTemplates.status).toBe(200);
    expect(userTemplates.body.templates.find((t: { idTemplate: string }) => t.idTemplate === id)).toMatchObject({ flgEnabled: true });
    expect((await dealer1.get(`${S}/template/${id}`)).status).toBe(200);
    expect((await dealer1.get(`${S}/enabled-template?ids=${id}`)).body.map((t: { idTemplate: string }) => t.idTemplate)).toEqual([id]);
    refused(await dealer2.get(`${S}/template/${id}`), 404, 404300);

    expect((await post(admin, `${A}/users-buyer-template`, { idTemplate: id, idDealers: ['D-1002'], flgEnabled: true })).status).toBe(200);
    expect((await dealer2.get(`${S}/template/${id}`)).status).toBe(200);
    const buyers = await admin.get(`${A}/users-buyer-template?idTemplate=${id}`);
    expect(buyers.body).toMatchObject({ total: 2, items: [{ idDealer: 'D-1001' }, { idDealer: 'D-1002' }] });
    refused(await post(admin, `${A}/users-buyer-template`, { idTemplate: id, idDealers: ['D-NOPE'], flgEnabled: true }), 404, 404040);

    // Disabled: no dealer sees it any more; enabled again, they do.
    expect((await put(admin, `${A}/enable-template`, { idTemplate: id, flgEnabled: false })).body.flgEnabled).toBe(false);
    refused(await dealer1.get(`${S}/template/${id}`), 404, 404300);
    await put(admin, `${A}/enable-template`, { idTemplate: id, flgEnabled: true });
    expect((await dealer1.get(`${S}/template/${id}`)).status).toBe(200);
    expect((await dealer1.get(`${S}/template-info?market=IT`)).body.some((t: { idTemplate: string }) => t.idTemplate === id)).toBe(true);

    expect((await auctioneer.delete(`${S}/template?id=${id}`)).status).toBe(204);
    refused(await dealer1.get(`${S}/template/${id}`), 404, 404300);
    refused(await put(auctioneer, `${S}/template`, { idTemplate: id, templateName: 'x' }), 409, 409300);
  });

  test('the auction view names the template an auction sells through (null: the default channel), in the detail and the lists', async () => {
    const idTemplate = (await post(auctioneer, `${S}/template`, { templateName: `Canale aste ${runTag()}`, idMarket: 'IT' })).body.idTemplate as string;
    expect((await put(admin, `${A}/user-buyer-template`, { idUser: 'dealer1', idTemplate, flgEnabled: true })).status).toBe(200);
    const startMs = wholeSecondAfter(await ServerClock.sync(auctioneer), 3_600_000);
    const tag = runTag();
    const auction = async (withTemplate: boolean) => {
      const body = createAuctionBody({
        name: `Canale ${withTemplate ? 'partner' : 'default'} ${tag}`, startMs, endMs: startMs + 600_000, regulationRequired: false,
        extension: { windowSeconds: 0, extendSeconds: 0 }, lots: [{ licensePlate: `TV${runTag()}`, basePrice: 1000, minIncrement: 100 }],
      });
      const created = await auctioneer.post<AuctionView>(paths.auctions, { body: withTemplate ? { ...body, idTemplate } : body });
      expect(created.status).toBe(201);
      return created.body;
    };
    const [sold, plain] = [await auction(true), await auction(false)];
    expect([sold.idTemplate, plain.idTemplate]).toEqual([idTemplate, null]);

    // The detail (the owner, and a dealer enabled for the template), the auction by ids, the management list.
    for (const client of [auctioneer, dealer1]) {
      expect((await client.get<AuctionView>(paths.auction(sold.idAuction))).body.idTemplate).toBe(idTemplate);
      expect((await client.get<AuctionView>(paths.auction(plain.idAuction))).body.idTemplate).toBeNull();
    }
    const byIds = (await dealer1.get(`${S}/auction?ids=${sold.idAuction},${plain.idAuction}`)).body.items as AuctionView[];
    expect(Object.fromEntries(byIds.map((a) => [a.idAuction, a.idTemplate]))).toEqual({ [sold.idAuction]: idTemplate, [plain.idAuction]: null });
    const managed = (await auctioneer.get(`${S}/auction-management?status=SCH&limit=100&toSearch=${tag}`)).body.items as AuctionView[];
    expect(managed.find((a) => a.idAuction === sold.idAuction)?.idTemplate).toBe(idTemplate);
    expect(managed.find((a) => a.idAuction === plain.idAuction)?.idTemplate).toBeNull();
  });

  test('an edit with idTemplate null moves an auction sold through a template back to the default channel: a dealer not enabled sees it and bids', async () => {
    const idTemplate = (await post(auctioneer, `${S}/template`, { templateName: `Canale ritorno ${runTag()}`, idMarket: 'IT' })).body.idTemplate as string;
    expect((await put(admin, `${A}/user-buyer-template`, { idUser: 'dealer1', idTemplate, flgEnabled: true })).status).toBe(200);
    const clock = await ServerClock.sync(auctioneer);
    const startMs = wholeSecondAfter(clock, 8_000);
    const plain = createAuctionBody({
      name: `Ritorno ${runTag()}`, startMs, endMs: startMs + 600_000, regulationRequired: false,
      extension: { windowSeconds: 0, extendSeconds: 0 }, lots: [{ licensePlate: `TR${runTag()}`, basePrice: 1000, minIncrement: 100 }],
    });
    const created = await auctioneer.post<AuctionView>(paths.auctions, { body: { ...plain, idTemplate } });
    expect(created.status).toBe(201);
    const { idAuction } = created.body;
    const idLot = created.body.lots[0]!.idLot;
    const edit = { ...plain, idAuction, lots: [{ ...plain.lots[0]!, idLot }] };
    const unknown = await dealer2.get(paths.auction('no-such-auction'));
    const asUnknown = async () => {
      const res = await dealer2.get(paths.auction(idAuction));
      return res.status === unknown.status && res.body?.errorCode === unknown.body?.errorCode;
    };
    expect(await asUnknown()).toBe(true);

    // An edit naming no template keeps the channel; a template is checked as on create (unknown: 404300).
    expect((await put(auctioneer, paths.auctions, edit)).body.idTemplate).toBe(idTemplate);
    expect(await asUnknown()).toBe(true);
    refused(await put(auctioneer, paths.auctions, { ...edit, idTemplate: 'no-such-template' }), 404, 404300);

    // null: back to the default channel, in the answer, the detail and the lists of a dealer not enabled for the template.
    const back = await put(auctioneer, paths.auctions, { ...edit, idTemplate: null });
    expect({ status: back.status, idTemplate: back.body.idTemplate }).toEqual({ status: 200, idTemplate: null });
    const detailOf = async (client: ApiClient) => {
      const detail = await client.get<AuctionView>(paths.auction(idAuction));
      return { status: detail.status, idTemplate: detail.body?.idTemplate };
    };
    expect(await detailOf(auctioneer)).toEqual({ status: 200, idTemplate: null });
    // Another user's view of the auctioneer's edit: the API promises read-your-own-writes only, and on PostgreSQL the
    // guard's live model and the read models follow Kafka, so dealer2 may read it a moment later.
    await eventually(() => detailOf(dealer2), (seenBy2) => expect(seenBy2).toEqual({ status: 200, idTemplate: null }), 5_000);
    const listed = async () => ((await dealer2.get(`${S}/auction?ids=${idAuction}`)).body.items as AuctionView[]).map((a) => a.idTemplate);
    let seen = await listed();
    for (let i = 0; i < 20 && seen.length === 0; i++) seen = await new Promise((r) => setTimeout(r, 100)).then(listed);
    expect(seen).toEqual([null]);

    // Running: dealer2 bids; the auction may no longer be edited, so its channel stays (409001).
    await sleepUntil(clock, startMs + 1_500);
    const bid = await dealer2.post(paths.offer(idAuction, idLot), { body: { offer: 1100 } });
    expect({ status: bid.status, bestOffer: bid.body?.bestOffer }).toEqual({ status: 201, bestOffer: 1100 });
    refused(await put(auctioneer, paths.auctions, { ...edit, idTemplate }), 409, 409001);
    expect((await dealer2.get<AuctionView>(paths.auction(idAuction))).body.idTemplate).toBeNull();
  }, 60_000);

  test('roles, market scope and bad input are refused with their codes', async () => {
    refused(await post(dealer1, `${S}/template`, { templateName: 'x', idMarket: 'IT' }), 403, 403001);
    refused(await put(customer, `${A}/enable-template`, { idTemplate: 'x', flgEnabled: true }), 403, 403001);
    refused(await post(auctioneer, `${S}/template`, { templateName: '', idMarket: 'IT' }), 400, 400001);
    refused(await post(auctioneer, `${S}/template`, { templateName: 'x', idMarket: 'XX' }), 400, 400001);
    refused(await post(auctioneer, `${S}/template`, { templateName: 'x', idMarket: 'IT', idDealer: 'D-1001' }), 403, 403001);
    refused(await put(admin, `${A}/user-buyer-template`, { idUser: 'nobody-at-all', idTemplate: 'x', flgEnabled: true }), 404, 404060);
    refused(await admin.get(`${A}/users-buyer-template`), 400, 400001);
  });

  test('market-template enables a dealer for every template of a market; export-buyers streams who is enabled as CSV', async () => {
    const created = await post(auctioneer, `${S}/template`, { templateName: 'Canale mercato', idMarket: 'IT' });
    const id = created.body.idTemplate as string;
    const before = await admin.get(`${A}/market-template?market=IT&idDealer=D-1003`);
    expect(before.status).toBe(200);
    expect(before.body.templates.find((t: { idTemplate: string }) => t.idTemplate === id)).toMatchObject({ flgEnabled: false });
    const after = await put(admin, `${A}/market-template`, { market: 'IT', idDealer: 'D-1003', flgEnabled: true });
    expect(after.status).toBe(200);
    expect(after.body.templates.length).toBeGreaterThan(0);
    expect(after.body.templates.every((t: { flgEnabled: boolean }) => t.flgEnabled)).toBe(true);
    refused(await admin.get(`${A}/market-template?market=IT&idDealer=D-NOPE`), 404, 404040);

    const csv = await admin.get(`${A}/export-buyers?idTemplate=${id}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('idTemplate,templateName,templateMarket,idDealer,dealerMarket,dealerStatus');
    expect(lines.slice(1)).toEqual([`${id},Canale mercato,IT,D-1003,IT,ENABLED`]);
    const all = String((await admin.get(`${A}/export-buyers?market=IT`)).body);
    expect(all).toContain('T-DEMO-LEASYS,Leasys Remarketing,IT,D-1001,IT,ENABLED');
    refused(await dealer1.get(`${A}/export-buyers`), 403, 403001);
  });

  test('multi-auctioneer-template associates a multi-auctioneer dealer with a template, and ends it', async () => {
    const id = (await post(admin, `${S}/template`, { templateName: 'Canale multi', idMarket: 'IT', idDealer: 'D-EXHB' })).body.idTemplate as string;
    const linked = async () => ((await admin.get(`${A}/multi-auctioneer-template?idDealer=D-AUCT`)).body as { idTemplate: string }[]).some((t) => t.idTemplate === id);
    expect(await linked()).toBe(false);
    expect((await post(admin, `${A}/multi-auctioneer-template`, { idDealer: 'D-AUCT', idTemplate: id })).status).toBe(200);
    expect(await linked()).toBe(true);
    refused(await post(admin, `${A}/multi-auctioneer-template`, { idDealer: 'D-1001', idTemplate: id }), 409, 409130);
    refused(await post(admin, `${A}/multi-auctioneer-template`, { idDealer: 'D-AUCT', idTemplate: 'no-such-template' }), 404, 404300);
    refused(await post(customer, `${A}/multi-auctioneer-template`, { idDealer: 'D-AUCT', idTemplate: id }), 403, 403001);
    expect((await admin.delete(`${A}/multi-auctioneer-template?idDealer=D-AUCT&idTemplate=${id}`)).status).toBe(204);
    expect(await linked()).toBe(false);
  });
});
