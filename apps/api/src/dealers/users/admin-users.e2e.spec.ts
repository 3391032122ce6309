/**
 * The users back-office (issue 14) through HTTP against the real built server on PostgreSQL, with the embedded mail
 * catcher: the card and the list (market scope, server paging and sorting, no-store), the edit (personal fields
 * beside the log, their rules), enable/disable (the session, the mobile token and the live connection end at once,
 * a new login is refused 403011, a re-enable lets a new login in), the password-reset link (a link, never a password),
 * permissions (only ADMIN; never one's own staff role; a VISITOR sees auctions and cannot bid or buy), delete; the role
 * matrix (dealer, auctioneer, customer centre, read-only auditor 403020, another market 403021) and hostile input.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { knownLiveTag } from '../../testing/access-tag.test-support.js';
import { LiveSocketRecorder, until } from '../../testing/live.test-support.js';
import { createAuctionBody, paths, runTag, type AuctionView } from '../../testing/auction.test-support.js';
import {
  ApiClient, DEMO_PASSWORD, ServerClock, createStorage, describeResult, isCleanError, sleep, startServer, type ApiResult, type RunningServer, type ServerStorage,
} from '../../testing/server.test-support.js';

const USER = '/api/v1/admin/user';
const USERS = '/api/v1/admin/users';
const ENABLE = '/api/v1/admin/user/enable-disable';
const RESET = '/api/v1/admin/user/reset-pwd';
const PERMISSION = '/api/v1/admin/user/permission';
const ME = '/api/v1/secure/user';

const refused = (res: ApiResult, status: number, code: number) => {
  expect({ status: res.status, code: res.body?.errorCode }).toEqual({ status, code });
  expect(isCleanError(res, status)).toBe(true);
};

describe('users back-office: card, list, edit, enable/disable, reset link, permissions, delete (PostgreSQL)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let base: string;
  let anonymous: ApiClient;
  const c = {} as Record<'admin' | 'customer' | 'auditor' | 'auctioneer' | 'dealer1', ApiClient>;
  const sockets: LiveSocketRecorder[] = [];

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage);
    base = server.baseUrl;
    anonymous = ApiClient.anonymous(base);
    for (const name of ['admin', 'customer', 'auditor', 'auctioneer', 'dealer1'] as const) c[name] = await ApiClient.login(base, name);
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
    await storage?.dispose();
  });

  test('GET /admin/user: the card with personal data, never cached; staff only; unknown 404060; bad id 400', async () => {
    const res = await c.customer.get(`${USER}?idUser=dealer1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toMatchObject({ idUser: 'dealer1', roles: ['USER', 'BUYER'], idDealer: 'D-1001', idMarket: 'IT', state: 'ENABLED', readOnly: false, disabledAt: null });
    expect(res.body.personal.email).toBe('dealer1@demo.example');
    expect((await c.auditor.get(`${USER}?idUser=dealer1`)).status).toBe(200);
    refused(await c.dealer1.get(`${USER}?idUser=dealer1`), 403, 403001);
    refused(await c.auctioneer.get(`${USER}?idUser=dealer1`), 403, 403001);
    refused(await anonymous.get(`${USER}?idUser=dealer1`), 401, 401001);
    refused(await c.admin.get(`${USER}?idUser=nobody-here`), 404, 404060);
    for (const q of ['', '?idUser=', '?idUser=a%20b', `?idUser=${'x'.repeat(65)}`, '?idUser=a&idUser=b']) expect(isCleanError(await c.admin.get(`${USER}${q}`), 400)).toBe(true);
  });

  test('GET /admin/users: filtered, sorted and paged by the server; pages never overlap', async () => {
    const page1 = await c.admin.get(`${USERS}?role=BUYER&sortField=username&sortOrder=desc&limit=5`);
    expect(page1.status).toBe(200);
    expect(page1.headers.get('cache-control')).toBe('private, no-store');
    expect(page1.body.total).toBeGreaterThanOrEqual(70);
    const names = page1.body.items.map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
    const page2 = await c.admin.get(`${USERS}?role=BUYER&sortField=username&sortOrder=desc&limit=5&offset=5`);
    expect(page2.body.items.map((u: { username: string }) => u.username).some((n: string) => names.includes(n))).toBe(false);
    const byEmail = await c.customer.get(`${USERS}?email=DEALER3@demo.example`);
    expect(byEmail.body).toMatchObject({ total: 1, items: [{ idUser: 'dealer3', email: 'dealer3@demo.example', state: 'ENABLED' }] });
    const byName = await c.customer.get(`${USERS}?username=ealer1&idDealer=D-1001`);
    expect(byName.body.items.map((u: { idUser: string }) => u.idUser)).toEqual(['dealer1']);
    refused(await c.customer.get(`${USERS}?idMarket=OTHER`), 403, 403021);
    refused(await c.dealer1.get(USERS), 403, 403001);
    for (const q of ['?sortField=password', '?limit=0', '?limit=101', '?offset=-1', '?flgEnabled=yes', '?role=KING', '?idMarket=XX', `?username=${'a'.repeat(101)}`]) {
      expect(isCleanError(await c.admin.get(`${USERS}${q}`), 400)).toBe(true);
    }
  });

  test('PUT /admin/user: non-personal and personal fields; names only in the event; rules of the forms', async () => {
    const res = await c.customer.put(USER, { body: { idUser: 'dealer2', name: 'Carla', surname: 'Verdi', phone: '+39 02 1234', preferredLanguage: 'IT' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toMatchObject({ preferredLanguage: 'it', personal: { name: 'Carla', surname: 'Verdi', phone: '+39 02 1234', email: 'dealer2@demo.example' } });
    const stream = await c.admin.get('/api/v1/admin/events/stream/user-dealer2');
    const edit = stream.body.filter((e: { type: string }) => e.type === 'UserEditedByAdmin').at(-1);
    expect(edit.data).toMatchObject({ idUser: 'dealer2', by: 'customer', preferredLanguage: 'it', personalFields: ['name', 'phone', 'surname'] });
    expect(JSON.stringify(edit)).not.toMatch(/Carla|Verdi|1234/);

    refused(await c.customer.put(USER, { body: { idUser: 'dealer2', email: 'dealer3@demo.example' } }), 409, 409111);
    // A language the user's market (IT) does not offer is refused by the market's rule (422520); a repeated save records nothing new.
    expect(isCleanError(await c.customer.put(USER, { body: { idUser: 'dealer2', preferredLanguage: 'de' } }), 422)).toBe(true);
    expect((await c.customer.put(USER, { body: { idUser: 'dealer2', name: 'Carla', preferredLanguage: 'it' } })).status).toBe(200);
    const again = await c.admin.get('/api/v1/admin/events/stream/user-dealer2');
    expect(again.body.length).toBe(stream.body.length);
    refused(await c.customer.put(USER, { body: { idUser: 'dealer2', fiscalCode: 'RSSMRA85T10A562S', birthDate: '1985-12-10' } }), 422, 422103);
    refused(await c.customer.put(USER, { body: { idUser: 'customer', adminEnabledMarket: ['IT'] } }), 403, 403001);
    refused(await c.customer.put(USER, { body: { idUser: 'admin', name: 'Mallory' } }), 403, 403040);
    refused(await c.auditor.put(USER, { body: { idUser: 'dealer2', name: 'Audit' } }), 403, 403020);
    refused(await c.dealer1.put(USER, { body: { idUser: 'dealer1', readOnly: true } }), 403, 403001);
    refused(await c.admin.put(USER, { body: { idUser: 'dealer2', idDealer: 'D-NOPE' } }), 404, 404040);
    for (const body of [
      { idUser: 'dealer2', username: 'x' }, { idUser: 'dealer2', roles: ['ADMIN'] }, { idUser: 'dealer2', flgEnabled: false },
      { idUser: 'dealer2', email: 'not-an-email' }, { idUser: 'dealer2', birthDate: '2026-02-31' }, { idUser: 'dealer2', name: 'a\u0000b' },
      { idUser: 'dealer2', name: '   ' }, { idUser: 'dealer2', phone: '-----' }, { idUser: 'dealer2', idMarket: 'XX' }, { idUser: 'dealer2', readOnly: 'yes' },
      { idUser: 'dealer2', name: 'x'.repeat(81) }, { name: 'Carla' }, [], null,
    ]) {
      const bad = await c.admin.put(USER, { body });
      expect({ body, ok: isCleanError(bad, 400) }).toEqual({ body, ok: true });
    }
    expect(isCleanError(await c.admin.put(USER, { rawBody: '{"idUser": "dealer2",' }), 400)).toBe(true);
    const after = await c.admin.get(`${USER}?idUser=dealer2`);
    expect(after.body.personal).toMatchObject({ name: 'Carla', email: 'dealer2@demo.example', fiscalCode: null });
    expect(after.body.roles).toEqual(['USER', 'BUYER']);
  });

  test('market scope: a user moved to OTHER is out of the customer centre\'s reach (403021), not the admin\'s', async () => {
    refused(await c.customer.put(USER, { body: { idUser: 'dealer4', idMarket: 'OTHER' } }), 403, 403021);
    expect((await c.admin.put(USER, { body: { idUser: 'dealer4', idMarket: 'OTHER' } })).body).toMatchObject({ idMarket: 'OTHER' });
    refused(await c.customer.get(`${USER}?idUser=dealer4`), 403, 403021);
    refused(await c.customer.patch(ENABLE, { body: { idUser: 'dealer4', flgEnabled: false } }), 403, 403021);
    refused(await c.customer.patch(RESET, { body: { idUser: 'dealer4' } }), 403, 403021);
    const list = await c.customer.get(`${USERS}?idDealer=D-1004`);
    expect(list.body.total).toBe(0);
    expect((await c.admin.get(`${USERS}?idDealer=D-1004`)).body.total).toBe(1);
  });

  test('disable ends the cookie session, the mobile token and the live connection at once; login 403011; re-enable lets a new login in', async () => {
    const { client: page } = await ApiClient.loginWithCookie(base, 'dealer6');
    const mobile = await ApiClient.login(base, 'dealer6');
    const socket = await LiveSocketRecorder.connect(base, { token: mobile.credentials.token });
    sockets.push(socket);
    const closed = closedAt(socket.socket);
    expect((await page.get(ME)).status).toBe(200);

    const res = await c.customer.patch(ENABLE, { body: { idUser: 'dealer6', flgEnabled: false } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ flgEnabled: false, state: 'DISABLED' });
    expect(typeof res.body.disabledAt).toBe('string');
    for (const client of [page, mobile]) expect((await client.get(ME)).status).toBe(401);
    await until(() => closed() !== null, 3_000, () => 'the live connection of the disabled user is still open');
    refused(await anonymous.post('/api/v1/mobile/token', { body: { username: 'dealer6', password: DEMO_PASSWORD } }), 403, 403011);
    refused(await anonymous.post('/api/v1/open/login', { body: { username: 'dealer6', password: DEMO_PASSWORD } }), 403, 403011);
    // A second disable changes nothing; the customer centre cannot disable itself.
    expect((await c.customer.patch(ENABLE, { body: { idUser: 'dealer6', flgEnabled: false } })).status).toBe(200);
    refused(await c.customer.patch(ENABLE, { body: { idUser: 'customer', flgEnabled: false } }), 409, 409120);
    refused(await c.auditor.patch(ENABLE, { body: { idUser: 'dealer6', flgEnabled: true } }), 403, 403020);
    refused(await c.auctioneer.patch(ENABLE, { body: { idUser: 'dealer6', flgEnabled: true } }), 403, 403001);

    expect((await c.admin.patch(ENABLE, { body: { idUser: 'dealer6', flgEnabled: true } })).body).toMatchObject({ flgEnabled: true, state: 'ENABLED' });
    expect((await mobile.get(ME)).status).toBe(401);
    const again = await ApiClient.login(base, 'dealer6');
    expect((await again.get(ME)).status).toBe(200);
    for (const body of [{ idUser: 'dealer6' }, { idUser: 'dealer6', flgEnabled: 'false' }, { idUser: 'dealer6', flgEnabled: false, extra: 1 }]) {
      expect(isCleanError(await c.admin.patch(ENABLE, { body }), 400)).toBe(true);
    }
  }, 60_000);

  test('reset-pwd mails a recovery link (never a password) that sets a new password; limited per user', async () => {
    const res = await c.customer.patch(RESET, { body: { idUser: 'dealer7' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ idUser: 'dealer7', mailed: true });
    const message = await caughtMail(c.admin, 'dealer7@demo.example');
    expect(message.text).not.toContain(DEMO_PASSWORD);
    expect(message.text).toMatch(/https?:\/\/[^\s<>"]*password-recovery\?tag=/);
    // The catcher masks the tag (issue 21 item 1): the test follows the link through the tag it now knows.
    const tag = await knownLiveTag(storage.databaseUrl!, 'dealer7');
    const password = 'Reset#Parola2026';
    const verify = await anonymous.post('/api/v1/open/verify-pwd-recovery', { body: { username: 'dealer7', hash: tag, password, confPassword: password } });
    expect(verify.status).toBe(204);
    expect((await ApiClient.login(base, 'dealer7', password).then((cl) => cl.get(ME))).status).toBe(200);

    let last: ApiResult | undefined;
    for (let i = 0; i < 6; i++) last = await c.admin.patch(RESET, { body: { idUser: 'dealer8' } });
    refused(last!, 429, 429001);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
    refused(await c.customer.patch(RESET, { body: { idUser: 'admin' } }), 403, 403040);
    refused(await c.dealer1.patch(RESET, { body: { idUser: 'dealer1' } }), 403, 403001);
    expect(isCleanError(await c.admin.patch(RESET, { body: { idUser: ['dealer7'] } }), 400)).toBe(true);
  }, 60_000);

  test('permissions: ADMIN only; only ADMIN grants staff roles; not one\'s own staff role; a VISITOR sees auctions, never bids or buys', async () => {
    const tag = runTag();
    const clock = await ServerClock.sync(c.auctioneer);
    const now = Math.ceil(clock.now() / 1000) * 1000;
    const body = createAuctionBody({
      name: `Visitor ${tag}`, startMs: now - 60_000, endMs: now + 3_600_000, regulationRequired: false,
      extension: { windowSeconds: 0, extendSeconds: 0 }, lots: [{ licensePlate: `VI${tag}`, basePrice: 5000, minIncrement: 100 }],
    });
    const created = await c.auctioneer.post<AuctionView>(paths.auctions, { body });
    if (created.status !== 201) throw new Error(describeResult(created));
    const { idAuction, lots: [lot] } = created.body;

    const visitor = await ApiClient.login(base, 'dealer9');
    expect((await c.admin.delete(`${PERMISSION}?permission=BUYER&userID=dealer9`)).body.roles).toEqual(['USER']);
    const granted = await c.admin.post(PERMISSION, { body: { idUser: 'dealer9', permission: 'VISITOR' } });
    expect(granted.status).toBe(200);
    expect(granted.body.roles).toEqual(['USER', 'VISITOR']);
    expect((await visitor.get(paths.auction(idAuction))).status).toBe(200);
    expect((await visitor.get('/api/v1/secure/showcase')).status).toBe(200);
    refused(await visitor.post(paths.offer(idAuction, lot!.idLot), { body: { offer: 5000, clickAndBuy: false } }), 403, 403001);
    refused(await visitor.put('/api/v1/secure/showcase/buy', { body: { idVehicle: 'any' } }), 403, 403001);
    // The same call by a buyer goes through: the refusal is the role's.
    expect((await c.dealer1.post(paths.offer(idAuction, lot!.idLot), { body: { offer: 5000, clickAndBuy: false } })).status).toBe(201);

    refused(await c.customer.post(PERMISSION, { body: { idUser: 'dealer9', permission: 'BUYER' } }), 403, 403001);
    refused(await c.admin.delete(`${PERMISSION}?permission=ADMIN&userID=admin`), 409, 409120);
    refused(await c.auditor.post(PERMISSION, { body: { idUser: 'dealer9', permission: 'BUYER' } }), 403, 403020);
    expect(isCleanError(await c.admin.post(PERMISSION, { body: { idUser: 'dealer9', permission: 'KING' } }), 400)).toBe(true);
    expect(isCleanError(await c.admin.delete(`${PERMISSION}?permission=BUYER`), 400)).toBe(true);
    expect(isCleanError(await c.admin.delete(`${PERMISSION}?permission=buyer&userID=dealer9`), 400)).toBe(true);
  }, 60_000);

  test('DELETE /admin/user: ADMIN only; the user can no longer log in; later changes 410020; not oneself', async () => {
    const victim = await ApiClient.login(base, 'dealer10');
    refused(await c.customer.delete(`${USER}?idUser=dealer10`), 403, 403001);
    refused(await c.auditor.delete(`${USER}?idUser=dealer10`), 403, 403020);
    refused(await c.admin.delete(`${USER}?idUser=admin`), 409, 409120);
    const res = await c.admin.delete(`${USER}?idUser=dealer10`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ idUser: 'dealer10', state: 'DELETED' });
    expect((await victim.get(ME)).status).toBe(401);
    expect((await anonymous.post('/api/v1/mobile/token', { body: { username: 'dealer10', password: DEMO_PASSWORD } })).status).toBe(401);
    expect((await c.admin.get(`${USER}?idUser=dealer10`)).body).toMatchObject({ state: 'DELETED', flgEnabled: false });
    refused(await c.admin.patch(ENABLE, { body: { idUser: 'dealer10', flgEnabled: true } }), 410, 410020);
    refused(await c.admin.put(USER, { body: { idUser: 'dealer10', name: 'Back' } }), 410, 410020);
    refused(await c.admin.post(PERMISSION, { body: { idUser: 'dealer10', permission: 'BUYER' } }), 410, 410020);
    refused(await c.admin.delete(`${USER}?idUser=dealer10`), 410, 410020);
    refused(await c.admin.delete(`${USER}?idUser=nobody-here`), 404, 404060);
  });
});

function closedAt(socket: Socket): () => number | null {
  let at: number | null = null;
  socket.on('disconnect', () => { at ??= Date.now(); });
  return () => at;
}

/** The newest mail the embedded catcher holds for `to` (waits for it). */
async function caughtMail(admin: ApiClient, to: string): Promise<{ text: string; subject: string }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const list = await admin.get(`/api/v1/admin/mail?to=${encodeURIComponent(to)}`);
    const first = list.body?.items?.[0];
    if (first) return (await admin.get(`/api/v1/admin/mail/${first.id}`)).body;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}: ${describeResult(list)}`);
    await sleep(200);
  }
}
