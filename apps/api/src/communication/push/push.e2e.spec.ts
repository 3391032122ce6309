/**
 * Issue 23 item 4: push notifications reach the local FCM-protocol test double (started here: FCM itself cannot be
 * reached from this machine) with the device token registered through POST /mobile/fcm-token, the right title, body and
 * data, and a bearer token the double issued to the configured service account; roles, bad bodies, the outbid notice.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { paths, runTag } from '../../testing/auction.test-support.js';
import { ApiClient, createStorage, sleep, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { FcmTestDouble } from './fcm-test-double.js';

const PUSH = '/api/v1/admin/push-notification';
const FCM = '/api/v1/mobile/fcm-token';
interface View { idNotification: string; devices: number; route: string; counts: Record<string, number> }
/** Polls `probe` until `ok` holds of its value (or the time is up: the last value, for the assertion to show). */
async function eventually<T>(probe: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > until) return value;
    await sleep(50);
  }
}
const code = (res: { status: number; body: unknown }) => `${res.status} ${(res.body as { errorCode?: number } | null)?.errorCode}`;

describe('push notifications', () => {
  let double: FcmTestDouble;
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  let admin: ApiClient;
  const tag = runTag().toLowerCase();

  beforeAll(async () => {
    double = await FcmTestDouble.start({ projectId: 'e2e-auction-push' });
    storage = await createStorage('postgres');
    server = await startServer(storage, {
      FCM_SERVICE_ACCOUNT: JSON.stringify(double.serviceAccount()), FCM_PROJECT_ID: double.projectId, FCM_BASE_URL: double.url,
    });
    admin = await ApiClient.login(server.baseUrl, 'admin');
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
    await double?.close();
  });

  test('a push reaches the double with the registered token, title, body, data and a valid bearer token', async () => {
    const dealer = await ApiClient.login(server!.baseUrl, 'dealer1');
    const token = `e2e-${tag}-dealer1:${'p'.repeat(100)}`;
    expect((await dealer.post(FCM, { body: { fcmToken: token } })).status).toBe(204);
    double.addDevice(token);
    const started = Date.now();
    const sent = await admin.post<View>(PUSH, { body: { title: 'New stock', body: 'Forty vehicles from Milan', type: 'info', idUsers: ['dealer1'] } });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ devices: 1, route: '/private' });
    const message = await eventually(() => double.received.find((m) => m.token === token), (m) => m !== undefined, 15_000);
    expect(message).toMatchObject({
      projectId: 'e2e-auction-push', notification: { title: 'New stock', body: 'Forty vehicles from Milan' },
      data: { type: 'info', route: '/private', click_action: '/private', idNotification: sent.body.idNotification },
    });
    expect(message!.accessToken).toMatch(/^ya29\.double-/);
    expect(double.tokensIssued).toBeGreaterThanOrEqual(1);
    const deliveries = await eventually(() => admin.get(`${PUSH}/${sent.body.idNotification}/deliveries`), (r) => r.body.items?.[0]?.state === 'SENT', 10_000);
    expect(deliveries.body.items).toEqual([expect.objectContaining({ idUser: 'dealer1', username: 'dealer1', state: 'SENT', device: `…${token.slice(-6)}`, fcmMessage: message!.name })]);

    // Type test opens home (spec 01 §4).
    const home = await admin.post<View>(PUSH, { body: { title: 'Test', body: 'Ping', type: 'test', idUsers: ['dealer1'] } });
    expect(home.body.route).toBe('/');
    const ping = await eventually(() => double.received.find((m) => m.data?.idNotification === home.body.idNotification), (m) => m !== undefined, 15_000);
    expect(ping!.data).toMatchObject({ route: '/', click_action: '/', type: 'test' });
    const list = await admin.get<{ total: number; items: View[] }>(`${PUSH}?limit=1`);
    expect([list.status, list.body.items[0]!.idNotification, list.body.total >= 2]).toEqual([200, home.body.idNotification, true]);

    // The logout of the session that registered the device forgets it: nothing left to send to.
    expect((await dealer.post('/api/v1/secure/logout')).status).toBe(204);
    expect(code(await admin.post(PUSH, { body: { title: 'Again', body: 'x', type: 'info', idUsers: ['dealer1'] } }))).toBe('422 422410');
  }, 60_000);

  test('refusals: roles, bad bodies, unknown recipients and notifications', async () => {
    const body = { title: 'T', body: 'B', type: 'info', idUsers: ['dealer2'] };
    const dealer = await ApiClient.login(server!.baseUrl, 'dealer2');
    expect(code(await dealer.post(PUSH, { body }))).toBe('403 403001');
    expect(code(await dealer.get(PUSH))).toBe('403 403001');
    expect((await ApiClient.anonymous(server!.baseUrl).post(PUSH, { body })).status).toBe(401);
    for (const bad of [{ ...body, idUsers: undefined }, { ...body, type: 'Not A Type' }, { ...body, title: '' }, { ...body, title: 'two\nlines' },
      { ...body, extra: 1 }, { ...body, idUsers: ['dealer2', 'dealer2'] }, { ...body, market: 'XX' }]) {
      expect(code(await admin.post(PUSH, { body: bad }))).toBe('400 400001');
    }
    expect(code(await admin.post(PUSH, { body: { ...body, idUsers: ['nobody-here'] } }))).toBe('404 404411');
    expect(code(await admin.post(PUSH, { body: { ...body, idUsers: undefined, idDealers: ['no-such-dealer'] } }))).toBe('404 404411');
    const before = (await admin.get<{ total: number }>(`${PUSH}?limit=1`)).body.total;
    expect(code(await admin.post(PUSH, { body: { ...body, idUsers: ['dealer9'] } }))).toBe('422 422410');
    expect((await admin.get<{ total: number }>(`${PUSH}?limit=1`)).body.total).toBe(before);
    expect(code(await admin.get(`${PUSH}/push-nope`))).toBe('404 404410');
    expect(code(await admin.get(`${PUSH}?limit=1000`))).toBe('400 400001');
  });

  test("an outbid dealer's devices get a push, never inside the bidder's request", async () => {
    const outbid = await ApiClient.login(server!.baseUrl, 'dealer4');
    const bidder = await ApiClient.login(server!.baseUrl, 'dealer5');
    const token = `e2e-${tag}-dealer4-phone`;
    expect((await outbid.post(FCM, { body: { fcmToken: token } })).status).toBe(204);
    double.addDevice(token);
    const running = (await outbid.get('/api/v1/secure/running-auctions')).body;
    const list = (Array.isArray(running) ? running : running.items ?? []) as { idAuction: string }[];
    const idAuction = list[0]!.idAuction;
    for (const d of [outbid, bidder]) expect((await d.patch(paths.acceptRegulation(idAuction))).status).toBeLessThan(300);
    const view = (await outbid.get(paths.auction(idAuction))).body;
    const lot = view.lots[view.lots.length - 1];
    const first = (lot.bestOffer ?? lot.basePrice - lot.minIncrement) + lot.minIncrement;
    expect((await outbid.post(paths.offer(idAuction, lot.idLot), { body: { offer: first } })).status).toBe(201);
    expect((await bidder.post(paths.offer(idAuction, lot.idLot), { body: { offer: first + lot.minIncrement } })).status).toBe(201);
    const message = await eventually(() => double.received.find((m) => m.token === token), (m) => m !== undefined, 15_000);
    expect(message!.data).toMatchObject({ type: 'outbid', route: '/private', idAuction, idLot: lot.idLot });
    expect(message!.notification?.title).toBeTruthy();
    expect(double.received.filter((m) => m.token === token)).toHaveLength(1);
    const list2 = await admin.get<{ items: (View & { source: string; type: string })[] }>(`${PUSH}?limit=5`);
    expect(list2.body.items.some((n) => n.source === 'OUTBID' && n.type === 'outbid')).toBe(true);
  }, 60_000);
});
