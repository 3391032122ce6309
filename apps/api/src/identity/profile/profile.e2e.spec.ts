/**
 * The caller's own account through HTTP on a real server (PostgreSQL mode, seeded with a dealer of five users and a
 * user without consents): profile with personal data (session cookie and mobile token), edits (consents, language of
 * the market, names, phones), IBAN, the logged check that answers null, and hostile input.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { UserDetails } from '@auction/contracts';
import {
  ApiClient, describeResult, isCleanError, createStorage, startServer, type ApiResult, type RunningServer, type ServerStorage,
} from '../../testing/server.test-support.js';
import { SEEDED_PASSWORD, seedProfileUsers } from './profile.test-support.js';

const USER = '/api/v1/secure/user';
const IBAN = '/api/v1/secure/user/iban';
const LOGGED = '/api/v1/secure/logged';
const NO_PERSONAL = { name: null, surname: null, email: null, phone: null, mobile: null, fiscalCode: null, birthDate: null, iban: null };

let storage: ServerStorage;
let server: RunningServer;
const login = (username: string) => ApiClient.login(server.baseUrl, username, username.startsWith('pf-') ? SEEDED_PASSWORD : undefined);
const cookieLogin = async (username: string) => (await ApiClient.loginWithCookie(server.baseUrl, username, SEEDED_PASSWORD)).client;
/** The refusal's status and code, or the whole answer when it is not a clean refusal. */
const refusal = (res: ApiResult) => (isCleanError(res) ? `${res.status} ${res.body.errorCode}` : describeResult(res));

beforeAll(async () => {
  storage = await createStorage('postgres');
  await seedProfileUsers(storage);
  server = await startServer(storage, { DEMO_DEALERS: '3' });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await storage?.dispose();
});

describe('GET the profile with personal data', () => {
  it('answers the profile and the personal data (session cookie, token on secure and mobile paths)', async () => {
    const cookie = await cookieLogin('pf-consent');
    const byCookie = await cookie.get(USER);
    expect(byCookie.status).toBe(200);
    expect(() => UserDetails.parse(byCookie.body)).not.toThrow();
    expect(byCookie.body).toMatchObject({
      idUser: 'pf-consent', username: 'pf-consent', idDealer: 'D-PF01', idMarket: 'IT', preferredLanguage: 'it', roles: ['USER', 'BUYER'],
      consent1: false, consent2: false, consent3: false, flgEnabled: true,
      personal: { name: 'Elena', surname: 'Beta', email: 'elena@pf.example', fiscalCode: 'BTELNE80A41H501X', birthDate: '1980-01-01', phone: null, mobile: null, iban: null },
    });
    const token = await login('pf-consent');
    expect((await token.get(USER)).body).toEqual(byCookie.body);
    expect((await token.get('/api/v1/mobile/user')).body).toEqual(byCookie.body);
    expect(refusal(await cookie.get('/api/v1/mobile/user'))).toBe('401 401001');
  });

  it('answers nulls, not an error, for a user without personal data', async () => {
    const res = await (await login('pf-dario')).get('/api/v1/mobile/user');
    expect(res.status).toBe(200);
    expect(res.body.personal).toEqual(NO_PERSONAL);
    const demo = await (await login('dealer1')).get(USER);
    expect(demo.status).toBe(200);
    expect(Object.keys(demo.body.personal).sort()).toEqual(Object.keys(NO_PERSONAL).sort());
    expect(demo.body.personal.iban).toBeNull();
  });
});

describe('PUT the profile', () => {
  it('consents flow: a user without consents gives all three, the profile and the logged check show them, a repeat writes nothing', async () => {
    const cookie = await cookieLogin('pf-consent');
    const admin = await login('admin');
    const before = (await admin.get('/api/v1/admin/events/stream/user-pf-consent')).body.length;
    const put = await cookie.put(USER, { body: { consent1: true, consent2: true, consent3: true } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ consent1: true, consent2: true, consent3: true, personal: { name: 'Elena' } });
    expect((await cookie.get(USER)).body).toMatchObject({ consent1: true, consent2: true, consent3: true });
    expect((await cookie.get(LOGGED)).body).toMatchObject({ username: 'pf-consent', consent1: true, consent2: true, consent3: true });
    expect((await cookie.put(USER, { body: { consent1: true, consent2: true, consent3: true } })).status).toBe(200);
    const stream = (await admin.get('/api/v1/admin/events/stream/user-pf-consent')).body as { type: string; data: object }[];
    expect(stream.length).toBe(before + 1);
    expect(stream.at(-1)).toMatchObject({ type: 'UserConsentsGiven', data: { idUser: 'pf-consent', consent1: true, consent2: true, consent3: true } });
    // Without the XSRF header the cookie session may not write.
    expect(refusal(await cookie.withXsrf(undefined).put(USER, { body: { consent1: false } }))).toBe('403 403003');
  });

  it('limits the language to the market\'s languages (IT: it, en), any case, and changes nothing on a refusal', async () => {
    const anna = await login('pf-anna');
    const en = await anna.put(USER, { body: { preferredLanguage: 'EN' } });
    expect(en.status).toBe(200);
    expect(en.body.preferredLanguage).toBe('en');
    for (const language of ['de', 'fr', 'be', 'xx']) {
      const res = await anna.put(USER, { body: { preferredLanguage: language, name: 'Changed' } });
      expect(refusal(res)).toBe('422 422520');
      expect(res.body.details).toEqual([expect.objectContaining({ field: 'preferredLanguage', rule: expect.stringContaining('it, en') })]);
    }
    const after = (await anna.get('/api/v1/mobile/user')).body;
    expect(after.preferredLanguage).toBe('en');
    expect(after.personal.name).toBe('Anna');
    expect((await anna.put('/api/v1/mobile/user', { body: { preferredLanguage: 'it' } })).body.preferredLanguage).toBe('it');
  });

  it('edits names and phones beside the log; fields not given stay; null clears a phone; no event carries them', async () => {
    const carla = await login('pf-carla');
    const res = await carla.put(USER, { body: { name: '  Carla Maria ', surname: 'Mu Rossi', phone: '+39 02 1234 567', mobile: '333 1234567' } });
    expect(res.status).toBe(200);
    expect(res.body.personal).toEqual({ ...NO_PERSONAL, name: 'Carla Maria', surname: 'Mu Rossi', email: 'carla@pf.example', phone: '+39 02 1234 567', mobile: '333 1234567' });
    expect(res.body).toMatchObject({ preferredLanguage: 'it', consent1: true, username: 'pf-carla' });
    const cleared = await carla.put(USER, { body: { phone: null, mobile: '' } });
    expect(cleared.body.personal).toMatchObject({ name: 'Carla Maria', phone: null, mobile: null });
    const stream = await (await login('admin')).get('/api/v1/admin/events/stream/user-pf-carla');
    expect(JSON.stringify(stream.body)).not.toMatch(/Carla|Rossi|1234/);
  });

  it('refuses what a user may not edit (400 naming the field), and changes nothing', async () => {
    const bruno = await login('pf-bruno');
    const before = (await bruno.get(USER)).body;
    for (const body of [{ username: 'bruno2' }, { roles: ['ADMIN'] }, { idDealer: 'D-1001' }, { flgEnabled: false }, { idMarket: 'DE' }, { email: 'x@y.example' }, { consent1: true, roles: ['ADMIN'] }]) {
      const res = await bruno.put(USER, { body });
      expect(`${JSON.stringify(body)}: ${refusal(res)}`).toBe(`${JSON.stringify(body)}: 400 400001`);
    }
    expect((await bruno.get(USER)).body).toEqual(before);
  });
});

describe('PUT the IBAN', () => {
  it('stores a valid IBAN normalised, odd spacing and case included; refuses a bad one with 422106 and keeps the stored one', async () => {
    const bruno = await login('pf-bruno');
    const spaced = await bruno.put(IBAN, { body: { iban: 'it60 x054 2811 1010 0000 0123 456' } });
    expect(spaced.status).toBe(200);
    expect(spaced.body.personal.iban).toBe('IT60X0542811101000000123456');
    const de = await bruno.put(IBAN, { body: { iban: 'DE89370400440532013000' } });
    expect(de.body.personal.iban).toBe('DE89370400440532013000');
    for (const iban of ['DE88370400440532013000', 'IT60X05428111010000001234', 'XX89370400440532013000', 'hello', '', '   ']) {
      expect(`${iban}: ${refusal(await bruno.put(IBAN, { body: { iban } }))}`).toBe(`${iban}: 422 422106`);
    }
    for (const body of [{ iban: 123 }, {}, { iban: ['DE89370400440532013000'] }, { iban: 'DE89370400440532013000', extra: 1 }, { iban: 'D'.repeat(10_000) }]) {
      expect(refusal(await bruno.put(IBAN, { body }))).toBe('400 400001');
    }
    expect((await bruno.get(USER)).body.personal.iban).toBe('DE89370400440532013000');
  });
});

describe('GET logged', () => {
  it('answers JSON null with 200 without a session, with a forged one and after logout; the profile with one', async () => {
    const anonymous = ApiClient.anonymous(server.baseUrl);
    for (const client of [anonymous, new ApiClient(server.baseUrl, { token: 'forged.token.value' }), new ApiClient(server.baseUrl, { cookie: 'SESSION=forged' })]) {
      const res = await client.get(LOGGED);
      expect(`${res.status} ${JSON.stringify(res.body)}`).toBe('200 null');
      expect(`${(await client.get('/api/v1/mobile/logged')).status}`).toBe('200');
    }
    const raw = await fetch(`${server.baseUrl}${LOGGED}`);
    expect(raw.headers.get('content-type')).toMatch(/application\/json/);
    expect(await raw.text()).toBe('null');

    const { client: cookie } = await ApiClient.loginWithCookie(server.baseUrl, 'dealer2');
    expect((await cookie.get(LOGGED)).body).toMatchObject({ username: 'dealer2', idDealer: 'D-1002' });
    // The mobile check reads the token header only.
    expect((await cookie.get('/api/v1/mobile/logged')).body).toBeNull();
    const token = await login('dealer2');
    expect((await token.get('/api/v1/mobile/logged')).body).toMatchObject({ username: 'dealer2' });
    expect((await token.get(LOGGED)).body).toMatchObject({ username: 'dealer2' });

    expect((await cookie.post('/api/v1/secure/logout')).status).toBe(204);
    expect((await token.post('/api/v1/secure/logout')).status).toBe(204);
    for (const [client, path] of [[cookie, LOGGED], [token, LOGGED], [token, '/api/v1/mobile/logged']] as const) {
      const res = await client.get(path);
      expect(`${path} ${res.status} ${JSON.stringify(res.body)}`).toBe(`${path} 200 null`);
    }
  });
});

describe('hostile input on PUT user', () => {
  it('answers 400 with a code, never 500, and changes nothing', async () => {
    const anna = await login('pf-anna');
    const before = (await anna.get(USER)).body;
    const cases: [string, unknown][] = [
      ['NUL in a name', { name: 'An\u0000na' }], ['10 KB name', { name: 'a'.repeat(10_240) }], ['81 characters', { surname: 'b'.repeat(81) }],
      ['empty name', { name: '   ' }], ['array name', { name: ['Anna'] }], ['object name', { name: { first: 'Anna' } }],
      ['string consent', { consent1: 'true' }], ['number consent', { consent2: 1 }], ['null consent', { consent3: null }],
      ['array language', { preferredLanguage: ['en'] }], ['10 KB language', { preferredLanguage: 'e'.repeat(10_240) }],
      ['51-character phone', { phone: '1'.repeat(51) }], ['letters in a phone', { mobile: 'call me' }], ['bidi control in a name', { name: 'Anna\u202e' }],
      ['body an array', [{ name: 'Anna' }]], ['body a string', 'Anna'], ['extra field', { name: 'Anna', isAdmin: true }],
    ];
    for (const [name, body] of cases) expect(`${name}: ${refusal(await anna.put(USER, { body }))}`).toBe(`${name}: 400 400001`);
    expect(refusal(await anna.put(USER, { rawBody: '{"name": "Anna"' }))).toMatch(/^400 /);
    expect(refusal(await anna.put(USER, { rawBody: 'null' }))).toBe('400 400001');
    expect((await anna.get(USER)).body).toEqual(before);
  });
});
