/**
 * Issue 23 item 3, the sellers, against the built server (PostgreSQL): the back-office's seller calls (create, read,
 * edit, delete, a market's list paged and sorted by the server, the codes its sellers cover, the configuration), the
 * seller↔dealer association with its rules (same market, an active seller, no delete while referenced), who may read
 * a dealer's reference seller (web and mobile) and the market scope of the back-office; every refusal a numeric code.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ApiClient, createStorage, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';

const A = '/api/v1/admin';

describe('sellers (PostgreSQL)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let admin: ApiClient;
  let customer: ApiClient;
  let dealer1: ApiClient;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage);
    [admin, customer, dealer1] = await Promise.all(['admin', 'customer', 'dealer1'].map((u) => ApiClient.login(server.baseUrl, u)));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('a seller is created, read, edited and listed; the demo sellers cover their codes', async () => {
    const created = await admin.post(`${A}/seller`, { body: { idMarket: 'IT', name: 'Anna', surname: 'Zeta', email: 'anna@demo.example', areas: ['PA', 'CT'], carSold: ['UP_TO_50'] } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      idSeller: expect.any(String), idMarket: 'IT', name: 'Anna', surname: 'Zeta', email: 'anna@demo.example', phone: null, areas: ['CT', 'PA'], carSold: ['UP_TO_50'], dealersCount: 0,
    });
    const { idSeller } = created.body;
    const edited = await admin.put(`${A}/seller`, { body: { idSeller, surname: 'Alfa', phone: '+39 06 123', areas: ['PA'] } });
    expect([edited.status, edited.body.surname, edited.body.phone, edited.body.areas, edited.body.name]).toEqual([200, 'Alfa', '+39 06 123', ['PA'], 'Anna']);
    expect((await admin.get(`${A}/seller?idSeller=${idSeller}`)).body.surname).toBe('Alfa');

    const bySurname = await admin.get(`${A}/seller-market?market=IT&sortField=surname&sortOrder=asc&limit=2`);
    expect([bySurname.status, bySurname.body.total, bySurname.body.items.map((s: { surname: string }) => s.surname)]).toEqual([200, 4, ['Alfa', 'Bianchi']]);
    const next = await admin.get(`${A}/seller-market?market=IT&sortField=surname&sortOrder=asc&limit=2&offset=2`);
    expect(next.body.items.map((s: { surname: string }) => s.surname)).toEqual(['Esposito', 'Rossi']);
    const desc = await admin.get(`${A}/seller-market?market=IT&sortField=dealersCount&sortOrder=desc&limit=1`);
    expect(desc.body.items[0].surname).toBe('Rossi');
    const found = await admin.get(`${A}/seller-market?market=IT&search=ANNA`);
    expect(found.body.items.map((s: { idSeller: string }) => s.idSeller)).toEqual([idSeller]);
    expect((await admin.get(`${A}/seller-market?market=DE`)).body.items.map((s: { surname: string }) => s.surname)).toEqual(['Becker']);

    const areas = await admin.get(`${A}/selected-seller-area?market=IT`);
    expect(areas.body.items).toContainEqual({ code: 'PA', idSellers: [idSeller] });
    expect(areas.body.items).toContainEqual({ code: 'MI', idSellers: ['S-IT-NORD'] });
    const carSold = await admin.get(`${A}/selected-car-sold?market=IT`);
    expect(carSold.body.items).toContainEqual({ code: 'UP_TO_50', idSellers: ['S-IT-CENTRO', idSeller].sort() });
  });

  test('a dealer\'s reference seller: associated in its market only, read by its own users (web and app) and the back office', async () => {
    const own = await dealer1.get('/api/v1/secure/reference-seller-dealer');
    expect(own.body).toEqual({ idDealer: 'D-1001', seller: { idSeller: 'S-IT-NORD', name: 'Giulia', surname: 'Bianchi', email: 's-it-nord@demo.example', phone: null } });
    expect((await dealer1.get('/api/v1/mobile/reference-seller-dealer?idDealer=D-1001')).body.seller.idSeller).toBe('S-IT-NORD');
    expect([(await dealer1.get('/api/v1/secure/reference-seller-dealer?idDealer=D-1002')).status, (await dealer1.get('/api/v1/secure/reference-seller-dealer?idDealer=D-1002')).body.errorCode]).toEqual([403, 403002]);
    // The app's call takes the token header only: a browser session is not enough.
    const { client: browser } = await ApiClient.loginWithCookie(server.baseUrl, 'dealer1');
    expect((await browser.get('/api/v1/secure/reference-seller-dealer')).status).toBe(200);
    expect((await browser.get('/api/v1/mobile/reference-seller-dealer')).status).toBe(401);

    const other = await admin.post(`${A}/associate-seller-dealer`, { body: { idDealer: 'D-1001', idSeller: 'S-DE-1' } });
    expect([other.status, other.body.errorCode]).toEqual([422, 422370]);
    const moved = await admin.post(`${A}/associate-seller-dealer`, { body: { idDealer: 'D-1001', idSeller: 'S-IT-SUD' } });
    expect([moved.status, moved.body.seller.surname]).toEqual([200, 'Esposito']);
    expect((await admin.get(`${A}/reference-seller-dealer?idDealer=D-1001`)).body.seller.idSeller).toBe('S-IT-SUD');
    expect((await dealer1.get('/api/v1/secure/reference-seller-dealer')).body.seller.idSeller).toBe('S-IT-SUD');
    expect((await admin.get(`${A}/seller?idSeller=S-IT-SUD`)).body.dealersCount).toBe(3);

    // A market that hides sellers from its dealers: the dealer reads none, the back office still does.
    const hide = await admin.post(`${A}/seller-config`, { body: { idMarket: 'IT', assignBy: 'AREA', showToDealers: false } });
    expect([hide.status, hide.body]).toEqual([200, { idMarket: 'IT', assignBy: 'AREA', showToDealers: false }]);
    expect((await admin.get(`${A}/seller-config?market=IT`)).body.assignBy).toBe('AREA');
    expect((await dealer1.get('/api/v1/secure/reference-seller-dealer')).body.seller).toBeNull();
    expect((await admin.get(`${A}/reference-seller-dealer?idDealer=D-1001`)).body.seller.idSeller).toBe('S-IT-SUD');
    await admin.post(`${A}/seller-config`, { body: { idMarket: 'IT', assignBy: 'AREA', showToDealers: true } });
    expect((await dealer1.get('/api/v1/secure/reference-seller-dealer')).body.seller.idSeller).toBe('S-IT-SUD');
    expect((await admin.get(`${A}/seller-config?market=PL`)).body).toEqual({ idMarket: 'PL', assignBy: 'MANUAL', showToDealers: true });
  });

  test('a seller still referenced is not deleted; once its dealers moved it is, and is gone from every list', async () => {
    const seller = (await admin.post(`${A}/seller`, { body: { idMarket: 'IT', name: 'Temp', surname: 'Seller' } })).body;
    await admin.post(`${A}/associate-seller-dealer`, { body: { idDealer: 'D-1003', idSeller: seller.idSeller } });
    const refused = await admin.delete(`${A}/seller?idSeller=${seller.idSeller}`);
    expect([refused.status, refused.body.errorCode]).toEqual([409, 409370]);
    // CUSTOMER_CENTER may not delete (ADMIN only).
    expect((await customer.delete(`${A}/seller?idSeller=${seller.idSeller}`)).body.errorCode).toBe(403001);
    await admin.post(`${A}/associate-seller-dealer`, { body: { idDealer: 'D-1003', idSeller: null } });
    expect((await admin.get(`${A}/reference-seller-dealer?idDealer=D-1003`)).body.seller).toBeNull();
    expect((await admin.delete(`${A}/seller?idSeller=${seller.idSeller}`)).status).toBe(204);
    expect((await admin.delete(`${A}/seller?idSeller=${seller.idSeller}`)).status).toBe(204);
    expect((await admin.get(`${A}/seller?idSeller=${seller.idSeller}`)).body.errorCode).toBe(404370);
    expect((await admin.put(`${A}/seller`, { body: { idSeller: seller.idSeller, name: 'X' } })).body.errorCode).toBe(404370);
    const gone = await admin.post(`${A}/associate-seller-dealer`, { body: { idDealer: 'D-1003', idSeller: seller.idSeller } });
    expect([gone.status, gone.body.errorCode]).toEqual([404, 404370]);
    const list = await admin.get(`${A}/seller-market?market=IT&limit=100`);
    expect(list.body.items.map((s: { idSeller: string }) => s.idSeller)).not.toContain(seller.idSeller);
  });

  test('the back office\'s market scope, the roles and bad input: numeric codes, never a 500', async () => {
    const outside = (await admin.post(`${A}/seller`, { body: { idMarket: 'OTHER', name: 'Far', surname: 'Away' } })).body;
    expect((await customer.get(`${A}/seller?idSeller=${outside.idSeller}`)).body.errorCode).toBe(403021);
    expect((await customer.put(`${A}/seller`, { body: { idSeller: outside.idSeller, name: 'X' } })).body.errorCode).toBe(403021);
    expect((await customer.post(`${A}/seller`, { body: { idMarket: 'OTHER', name: 'A', surname: 'B' } })).body.errorCode).toBe(403021);
    expect((await customer.get(`${A}/seller-market?market=OTHER`)).body.errorCode).toBe(403021);
    expect((await customer.get(`${A}/selected-car-sold?market=OTHER`)).body.errorCode).toBe(403021);
    expect((await customer.post(`${A}/seller-config`, { body: { idMarket: 'OTHER', assignBy: 'AREA', showToDealers: true } })).body.errorCode).toBe(403021);
    expect((await customer.get(`${A}/seller-market?market=IT`)).status).toBe(200);
    for (const call of [dealer1.get(`${A}/seller-market?market=IT`), dealer1.post(`${A}/seller`, { body: { idMarket: 'IT', name: 'A', surname: 'B' } }),
      dealer1.post(`${A}/associate-seller-dealer`, { body: { idDealer: 'D-1001', idSeller: 'S-IT-NORD' } })]) {
      expect((await call).body.errorCode).toBe(403001);
    }
    const bad = [
      admin.post(`${A}/seller`, { body: { idMarket: 'IT', name: '', surname: 'B' } }),
      admin.post(`${A}/seller`, { body: { idMarket: 'XX', name: 'A', surname: 'B' } }),
      admin.post(`${A}/seller`, { body: { idMarket: 'IT', name: 'A', surname: 'B', areas: ['MI', 'MI'] } }),
      admin.post(`${A}/seller`, { body: { idMarket: 'IT', name: 'A', surname: 'B', email: 'not-mail' } }),
      admin.post(`${A}/seller`, { body: { idMarket: 'IT', name: 'A', surname: 'B', extra: 1 } }),
      admin.put(`${A}/seller`, { body: { idSeller: 'S-IT-NORD', idMarket: 'DE' } }),
      admin.get(`${A}/seller`),
      admin.get(`${A}/seller-market`),
      admin.get(`${A}/seller-market?market=IT&sortField=password`),
      admin.post(`${A}/seller-config`, { body: { idMarket: 'IT', assignBy: 'RANDOM', showToDealers: true } }),
      admin.post(`${A}/associate-seller-dealer`, { body: { idDealer: 'D-1001' } }),
    ];
    for (const res of await Promise.all(bad)) expect([res.status, res.body.errorCode]).toEqual([400, 400001]);
    expect((await admin.post(`${A}/associate-seller-dealer`, { body: { idDealer: 'D-NOPE', idSeller: 'S-IT-NORD' } })).body.errorCode).toBe(404040);
    expect((await admin.get(`${A}/reference-seller-dealer?idDealer=D-NOPE`)).body.errorCode).toBe(404040);
    // A read-only administrator looks, and changes nothing.
    const auditor = await ApiClient.login(server.baseUrl, 'auditor');
    expect((await auditor.get(`${A}/seller-market?market=IT`)).status).toBe(200);
    expect((await auditor.post(`${A}/seller`, { body: { idMarket: 'IT', name: 'A', surname: 'B' } })).body.errorCode).toBe(403020);
  });
});
