/**
 * The dealers back-office over HTTP against the real built server on PostgreSQL (issue 14 items 1 and 3): the demo
 * dealers' real streams, a registered dealer waiting to be configured (documents, count, CSV export), enabling it (its
 * reference user enabled, mails caught by the real SMTP server, the first-password link works), the search filters one
 * by one with server paging and sorting, the DAC list, create/edit/delete, disabling (sessions end), the partner
 * capabilities and their roles, the role matrix, the market scope and hostile input.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { linkIn, realSmtp, waitForMail } from '../../testing/mailbox.test-support.js';
import { ApiClient, createStorage, describeResult, startServer, type ApiResult, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { filesFor, registrationFor, signUp } from '../../identity/registration/registration.test-support.js';

const A = '/api/v1/admin';
const SEARCH = `${A}/dealers-info/search`;
const tag = () => randomBytes(4).toString('hex');

function refused(res: ApiResult, status: number, code?: number): void {
  expect({ status: res.status, code: res.body?.errorCode }).toEqual({ status, code: code ?? res.body?.errorCode });
  expect(typeof res.body?.errorCode).toBe('number');
}

describe('dealers back-office (PostgreSQL)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let base: string;
  let admin: ApiClient;
  let customer: ApiClient;
  let auditor: ApiClient;
  let dealer1: ApiClient;
  /** The dealer registered through the sign-up form in beforeAll. */
  let registered: { idDealer: string; email: string; referenceEmail: string; businessName: string };

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage, { SMTP_URL: realSmtp().smtpUrl, SIGN_UP_ADDRESS_MAX_ATTEMPTS: '1000' });
    base = server.baseUrl;
    [admin, customer, auditor, dealer1] = await Promise.all(['admin', 'customer', 'auditor', 'dealer1'].map((u) => ApiClient.login(base, u)));
    const t = tag();
    const dto = registrationFor('IT', `hd${t}`);
    dto.businessName = `Autosalone Prova ${t}`;
    const res = await signUp(base, dto, filesFor('IT'));
    expect(res.status).toBe(201);
    registered = { idDealer: res.body.idDealer, email: dto.email, referenceEmail: String(dto.referenceEmail), businessName: String(dto.businessName) };
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('the demo dealers have streams, business data and capabilities; answers are never cached', async () => {
    const res = await admin.get(`${SEARCH}?idDealer=D-1001&limit=5`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const row = res.body.items.find((r: any) => r.idDealer === 'D-1001');
    expect(row).toMatchObject({ status: 'ENABLED', flgEnabled: true, businessName: 'Demo Motors 1001', city: 'Milano', username: 'dealer1', sincom: 'D-1001' });
    expect(row.vatCode).toMatch(/^IT\d{11}$/);
    const auct = await admin.get(`${A}/dealer?idDealer=D-AUCT`);
    expect(auct.body.capabilities).toEqual({ auctioneer: true, exhibitor: false, multiAuctioneer: true });
    const exhb = await admin.get(`${A}/dealer?idDealer=D-EXHB`);
    expect(exhb.body.capabilities).toEqual({ auctioneer: false, exhibitor: true, multiAuctioneer: false });
    const pickers = await customer.get(`${A}/dealer-auctioneer?market=IT`);
    expect(pickers.body).toMatchObject({ total: 1, limit: 50, offset: 0 });
    expect(pickers.body.items.map((p: any) => p.idDealer)).toEqual(['D-AUCT']);
    const auctioneers = await admin.get(`${A}/auctioneer`);
    expect(auctioneers.body.items.map((r: any) => r.idDealer)).toEqual(['D-AUCT']);
  });

  test('a registered dealer waits to be configured, with its documents; the count and the CSV export show it', async () => {
    const list = await customer.get(`${A}/dealer-to-configure?limit=100`);
    expect(list.status).toBe(200);
    const ids = list.body.items.map((r: any) => r.idDealer);
    expect(ids).toEqual(expect.arrayContaining([registered.idDealer, 'D-PEND-1', 'D-PEND-2', 'D-PEND-3']));
    expect(list.body.items.every((r: any) => r.status === 'PENDING')).toBe(true);
    const count = await customer.get(`${A}/dealer-to-configure-count`);
    expect(count.body.count).toBe(list.body.total);

    const detail = await customer.get(`${A}/dealer?idDealer=${registered.idDealer}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ status: 'PENDING', businessName: registered.businessName, vatCode: '00743110157', region: 'MI', flgIam: true });
    expect(detail.body.documents.map((d: any) => d.kind).sort()).toEqual(['doc', 'doc2', 'visura']);
    // The card shows the activity answers and the consents the reference user gave at the sign-up (#21 item 20).
    expect(detail.body).toMatchObject({ typeDealerActivity: 'DEALER', carSold: 'FROM_50_TO_100', buyingInterest: 'CARS' });
    expect(detail.body.consents).toEqual({ consent1: true, consent2: true, consent3: false });
    expect(detail.body.users).toEqual([expect.objectContaining({ username: registered.referenceEmail, reference: true, flgEnabled: false })]);
    const file = await customer.get(`${A}/file/${detail.body.documents[0].idFile}`);
    expect(file.status).toBe(200);
    const demoDocs = await customer.get(`${A}/dealer?idDealer=D-PEND-1`);
    expect(demoDocs.body.documents).toHaveLength(2);

    // A formula-like business name is exported as text.
    expect((await customer.put(`${A}/dealer`, { body: { idDealer: 'D-PEND-3', businessName: '=HYPERLINK("http://x")' } })).status).toBe(200);
    const csv = await fetch(`${base}${A}/dealer-to-configure/export?sortField=idDealer`, { headers: { token: customer.credentials.token! } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('idDealer,businessName,vatCode,country,region,city,address,postalCode,email,username,idMarket,createdAt');
    expect(lines.filter(Boolean)).toHaveLength(list.body.total + 1);
    expect(text).toContain(`${registered.idDealer},${registered.businessName},00743110157,IT,MI,Milano`);
    expect(text).toContain(`D-PEND-3,"'=HYPERLINK(""http://x"")"`);
  });

  test('enabling the registered dealer enables its reference user, mails the dealer and a working first-password link', async () => {
    const res = await customer.put(`${A}/enable-dealer`, { body: { idDealer: registered.idDealer, flgEnabled: true } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ENABLED', flgEnabled: true });
    const reference = await customer.get(`${A}/dealer-reference?idDealer=${registered.idDealer}`);
    expect(reference.body).toMatchObject({ username: registered.referenceEmail, flgEnabled: true, hasPassword: false });
    // The first mail to the dealer was the registration's confirmation; the newest says it is enabled, naming the username.
    const [enabled, received] = await waitForMail(registered.email, 2);
    expect(enabled!.subject).not.toBe(received!.subject);
    expect(enabled!.text).toContain(registered.referenceEmail);
    const setup = (await waitForMail(registered.referenceEmail)).find((m) => /password-recovery/.test(m.text))!;
    const link = linkIn(setup, '/password-recovery');
    const password = 'Nuova#Password2026';
    const verify = await ApiClient.anonymous(base).post('/api/v1/open/verify-pwd-recovery', {
      body: { username: link.searchParams.get('username'), hash: link.searchParams.get('tag'), password, confPassword: password },
    });
    expect([verify.status < 300, describeResult(verify)]).toEqual([true, expect.any(String)]);
    await ApiClient.login(base, registered.referenceEmail, password);
    const again = await customer.get(`${A}/dealer-to-configure?limit=100`);
    expect(again.body.items.map((r: any) => r.idDealer)).not.toContain(registered.idDealer);
    // Already enabled: nothing written, the same answer.
    expect((await customer.put(`${A}/enable-dealer`, { body: { idDealer: registered.idDealer, flgEnabled: true } })).body.status).toBe('ENABLED');
  }, 60_000);

  test('search filters one by one, with paging and sorting by the server', async () => {
    const only = async (query: string, expected: string[]) => {
      const res = await admin.get(`${SEARCH}?${query}&limit=100`);
      expect([query, res.status, describeResult(res)]).toEqual([query, 200, expect.any(String)]);
      expect(res.body.items.map((r: any) => r.idDealer).sort()).toEqual([...expected].sort());
      expect(res.body.total).toBe(expected.length);
    };
    const id = registered.idDealer;
    await only(`businessName=${encodeURIComponent(registered.businessName.slice(-12).toUpperCase())}`, [id]);
    await only('businessName=demo%20motors%201002', ['D-1002']);
    await only('city=bergam', ['D-DAC-1']);
    await only('postalCode=21052', ['D-DAC-2']);
    await only(`email=${encodeURIComponent(registered.email.toUpperCase())}`, [id]);
    await only('vatCode=IT0000000010', ['D-AUCT']);
    await only('vatCodes=it00000000101&vatCodes=IT00000000202', ['D-AUCT', 'D-EXHB']);
    await only('vatCodes=IT00000000101,IT00000000202', ['D-AUCT', 'D-EXHB']);
    await only(`username=${encodeURIComponent(registered.referenceEmail.slice(0, 12))}`, [id]);
    await only(`idDealer=${id.slice(0, 13)}`, [id]);
    await only(`dealerId=${id.slice(0, 13)}`, [id]);
    await only('idDealer=D-DAC', ['D-DAC-1', 'D-DAC-2']);
    await only('region=bg', ['D-DAC-1']);
    await only('flgIam=true', ['D-AUCT', id]);
    await only('status=PENDING', ['D-PEND-1', 'D-PEND-2', 'D-PEND-3']);
    await only('country=DE', []);
    await only('businessName=%25', []); // `%` is literal
    await only('businessName=_', []);
    const today = new Date().toISOString().slice(0, 10);
    const fresh = await admin.get(`${SEARCH}?createFrom=${today}&createTo=${today}&limit=100`);
    expect(fresh.body.items.map((r: any) => r.idDealer)).toContain(id);
    await only(`createTo=2000-01-01`, []);
    await only(`createFrom=2999-01-01`, []);

    const all = await admin.get(`${SEARCH}?limit=100&sortField=businessName&sortOrder=asc`);
    const names = all.body.items.map((r: any) => r.businessName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const desc = await admin.get(`${SEARCH}?limit=100&sortField=businessName&sortOrder=desc`);
    expect(desc.body.items.map((r: any) => r.idDealer)).toEqual([...all.body.items.map((r: any) => r.idDealer)].reverse());
    const pages: string[] = [];
    for (let offset = 0; offset < all.body.total; offset += 7) {
      const page = await admin.get(`${SEARCH}?limit=7&offset=${offset}&sortField=city&sortOrder=asc`);
      expect(page.body).toMatchObject({ limit: 7, offset, total: all.body.total });
      pages.push(...page.body.items.map((r: any) => r.idDealer));
    }
    expect(new Set(pages).size).toBe(all.body.total);
  });

  test('DAC: the dealers sharing a VAT code', async () => {
    const res = await customer.get(`${A}/dealer/dac?vatCode=it01234567897`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual([
      expect.objectContaining({ sincom: 'D-DAC-1', businessName: 'Demo Group North', city: 'Bergamo', address: 'Via Demo 951' }),
      expect.objectContaining({ sincom: 'D-DAC-2', businessName: 'Demo Group South', city: 'Brescia' }),
    ]);
    expect((await customer.get(`${A}/dealer/dac?vatCode=NOPE`)).body).toEqual([]);
  });

  test('staff create a dealer: enabled at once, its reference user gets a first-password link; the username is claimed once', async () => {
    const t = tag();
    const body = {
      businessName: `Created Cars ${t}`, vatCode: '00743110157', address: 'Via Nuova 3', city: 'Pavia', postalCode: '27100', email: `hd-created-${t}@example.com`,
      country: 'IT', region: 'PV', referenceName: 'Anna', referenceSurname: 'Bianchi', referenceEmail: `hd-ref-${t}@example.com`,
    };
    const res = await customer.post(`${A}/dealer`, { body });
    expect([res.status, describeResult(res)]).toEqual([201, expect.any(String)]);
    expect(res.body).toMatchObject({ status: 'ENABLED', flgEnabled: true });
    const mails = await waitForMail(body.referenceEmail);
    expect(linkIn(mails[0]!, '/password-recovery').searchParams.get('username')).toBe(body.referenceEmail);
    const found = await admin.get(`${SEARCH}?businessName=${encodeURIComponent(body.businessName)}`);
    expect(found.body.items).toEqual([expect.objectContaining({ idDealer: res.body.idDealer, city: 'Pavia', region: 'PV', username: body.referenceEmail })]);
    refused(await customer.post(`${A}/dealer`, { body }), 409, 409110);
    // The registration form's rules of the country: the IT VAT checksum, the postal code, the region.
    const ruled = await customer.post(`${A}/dealer`, { body: { ...body, referenceEmail: `hd-ref2-${t}@example.com`, vatCode: '00743110158', postalCode: '2710', region: undefined } });
    refused(ruled, 422, 422101);
    expect(ruled.body.details.map((d: any) => d.field).sort()).toEqual(['postalCode', 'region', 'vatCode']);
    refused(await customer.put(`${A}/dealer`, { body: { idDealer: res.body.idDealer, vatCode: '12345678901' } }), 422, 422101);

    const edit = await customer.put(`${A}/dealer`, { body: { idDealer: res.body.idDealer, city: 'Lodi', region: 'LO' } });
    expect(edit.status).toBe(200);
    const detail = await customer.get(`${A}/dealer?idDealer=${res.body.idDealer}`);
    expect(detail.body).toMatchObject({ city: 'Lodi', region: 'LO', businessName: body.businessName });
  }, 60_000);

  test('disabling a dealer ends its users\' sessions; re-enabling lets them log in again', async () => {
    const dealer5 = await ApiClient.login(base, 'dealer5');
    expect((await dealer5.get('/api/v1/secure/user')).status).toBe(200);
    const off = await customer.put(`${A}/enable-dealer`, { body: { idDealer: 'D-1005', flgEnabled: false } });
    expect(off.body).toMatchObject({ status: 'DISABLED', flgEnabled: false });
    expect((await dealer5.get('/api/v1/secure/user')).status).toBe(401);
    await expect(ApiClient.login(base, 'dealer5')).rejects.toThrow(/403/);
    const on = await customer.put(`${A}/enable-dealer`, { body: { idDealer: 'D-1005', flgEnabled: true } });
    expect(on.body.status).toBe('ENABLED');
    await ApiClient.login(base, 'dealer5');
  });

  test('partner capabilities grant and take the reference user\'s role (ADMIN only)', async () => {
    refused(await customer.put(`${A}/enable-exhibitor`, { body: { idDealer: 'D-1006', flgEnabled: true } }), 403);
    const on = await admin.put(`${A}/enable-exhibitor`, { body: { idDealer: 'D-1006', flgEnabled: true } });
    expect(on.body.capabilities).toEqual({ auctioneer: false, exhibitor: true, multiAuctioneer: false });
    expect((await admin.get(`${A}/dealer-reference?idDealer=D-1006`)).body.roles).toContain('EXHIBITOR');
    expect((await admin.get(`${A}/exhibitor?limit=100`)).body.items.map((r: any) => r.idDealer)).toEqual(expect.arrayContaining(['D-1006', 'D-EXHB']));
    await admin.put(`${A}/enable-multi-auctioneer`, { body: { idDealer: 'D-1006', flgEnabled: true } });
    expect((await admin.get(`${A}/dealer-reference?idDealer=D-1006`)).body.roles).toEqual(expect.arrayContaining(['EXHIBITOR', 'MULTI_AUCTIONEER']));
    await admin.put(`${A}/enable-exhibitor`, { body: { idDealer: 'D-1006', flgEnabled: false } });
    await admin.put(`${A}/enable-multi-auctioneer`, { body: { idDealer: 'D-1006', flgEnabled: false } });
    expect((await admin.get(`${A}/dealer-reference?idDealer=D-1006`)).body.roles).not.toEqual(expect.arrayContaining(['EXHIBITOR']));
    expect((await admin.get(`${A}/exhibitor?limit=100`)).body.items.map((r: any) => r.idDealer)).not.toContain('D-1006');
    const auct = await admin.put(`${A}/enable-auctioneer`, { body: { idDealer: 'D-1008', flgEnabled: true } });
    expect(auct.body.capabilities.auctioneer).toBe(true);
    expect((await admin.get(`${A}/dealer-auctioneer?market=IT`)).body.items.map((p: any) => p.idDealer)).toEqual(expect.arrayContaining(['D-AUCT', 'D-1008']));
    // A page, by business name: one at a time, each once; over 100 is refused.
    const first = await admin.get(`${A}/dealer-auctioneer?market=IT&limit=1`);
    const second = await admin.get(`${A}/dealer-auctioneer?market=IT&limit=1&offset=1`);
    expect([first.body.items.length, second.body.items.length, first.body.total]).toEqual([1, 1, 2]);
    expect(first.body.items[0].idDealer).not.toBe(second.body.items[0].idDealer);
  });

  test('delete (ADMIN): refused for a dealer owning or bidding in a running auction, else gone from lists with its users disabled', async () => {
    refused(await customer.delete(`${A}/dealer?idDealer=D-1007`), 403);
    refused(await admin.delete(`${A}/dealer?idDealer=D-AUCT`), 409, 409130);
    // A user of D-1002 bids in the running demo auction: its dealer may not be deleted now.
    const dealer2 = await ApiClient.login(base, 'dealer2');
    const running = (await dealer2.get('/api/v1/secure/running-auctions')).body;
    const auctions = (Array.isArray(running) ? running : running.items ?? []) as { idAuction: string }[];
    expect(auctions.length).toBeGreaterThan(0);
    const idAuction = auctions[0]!.idAuction;
    expect((await dealer2.patch(`/api/v1/secure/auction/${idAuction}/accept-regulation`)).status).toBeLessThan(300);
    const lot = (await dealer2.get(`/api/v1/secure/auction/${idAuction}`)).body.lots.at(-1);
    const bid = await dealer2.post(`/api/v1/secure/auction/${idAuction}/offer/${lot.idLot}`, { body: { offer: (lot.bestOffer ?? lot.basePrice - lot.minIncrement) + lot.minIncrement } });
    expect(bid.status).toBe(201);
    refused(await admin.delete(`${A}/dealer?idDealer=D-1002`), 409, 409130);
    expect((await admin.get(`${A}/dealer?idDealer=D-1002`)).body.status).toBe('ENABLED');
    const res = await admin.delete(`${A}/dealer?idDealer=D-1007`);
    expect([res.status, describeResult(res)]).toEqual([204, expect.any(String)]);
    expect((await admin.get(`${SEARCH}?idDealer=D-1007`)).body.total).toBe(0);
    expect((await admin.get(`${SEARCH}?idDealer=D-1007&status=DELETED`)).body.total).toBe(1);
    refused(await admin.get(`${A}/dealer?idDealer=D-1007`), 404, 404040);
    refused(await admin.delete(`${A}/dealer?idDealer=D-1007`), 404, 404040);
    await expect(ApiClient.login(base, 'dealer7')).rejects.toThrow(/403/);
  });

  test('role matrix: a dealer is refused everywhere, a read-only ADMIN may read and not change', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', SEARCH], ['GET', `${A}/dealer?idDealer=D-1001`], ['POST', `${A}/dealer`, {}], ['PUT', `${A}/dealer`, { idDealer: 'D-1001' }],
      ['DELETE', `${A}/dealer?idDealer=D-1001`], ['GET', `${A}/dealer/dac?vatCode=x`], ['GET', `${A}/dealer-to-configure`],
      ['GET', `${A}/dealer-to-configure/export`], ['GET', `${A}/dealer-to-configure-count`], ['GET', `${A}/dealer-reference?idDealer=D-1001`],
      ['PUT', `${A}/enable-dealer`, { idDealer: 'D-1001', flgEnabled: false }], ['GET', `${A}/auctioneer`], ['GET', `${A}/exhibitor`],
      ['GET', `${A}/dealer-auctioneer?market=IT`], ['PUT', `${A}/enable-auctioneer`, { idDealer: 'D-1001', flgEnabled: true }],
      ['PUT', `${A}/enable-exhibitor`, { idDealer: 'D-1001', flgEnabled: true }], ['PUT', `${A}/enable-multi-auctioneer`, { idDealer: 'D-1001', flgEnabled: true }],
    ];
    for (const [method, path, body] of calls) refused(await dealer1.request(method, path, body === undefined ? {} : { body }), 403, 403001);
    for (const [method, path, body] of calls.filter(([m]) => m !== 'GET')) refused(await auditor.request(method, path, body === undefined ? {} : { body }), 403);
    expect((await auditor.get(`${A}/dealer?idDealer=D-1001`)).status).toBe(200);
    refused(await auditor.put(`${A}/enable-dealer`, { body: { idDealer: 'D-1001', flgEnabled: false } }), 403, 403020);
    for (const path of ['enable-auctioneer', 'enable-exhibitor', 'enable-multi-auctioneer']) {
      refused(await customer.put(`${A}/${path}`, { body: { idDealer: 'D-1001', flgEnabled: true } }), 403, 403001);
    }
  });

  test('hostile input: numeric error codes, never a 500, nothing changed', async () => {
    const bad: [string, string, unknown?][] = [
      ['GET', `${SEARCH}?limit=0`], ['GET', `${SEARCH}?limit=abc`], ['GET', `${SEARCH}?limit=101`], ['GET', `${SEARCH}?offset=-1`],
      ['GET', `${SEARCH}?sortField=password`], ['GET', `${SEARCH}?sortOrder=up`], ['GET', `${SEARCH}?createFrom=yesterday`],
      ['GET', `${SEARCH}?createTo=2026-13-45`], ['GET', `${SEARCH}?flgIam=maybe`], ['GET', `${SEARCH}?idMarket=XX`], ['GET', `${SEARCH}?status=GONE`],
      ['GET', `${SEARCH}?businessName=${'x'.repeat(500)}`], ['GET', `${SEARCH}?businessName=%00`], ['GET', `${SEARCH}?vatCodes=${'a,'.repeat(60)}`],
      ['GET', `${A}/dealer?limit=0`], ['GET', `${A}/dealer?sortField=password`], ['GET', `${A}/dealer?createTo=2026-13-45`],
      ['GET', `${A}/dealer?idDealer=../../etc`], ['GET', `${A}/dealer?idDealer=${'x'.repeat(65)}`],
      ['GET', `${A}/dealer/dac`], ['GET', `${A}/dealer/dac?vatCode=`], ['GET', `${A}/dealer-auctioneer?market=MARS`], ['GET', `${A}/dealer-auctioneer`], ['GET', `${A}/dealer-auctioneer?market=IT&limit=101`],
      ['PUT', `${A}/enable-dealer`, { idDealer: 'D-1001' }], ['PUT', `${A}/enable-dealer`, { idDealer: 'D-1001', flgEnabled: 'yes' }],
      ['PUT', `${A}/enable-dealer`, { idDealer: 'D-1001', flgEnabled: false, extra: 1 }], ['PUT', `${A}/enable-dealer`, [1, 2]],
      ['PUT', `${A}/enable-auctioneer`, { idDealer: null, flgEnabled: true }],
      ['POST', `${A}/dealer`, { businessName: 'x' }], ['POST', `${A}/dealer`, 'text'],
      ['PUT', `${A}/dealer`, { idDealer: 'D-1001', email: 'not-an-email' }], ['PUT', `${A}/dealer`, { idDealer: 'D-1001', businessName: 'y'.repeat(51) }],
      ['PUT', `${A}/dealer`, { idDealer: 'D-1001', password: 'x' }], ['DELETE', `${A}/dealer`],
    ];
    for (const [method, path, body] of bad) {
      const res = await admin.request(method, path, body === undefined ? {} : { body });
      expect({ path, body, status: res.status }).toEqual({ path, body, status: 400 });
      expect(typeof res.body?.errorCode).toBe('number');
    }
    const raw = await admin.put(`${A}/enable-dealer`, { rawBody: '{"idDealer":', contentType: 'application/json' });
    expect(raw.status).toBe(400);
    refused(await admin.get(`${A}/dealer?idDealer=D-NOPE`), 404, 404040);
    refused(await admin.put(`${A}/enable-dealer`, { body: { idDealer: 'D-NOPE', flgEnabled: true } }), 404, 404040);
    const d1 = await admin.get(`${A}/dealer?idDealer=D-1001`);
    expect(d1.body).toMatchObject({ status: 'ENABLED', businessName: 'Demo Motors 1001' });
  });

  test('market scope: a customer-centre user limited to another market is refused (403021) and sees none of these dealers', async () => {
    const narrowed = await admin.put(`${A}/user`, { body: { idUser: 'customer', adminEnabledMarket: ['DE'] } });
    expect([narrowed.status, describeResult(narrowed)]).toEqual([200, expect.any(String)]);
    const de = await ApiClient.login(base, 'customer');
    refused(await de.get(`${A}/dealer?idDealer=D-1001`), 403, 403021);
    refused(await de.put(`${A}/enable-dealer`, { body: { idDealer: 'D-1001', flgEnabled: false } }), 403, 403021);
    refused(await de.put(`${A}/dealer`, { body: { idDealer: 'D-1001', city: 'Berlin' } }), 403, 403021);
    refused(await de.get(`${A}/dealer-reference?idDealer=D-1001`), 403, 403021);
    refused(await de.get(`${SEARCH}?idMarket=IT`), 403, 403021);
    refused(await de.get(`${A}/dealer-auctioneer?market=IT`), 403, 403021);
    expect((await de.get(SEARCH)).body.total).toBe(0);
    expect((await de.get(`${A}/dealer-to-configure-count`)).body.count).toBe(0);
    expect((await de.get(`${A}/dealer/dac?vatCode=IT01234567897`)).body).toEqual([]);
    refused(await de.post(`${A}/dealer`, { body: {
      businessName: 'Scope Cars', vatCode: 'IT09876543211', address: 'Via X 1', city: 'Roma', postalCode: '00100', email: `hd-scope-${tag()}@example.com`,
      country: 'IT', referenceName: 'A', referenceSurname: 'B', referenceEmail: `hd-scope-ref-${tag()}@example.com`,
    } }), 403, 403021);
    expect((await admin.get(`${A}/dealer?idDealer=D-1001`)).body.city).toBe('Milano');
  });
});
