/**
 * The profile calls under attack (issue 13 attack review): each case was confirmed against a running server before
 * its fix and fails without it. A real server in PostgreSQL mode, seeded as `profile.e2e.spec.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ApiClient, describeResult, isCleanError, createStorage, startServer, type ApiResult, type RunningServer, type ServerStorage,
} from '../../testing/server.test-support.js';
import { SEEDED_DEALER, SEEDED_PASSWORD, seedProfileUsers } from './profile.test-support.js';

const USER = '/api/v1/secure/user';

let storage: ServerStorage;
let server: RunningServer;
const login = (username: string) => ApiClient.login(server.baseUrl, username, username.startsWith('pf-') ? SEEDED_PASSWORD : undefined);
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

describe('profile calls under attack', () => {
  it('keeps both of two edits of different consents sent at once (no lost update)', async () => {
    const carla = await login('pf-carla');
    for (let round = 0; round < 5; round += 1) {
      expect((await carla.put(USER, { body: { consent1: true, consent2: true, consent3: true } })).status).toBe(200);
      // Each edit also carries a name or a phone, so its personal-data write delays the consents past the others' read.
      const answers = await Promise.all([
        carla.put(USER, { body: { name: `Carla ${round}`, consent1: false } }),
        carla.put(USER, { body: { surname: `Mu ${round}`, consent2: false } }),
        carla.put('/api/v1/mobile/user', { body: { phone: `02 ${round}`, consent3: false } }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const after = (await carla.get(USER)).body;
      expect(`round ${round}: ${after.consent1} ${after.consent2} ${after.consent3}`).toBe(`round ${round}: false false false`);
      expect(after.personal).toMatchObject({ name: `Carla ${round}`, surname: `Mu ${round}`, phone: `02 ${round}` });
    }
  });

  it('marks every answer with personal data, and the logged check, Cache-Control: private, no-store', async () => {
    const anna = await login('pf-anna');
    const { client: cookie } = await ApiClient.loginWithCookie(server.baseUrl, 'pf-anna', SEEDED_PASSWORD);
    const answers: [string, ApiResult][] = [
      ['GET secure/user', await anna.get(USER)],
      ['GET mobile/user', await anna.get('/api/v1/mobile/user')],
      ['PUT secure/user', await anna.put(USER, { body: { mobile: '333 1' } })],
      ['PUT mobile/user', await anna.put('/api/v1/mobile/user', { body: { mobile: '333 2' } })],
      ['PUT iban', await anna.put('/api/v1/secure/user/iban', { body: { iban: 'DE89370400440532013000' } })],
      ['GET users-dealer', await anna.get(`/api/v1/secure/users-dealer?idDealer=${SEEDED_DEALER}`)],
      ['GET secure/logged (cookie)', await cookie.get('/api/v1/secure/logged')],
      ['GET mobile/logged (token)', await anna.get('/api/v1/mobile/logged')],
      ['GET secure/logged (anonymous)', await ApiClient.anonymous(server.baseUrl).get('/api/v1/secure/logged')],
    ];
    for (const [call, res] of answers) {
      expect(`${call}: ${res.status} ${res.headers.get('cache-control')}`).toBe(`${call}: 200 private, no-store`);
    }
  });

  it('refuses names without a letter and phones without a digit (400 naming the field), and changes nothing', async () => {
    const bruno = await login('pf-bruno');
    const before = (await bruno.get(USER)).body;
    const cases: [string, Record<string, unknown>, string][] = [
      ['zero-width space only', { name: '\u200b' }, 'name'], ['dots only', { surname: '...' }, 'surname'], ['digits only', { name: '1234' }, 'name'],
      ['word joiner and dashes', { surname: '\u2060-\u2060' }, 'surname'], ['dashes for a phone', { phone: '-----' }, 'phone'], ['brackets for a mobile', { mobile: '( ) /' }, 'mobile'],
    ];
    for (const [name, body, field] of cases) {
      const res = await bruno.put(USER, { body });
      expect(`${name}: ${refusal(res)}`).toBe(`${name}: 400 400001`);
      expect(res.body.details).toEqual([expect.objectContaining({ field })]);
    }
    expect((await bruno.get(USER)).body).toEqual(before);
    // Real names and numbers with the same characters around them still pass.
    const ok = await bruno.put(USER, { body: { name: 'Ōe\u200bKenzaburō', surname: "D'Artagnan-Ruiz", phone: '(02) 1-2', mobile: '' } });
    expect(ok.status).toBe(200);
    expect(ok.body.personal).toMatchObject({ name: 'Ōe\u200bKenzaburō', surname: "D'Artagnan-Ruiz", phone: '(02) 1-2', mobile: null });
  });

  it('accepts the language a user already has though the market does not offer it, so a whole form can be saved back', async () => {
    const francois = await login('pf-francois');
    const before = (await francois.get(USER)).body;
    expect(before).toMatchObject({ idMarket: 'FR', preferredLanguage: 'en' });
    // The profile form sends every field back, the untouched language included.
    const saved = await francois.put(USER, { body: { preferredLanguage: before.preferredLanguage, name: 'Franz', consent1: true, consent2: true, consent3: true } });
    expect(`${saved.status} ${saved.body.preferredLanguage} ${saved.body.personal?.name}`).toBe('200 en Franz');
    expect((await francois.put(USER, { body: { preferredLanguage: 'EN' } })).status).toBe(200);
    // Any other language still has to be one the market offers (FR: fr).
    const de = await francois.put(USER, { body: { preferredLanguage: 'de', name: 'Frank' } });
    expect(refusal(de)).toBe('422 422520');
    expect(de.body.details).toEqual([expect.objectContaining({ field: 'preferredLanguage', rule: expect.stringContaining(': fr') })]);
    expect((await francois.put(USER, { body: { preferredLanguage: 'fr' } })).body.preferredLanguage).toBe('fr');
    // Once changed, the old language is no longer the user's: refused like any other.
    expect(refusal(await francois.put(USER, { body: { preferredLanguage: 'en' } }))).toBe('422 422520');
    expect((await francois.get(USER)).body).toMatchObject({ preferredLanguage: 'fr', personal: { name: 'Franz' } });
  });
});
