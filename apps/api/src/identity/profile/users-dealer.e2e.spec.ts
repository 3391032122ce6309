/**
 * A dealer's users (`GET /secure/users-dealer`: ownership, paging and sorting by the server), the mobile push token
 * (`POST /mobile/fcm-token`: kept per user beside the log, moved when another user registers it) and a session
 * that expired on the logged check. Real servers, PostgreSQL mode, seeded with a dealer of five users.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DealerUsersPage } from '@auction/contracts';
import pg from 'pg';
import {
  ApiClient, describeResult, isCleanError, createStorage, sleep, startServer, type ApiResult, type RunningServer, type ServerStorage,
} from '../../testing/server.test-support.js';
import { SEEDED_DEALER, SEEDED_PASSWORD, seedProfileUsers } from './profile.test-support.js';

const USERS = '/api/v1/secure/users-dealer';
const FCM = '/api/v1/mobile/fcm-token';

let storage: ServerStorage;
let server: RunningServer;
const login = (username: string) => ApiClient.login(server.baseUrl, username, username.startsWith('pf-') ? SEEDED_PASSWORD : undefined);
const refusal = (res: ApiResult) => (isCleanError(res) ? `${res.status} ${res.body.errorCode}` : describeResult(res));
const names = (res: ApiResult) => (res.body.items as { username: string }[]).map((r) => r.username);

/**
 * The push-token table's rows, read straight from the server's database; without the demo's devices (the API registers
 * one for dealer1..dealer3 when it delivers to its local FCM-protocol test double, issue 23 item 4).
 */
async function pushTokens(): Promise<{ token: string; id_user: string }[]> {
  const client = new pg.Client({ connectionString: storage.databaseUrl });
  await client.connect();
  try {
    return (await client.query("SELECT token, id_user FROM public.push_tokens WHERE token NOT LIKE 'demo-device-%' ORDER BY token")).rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  storage = await createStorage('postgres');
  await seedProfileUsers(storage);
  server = await startServer(storage, { DEMO_DEALERS: '3' });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await storage?.dispose();
});

describe('GET users-dealer', () => {
  it('lists a dealer\'s users with names, e-mail and a masked IBAN, sorted by username by default', async () => {
    const res = await (await login('pf-anna')).get(`${USERS}?idDealer=${SEEDED_DEALER}`);
    expect(res.status).toBe(200);
    expect(() => DealerUsersPage.parse(res.body)).not.toThrow();
    expect(res.body.total).toBe(5);
    expect(names(res)).toEqual(['pf-anna', 'pf-bruno', 'pf-carla', 'pf-consent', 'pf-dario']);
    expect(res.body.items[0]).toEqual({
      idUser: 'pf-anna', username: 'pf-anna', roles: ['USER', 'BUYER'], flgEnabled: true, consentsGiven: true,
      name: 'Anna', surname: 'Zeta', email: 'anna@pf.example', iban: `IT${'*'.repeat(21)}3456`,
    });
    expect(res.body.items[3]).toMatchObject({ username: 'pf-consent', consentsGiven: false });
    expect(res.body.items[4]).toMatchObject({ username: 'pf-dario', name: null, surname: null, email: null, iban: null });
    expect(JSON.stringify(res.body)).not.toMatch(/fiscalCode|birthDate|BTELNE/);
  });

  it('sorts by surname (without case, users without one last) or username, either order, and pages', async () => {
    const anna = await login('pf-anna');
    const get = async (query: string) => {
      const res = await anna.get(`${USERS}?idDealer=${SEEDED_DEALER}&${query}`);
      expect(res.status).toBe(200);
      return res;
    };
    expect(names(await get('sort=surname'))).toEqual(['pf-bruno', 'pf-consent', 'pf-carla', 'pf-anna', 'pf-dario']);
    expect(names(await get('sort=surname&order=desc'))).toEqual(['pf-anna', 'pf-carla', 'pf-consent', 'pf-bruno', 'pf-dario']);
    expect(names(await get('sort=username&order=desc'))).toEqual(['pf-dario', 'pf-consent', 'pf-carla', 'pf-bruno', 'pf-anna']);
    const first = await get('sort=surname&limit=2');
    const second = await get('sort=surname&limit=2&offset=2');
    const last = await get('sort=surname&limit=2&offset=4');
    expect([first, second, last].map((r) => r.body.total)).toEqual([5, 5, 5]);
    expect([...names(first), ...names(second), ...names(last)]).toEqual(['pf-bruno', 'pf-consent', 'pf-carla', 'pf-anna', 'pf-dario']);
    expect(names(await get('offset=5'))).toEqual([]);
  });

  it('is for the dealer\'s own users and the back office only (403002), also for an unknown dealer', async () => {
    const dealer1 = await login('dealer1');
    expect(refusal(await dealer1.get(`${USERS}?idDealer=${SEEDED_DEALER}`))).toBe('403 403002');
    expect(refusal(await dealer1.get(`${USERS}?idDealer=D-1002`))).toBe('403 403002');
    expect(refusal(await dealer1.get(`${USERS}?idDealer=D-NOBODY`))).toBe('403 403002');
    expect(refusal(await (await login('auctioneer')).get(`${USERS}?idDealer=${SEEDED_DEALER}`))).toBe('403 403002');
    const own = await dealer1.get(`${USERS}?idDealer=D-1001`);
    expect(own.status).toBe(200);
    expect(names(own)).toEqual(['dealer1']);
    const admin = await (await login('admin')).get(`${USERS}?idDealer=${SEEDED_DEALER}&limit=100`);
    expect(admin.body.total).toBe(5);
    expect(refusal(await ApiClient.anonymous(server.baseUrl).get(`${USERS}?idDealer=D-1001`))).toBe('401 401001');
  });

  it('refuses a bad query with 400 and a code', async () => {
    const anna = await login('pf-anna');
    for (const query of ['', 'idDealer=', `idDealer=${SEEDED_DEALER}&idDealer=D-1001`, 'idDealer=D%00X', `idDealer=${'D'.repeat(100)}`,
      `idDealer=${SEEDED_DEALER}&limit=0`, `idDealer=${SEEDED_DEALER}&limit=101`, `idDealer=${SEEDED_DEALER}&limit=abc`, `idDealer=${SEEDED_DEALER}&limit=-1`,
      `idDealer=${SEEDED_DEALER}&offset=1.5`, `idDealer=${SEEDED_DEALER}&sort=email`, `idDealer=${SEEDED_DEALER}&order=up`]) {
      expect(`${query}: ${refusal(await anna.get(`${USERS}?${query}`))}`).toBe(`${query}: 400 400001`);
    }
  });
});

describe('POST mobile/fcm-token', () => {
  it('keeps several devices per user, moves a token registered by another user, and takes the token header only', async () => {
    const dealer1 = await login('dealer1');
    const dealer2 = await login('dealer2');
    const phoneA = `fcm-A:${'a'.repeat(140)}`;
    const phoneB = `fcm-B:${'b'.repeat(140)}`;
    expect((await dealer1.post(FCM, { body: { fcmToken: phoneA } })).status).toBe(204);
    expect((await dealer1.post(FCM, { body: { fcmToken: phoneB } })).status).toBe(204);
    expect((await dealer1.post(FCM, { body: { fcmToken: phoneB } })).status).toBe(204);
    expect(await pushTokens()).toEqual([{ token: phoneA, id_user: 'dealer1' }, { token: phoneB, id_user: 'dealer1' }]);
    expect((await dealer2.post(FCM, { body: { fcmToken: phoneB } })).status).toBe(204);
    expect(await pushTokens()).toEqual([{ token: phoneA, id_user: 'dealer1' }, { token: phoneB, id_user: 'dealer2' }]);

    const { client: cookie } = await ApiClient.loginWithCookie(server.baseUrl, 'dealer3');
    expect(refusal(await cookie.post(FCM, { body: { fcmToken: 'fcm-C' } }))).toBe('401 401001');
    expect(refusal(await ApiClient.anonymous(server.baseUrl).post(FCM, { body: { fcmToken: 'fcm-C' } }))).toBe('401 401001');
    expect((await pushTokens()).length).toBe(2);
  });

  it('refuses a bad token with 400 and a code, and stores nothing', async () => {
    const dealer3 = await login('dealer3');
    const bodies: unknown[] = [{}, { fcmToken: '' }, { fcmToken: 'x'.repeat(4097) }, { fcmToken: 'with blank' }, { fcmToken: 'nul\u0000' },
      { fcmToken: 'tab\there' }, { fcmToken: 'é-accent' }, { fcmToken: 42 }, { fcmToken: ['fcm-D'] }, { fcmToken: 'fcm-D', extra: true }, ['fcm-D'], null];
    for (const body of bodies) expect(`${JSON.stringify(body)?.slice(0, 40)}: ${refusal(await dealer3.post(FCM, { body }))}`).toBe(`${JSON.stringify(body)?.slice(0, 40)}: 400 400001`);
    expect((await pushTokens()).filter((r) => r.id_user === 'dealer3')).toEqual([]);
    expect((await dealer3.post(FCM, { body: { fcmToken: 'x'.repeat(4096) } })).status).toBe(204);
  });
});

describe('GET logged with an expired session', () => {
  it('answers 200 null once the token expired (not 401)', async () => {
    const shortStorage = await createStorage('postgres');
    // Sessions of about 1.8 s.
    const short = await startServer(shortStorage, { DEMO_DEALERS: '1', SESSION_TTL_HOURS: '0.0005' });
    try {
      const token = await ApiClient.login(short.baseUrl, 'dealer1');
      expect((await token.get('/api/v1/mobile/logged')).body).toMatchObject({ username: 'dealer1' });
      await sleep(2_500);
      expect(refusal(await token.get('/api/v1/mobile/user'))).toBe('401 401003');
      for (const path of ['/api/v1/mobile/logged', '/api/v1/secure/logged']) {
        const res = await token.get(path);
        expect(`${path} ${res.status} ${JSON.stringify(res.body)}`).toBe(`${path} 200 null`);
      }
    } finally {
      await short.stop();
      await shortStorage.dispose();
    }
  }, 90_000);
});
