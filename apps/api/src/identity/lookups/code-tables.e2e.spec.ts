/**
 * The code tables through HTTP against the real built server (spec 01 §7, issue 13 item 5): real values (Italian
 * provinces, French departments, CAR_SOLD by ranking), translations, per-market filtering, repeated parameters, the
 * 400070–400075 errors and hostile input.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, type RunningServer, type ServerStorage, createStorage, isCleanError, startServer,
} from '../../testing/server.test-support.js';

interface El { groupCode: string; elementCode: string; elementDes: string; ranking: number; idMarket: string | null }
const codes = (list: El[]) => list.map((e) => e.elementCode);
const qs = (params: [string, string][]) => params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

let storage: ServerStorage | undefined;
let server: RunningServer | undefined;
let api: ApiClient;

beforeAll(async () => {
  storage = await createStorage('postgres');
  // Public calls only: no demo users to create (a faster start).
  server = await startServer(storage, { DEMO_DATA: 'false' });
  api = ApiClient.anonymous(server.baseUrl);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await storage?.dispose();
});

describe('GET /api/v1/open/ct-elements-map', () => {
  test('real provinces and departments, per market, CAR_SOLD by ranking, cacheable', async () => {
    const res = await api.get(`/api/v1/open/ct-elements-map?${qs([['groupCodes', 'COUNTRY_AREA'], ['groupCodes', 'CAR_SOLD'], ['idMarkets', 'IT'], ['idMarkets', 'FR'], ['lang', 'it']])}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const it = res.body.COUNTRY_AREA.IT as El[];
    const fr = res.body.COUNTRY_AREA.FR as El[];
    expect(codes(it)).toEqual(expect.arrayContaining(['MI', 'RM', 'NA', 'TO']));
    expect(it.find((e) => e.elementCode === 'MI')).toMatchObject({ groupCode: 'COUNTRY_AREA', elementDes: 'Milano', idMarket: 'IT' });
    expect(codes(fr)).toEqual(expect.arrayContaining(['2A', '2B', '971', '75']));
    expect(it.length).toBeGreaterThanOrEqual(100);
    // Per market: no French department among the Italian provinces, every element carries the market asked.
    expect(codes(it)).not.toContain('2A');
    expect(codes(fr)).not.toContain('MI');
    expect(new Set([...it.map((e) => e.idMarket)])).toEqual(new Set(['IT']));
    expect(new Set([...fr.map((e) => e.idMarket)])).toEqual(new Set(['FR']));
    const carSold = res.body.CAR_SOLD.IT as El[];
    expect(carSold.map((e) => e.ranking)).toEqual([...carSold.map((e) => e.ranking)].sort((a, b) => a - b));
    expect(codes(carSold)).toEqual(['UP_TO_50', '51_100', '101_250', '251_500', '501_1000', 'OVER_1000']);
    expect(Object.keys(res.body).sort()).toEqual(['CAR_SOLD', 'COUNTRY_AREA']);
    expect(Object.keys(res.body.CAR_SOLD).sort()).toEqual(['FR', 'IT']);
  });

  test('translations differ between it and de; no lang is English', async () => {
    const read = async (lang?: string) => {
      const res = await api.get(`/api/v1/open/ct-elements-map?groupCodes=CAR_SOLD&groupCodes=COUNTRY&idMarkets=DE${lang ? `&lang=${lang}` : ''}`);
      expect(res.status).toBe(200);
      return res.body as Record<string, Record<string, El[]>>;
    };
    const [it, de, en] = [await read('it'), await read('DE'), await read()];
    const des = (map: Record<string, Record<string, El[]>>, group: string, code: string) => map[group]!.DE!.find((e) => e.elementCode === code)!.elementDes;
    expect(des(it, 'CAR_SOLD', 'UP_TO_50')).toBe('Fino a 50 veicoli all’anno');
    expect(des(de, 'CAR_SOLD', 'UP_TO_50')).toBe('Bis zu 50 Fahrzeuge pro Jahr');
    expect(des(en, 'CAR_SOLD', 'UP_TO_50')).toBe('Up to 50 vehicles a year');
    expect(des(it, 'COUNTRY', 'DE')).toBe('Germania');
    expect(des(de, 'COUNTRY', 'DE')).toBe('Deutschland');
  });

  test('repeated and comma-separated parameters mean the same; repeats and case are ignored', async () => {
    const repeated = await api.get('/api/v1/open/ct-elements-map?groupCodes=ROLE&groupCodes=MARKET&idMarkets=IT&idMarkets=ES&idMarkets=IT');
    const comma = await api.get('/api/v1/open/ct-elements-map?groupCodes=role,market&idMarkets=it,es');
    expect(repeated.status).toBe(200);
    expect(comma.status).toBe(200);
    expect(comma.body).toEqual(repeated.body);
    expect(Object.keys(repeated.body.ROLE).sort()).toEqual(['ES', 'IT']);
  });

  test.each([
    ['no groupCodes', 400070, 'idMarkets=IT'],
    ['no idMarkets', 400070, 'groupCodes=COUNTRY'],
    ['empty groupCodes', 400070, 'groupCodes=&idMarkets=IT'],
    ['nothing at all', 400070, ''],
    ['an unknown group', 400071, 'groupCodes=NOPE&idMarkets=IT'],
    ['an unknown market', 400072, 'groupCodes=COUNTRY&idMarkets=XX'],
    ['an unknown language', 400073, 'groupCodes=COUNTRY&idMarkets=IT&lang=xx'],
    ['1000 repeated markets', 400074, `groupCodes=COUNTRY&${Array.from({ length: 1000 }, () => 'idMarkets=IT').join('&')}`],
    ['31 different groups', 400074, `${Array.from({ length: 31 }, (_, i) => `groupCodes=G${i}`).join('&')}&idMarkets=IT`],
  ])('%s: 400 with errorCode %d, not cached', async (_name, errorCode, query) => {
    const res = await api.get(`/api/v1/open/ct-elements-map?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(errorCode);
    expect(typeof res.body.errorMsg).toBe('string');
    expect(res.headers.get('cache-control')).not.toContain('public');
  });
});

describe('GET /api/v1/open/ct-elements', () => {
  test('CAR_SOLD sorted by ranking', async () => {
    const res = await api.get('/api/v1/open/ct-elements?groupCode=CAR_SOLD&lang=de');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(codes(res.body)).toEqual(['UP_TO_50', '51_100', '101_250', '251_500', '501_1000', 'OVER_1000']);
    expect(res.body[0].elementDes).toBe('Bis zu 50 Fahrzeuge pro Jahr');
  });

  test('one element of one market; a code the table lacks is an empty list', async () => {
    const corsica = await api.get('/api/v1/open/ct-elements?groupCode=COUNTRY_AREA&idMarket=FR&elementCode=2A');
    expect(corsica.status).toBe(200);
    expect(corsica.body).toEqual([expect.objectContaining({ elementCode: '2A', idMarket: 'FR', groupCode: 'COUNTRY_AREA' })]);
    const guadeloupe = await api.get('/api/v1/open/ct-elements?groupCode=COUNTRY_AREA&idMarket=FR&elementCode=971');
    expect(guadeloupe.body[0].elementDes).toBe('Guadeloupe');
    const rome = await api.get('/api/v1/open/ct-elements?groupCode=COUNTRY_AREA&idMarket=IT&elementCode=RM');
    expect(rome.body).toEqual([expect.objectContaining({ elementCode: 'RM', elementDes: 'Roma' })]);
    const milanInFrance = await api.get('/api/v1/open/ct-elements?groupCode=COUNTRY_AREA&idMarket=FR&elementCode=MI');
    expect(milanInFrance.status).toBe(200);
    expect(milanInFrance.body).toEqual([]);
  });

  test('without a market, a market-scoped table gives every market\'s elements', async () => {
    const res = await api.get('/api/v1/open/ct-elements?groupCode=COUNTRY_AREA');
    expect(res.status).toBe(200);
    const markets = new Set((res.body as El[]).map((e) => e.idMarket));
    expect(markets.has('IT') && markets.has('FR') && markets.has('DE')).toBe(true);
  });

  test.each([
    ['no groupCode', 400070, 'idMarket=IT'],
    ['two groups', 400074, 'groupCode=ROLE&groupCode=MARKET'],
    ['an unknown market', 400072, 'groupCode=ROLE&idMarket=ZZ'],
    ['an element code that cannot be one', 400075, `groupCode=ROLE&elementCode=${encodeURIComponent('<script>')}`],
  ])('%s: 400 with errorCode %d', async (_name, errorCode, query) => {
    const res = await api.get(`/api/v1/open/ct-elements?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(errorCode);
  });
});

describe('GET /api/v1/open/ct-group', () => {
  test('the groups asked, in that order, described in the language asked', async () => {
    const de = await api.get('/api/v1/open/ct-group?groupCode=CAR_SOLD&groupCode=ROLE&lang=de');
    const it = await api.get('/api/v1/open/ct-group?groupCode=CAR_SOLD&groupCode=ROLE&lang=it');
    expect(de.status).toBe(200);
    expect(de.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(de.body.map((g: { groupCode: string }) => g.groupCode)).toEqual(['CAR_SOLD', 'ROLE']);
    expect(typeof de.body[0].groupDes).toBe('string');
    expect(de.body[0].groupDes).not.toBe(it.body[0].groupDes);
    expect(codes(de.body[0].elements)).toEqual(['UP_TO_50', '51_100', '101_250', '251_500', '501_1000', 'OVER_1000']);
  });

  test('an unknown group is 400071', async () => {
    const res = await api.get('/api/v1/open/ct-group?groupCode=ROLE&groupCode=WHATEVER');
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe(400071);
  });
});

describe('list and language parameters as documented', () => {
  // The 20 longest group codes, comma-separated: a documented form whose raw value is well over 200 characters.
  const twenty = ['VEHICLE_SHOWCASE_STATE', 'FUEL_TYPE_INFOCAR', 'BUYING_INTEREST', 'DEALER_ACTIVITY', 'AUCTION_STATUS', 'FUEL_TYPE_JATO',
    'COUNTRY_AREA', 'AUCTION_TYPE', 'AWARD_STATUS', 'EXPORT_FORMAT', 'LISTING_KIND', 'PRODUCT_TYPE', 'PERMISSION', 'LOT_STATUS',
    'CAR_SOLD', 'LANGUAGE', 'COUNTRY', 'CHANNEL', 'GEARBOX', 'MARKET'];

  test('every group the map takes, comma-separated in one value, is one list (not "too big")', async () => {
    expect(twenty.join(',').length).toBeGreaterThan(200);
    const res = await api.get(`/api/v1/open/ct-elements-map?${qs([['groupCodes', twenty.join(',')], ['idMarkets', 'IT,FR,DE,EN,ES,BE,NL,PL,PT,LU,OTHER']])}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...twenty].sort());
    expect(Object.keys(res.body.COUNTRY_AREA)).toHaveLength(11);
  });

  test('lang repeated with one value is that value; two different values are 400074 like every single-valued parameter', async () => {
    const same = await api.get('/api/v1/open/ct-elements?groupCode=CAR_SOLD&lang=it&lang=IT');
    expect(same.status).toBe(200);
    expect(same.headers.get('cache-control')).toBe('public, max-age=3600');
    expect((same.body as El[])[0]!.elementDes).toMatch(/^Fino a 50/);
    const two = await api.get('/api/v1/open/ct-elements?groupCode=CAR_SOLD&lang=it&lang=de');
    expect(two.status).toBe(400);
    expect(two.body.errorCode).toBe(400074);
    expect(two.body.details[0].field).toBe('lang');
    expect(two.headers.get('cache-control')).toBe('no-store');
  });
});

describe('hostile input on the code tables', () => {
  test('10,000 repeated parameters: a clean refusal (the request line alone is too large), and the server goes on', async () => {
    const res = await api.get(`/api/v1/open/ct-elements-map?groupCodes=COUNTRY&${Array.from({ length: 10_000 }, () => 'idMarkets=IT').join('&')}`);
    expect([400, 414, 431]).toContain(res.status);
    expect(isCleanError(res)).toBe(true);
    const after = await api.get('/api/v1/open/ct-elements?groupCode=ROLE');
    expect(after.status).toBe(200);
  });

  test.each([
    ['NUL in a group code', '/api/v1/open/ct-elements-map?groupCodes=COUNTRY%00&idMarkets=IT'],
    ['NUL in a market', '/api/v1/open/ct-elements?groupCode=ROLE&idMarket=%00'],
    ['NUL in lang', '/api/v1/open/ct-group?groupCode=ROLE&lang=it%00'],
    ['a 5,000-character group code', `/api/v1/open/ct-elements-map?groupCodes=${'A'.repeat(5000)}&idMarkets=IT`],
    ['a 5,000-character element code', `/api/v1/open/ct-elements?groupCode=ROLE&elementCode=${'A'.repeat(5000)}`],
    ['a lone surrogate', '/api/v1/open/ct-elements?groupCode=ROLE&elementCode=%ED%A0%80'],
    ['a bracketed parameter name', '/api/v1/open/ct-elements?groupCode[]=ROLE&groupCode[x]=1'],
    ['an array of lang', '/api/v1/open/ct-group?groupCode=ROLE&lang=it&lang=de'],
  ])('%s: 400 with a numeric errorCode, never 500', async (_name, path) => {
    const res = await api.get(path);
    expect(res.status).toBe(400);
    expect(isCleanError(res, 400)).toBe(true);
  });
});
