/**
 * `GET /api/v1/open/geolocation` through HTTP against the real built server: the market of a public address
 * (X-Forwarded-For under TRUST_PROXY) from the offline GeoLite database of geoip-lite, null for a country that is
 * no market, the Accept-Language fallback for local addresses, X-Forwarded-For ignored without TRUST_PROXY, odd
 * headers never an error; the database is read once, on the first call, countries only (RSS measured).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { ApiClient, type RunningServer, type ServerStorage, createStorage, describeResult, startServer } from '../../testing/server.test-support.js';

const PATH = '/api/v1/open/geolocation';
// Public addresses whose country the shipped GeoLite data gives (checked with geoip-lite 2.0.3's data).
const ITALIAN = '151.1.1.1';
const ITALIAN_V6 = '2001:b07::1';
const GERMAN = '5.9.0.1';
const GERMAN_V6 = '2a01:4f8::1';
const AMERICAN = '8.8.8.8';

/** Resident set size of a process in MB (Linux). */
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** Public calls only: no demo users to create (a faster start). */
const NO_USERS = { DEMO_DATA: 'false' };
const storages: ServerStorage[] = [];
let proxied: RunningServer | undefined;
let direct: RunningServer | undefined;
let viaProxy: ApiClient;
let noProxy: ApiClient;

beforeAll(async () => {
  const [a, b] = await Promise.all([createStorage('postgres'), createStorage('postgres')]);
  storages.push(a, b);
  [proxied, direct] = await Promise.all([startServer(a, { ...NO_USERS, TRUST_PROXY: 'true', LOG_LEVEL: 'info' }), startServer(b, NO_USERS)]);
  viaProxy = ApiClient.anonymous(proxied.baseUrl);
  noProxy = ApiClient.anonymous(direct.baseUrl);
}, 120_000);

afterAll(async () => {
  await Promise.all([proxied?.stop(), direct?.stop()]);
  await Promise.all(storages.map((s) => s.dispose()));
});

const geolocate = async (client: ApiClient, headers: Record<string, string>) => {
  const res = await client.get(PATH, { headers });
  expect(`${res.status}`).toBe('200');
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  return res.body as { value: string | null };
};

describe('under TRUST_PROXY', () => {
  test('a local address first: the Accept-Language fallback, without loading the database', async () => {
    expect(await geolocate(viaProxy, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' })).toEqual({ value: 'DE' });
    expect(proxied!.output()).not.toContain('GeoIP country database loaded');
  });

  test('an Italian and a German public address give IT and DE (IPv4 and IPv6), the language does not matter', async () => {
    const before = rssMb(proxied!.pid);
    expect(await geolocate(viaProxy, { 'x-forwarded-for': ITALIAN, 'accept-language': 'de' })).toEqual({ value: 'IT' });
    const after = rssMb(proxied!.pid);
    process.stdout.write(`geolocation: server RSS ${before.toFixed(1)} MB before the first lookup, ${after.toFixed(1)} MB after (+${(after - before).toFixed(1)} MB)\n`);
    // RSS may not grow (the database reuses freed heap pages): the log line gives the buffers read. Countries
    // only: about 6 MB; the city files would add about 110 MB.
    const loaded = /GeoIP country database loaded in \d+ ms: buffers \+([\d.]+) MB/.exec(proxied!.output());
    expect(loaded).not.toBeNull();
    process.stdout.write(`${loaded![0]}\n`);
    expect(Number(loaded![1])).toBeGreaterThan(3);
    expect(Number(loaded![1])).toBeLessThan(20);
    expect(await geolocate(viaProxy, { 'x-forwarded-for': GERMAN, 'accept-language': 'it' })).toEqual({ value: 'DE' });
    expect(await geolocate(viaProxy, { 'x-forwarded-for': ITALIAN_V6 })).toEqual({ value: 'IT' });
    expect(await geolocate(viaProxy, { 'x-forwarded-for': GERMAN_V6 })).toEqual({ value: 'DE' });
    // The client is the LAST untrusted hop of the chain as Fastify reads it (every hop trusted: the first one).
    expect(await geolocate(viaProxy, { 'x-forwarded-for': `${GERMAN}, 10.0.0.1` })).toEqual({ value: 'DE' });
    const loadedLines = proxied!.output().split('\n').filter((line) => line.includes('GeoIP country database loaded'));
    expect(loadedLines).toHaveLength(1);
  });

  test('a port a proxy appends to the forwarded address is dropped: the address still decides', async () => {
    expect(await geolocate(viaProxy, { 'x-forwarded-for': `${ITALIAN}:443`, 'accept-language': 'de' })).toEqual({ value: 'IT' });
    expect(await geolocate(viaProxy, { 'x-forwarded-for': `[${GERMAN_V6}]:8443`, 'accept-language': 'it' })).toEqual({ value: 'DE' });
  });

  test('a public address in a country that is not a market is null, whatever the language', async () => {
    expect(await geolocate(viaProxy, { 'x-forwarded-for': AMERICAN, 'accept-language': 'it-IT' })).toEqual({ value: null });
  });

  test('a private address falls back to Accept-Language', async () => {
    expect(await geolocate(viaProxy, { 'x-forwarded-for': '10.1.2.3', 'accept-language': 'it-IT,it;q=0.9' })).toEqual({ value: 'IT' });
    expect(await geolocate(viaProxy, { 'x-forwarded-for': '192.168.1.20', 'accept-language': 'fr-BE,fr;q=0.9' })).toEqual({ value: 'BE' });
    expect(await geolocate(viaProxy, { 'x-forwarded-for': '::1', 'accept-language': 'xx, pt;q=0.5, es;q=0.7' })).toEqual({ value: 'ES' });
    expect(await geolocate(viaProxy, { 'x-forwarded-for': '172.16.0.9', 'accept-language': 'en-US' })).toEqual({ value: 'EN' });
    expect(await geolocate(viaProxy, { 'x-forwarded-for': '127.0.0.1', 'accept-language': 'ja, zh;q=0.9' })).toEqual({ value: null });
    expect(await geolocate(viaProxy, { 'x-forwarded-for': '10.0.0.1' })).toEqual({ value: null });
  });

  test.each([
    ['a forwarded-for that is no address', { 'x-forwarded-for': 'not-an-address', 'accept-language': 'nl' }, 'NL'],
    ['a huge forwarded-for', { 'x-forwarded-for': `${'9'.repeat(4000)}`, 'accept-language': 'pl' }, 'PL'],
    ['a forwarded-for of commas', { 'x-forwarded-for': ',,,,', 'accept-language': 'pt-PT' }, 'PT'],
    ['a huge Accept-Language', { 'accept-language': `${'x'.repeat(6000)},it` }, null],
    ['a garbage Accept-Language', { 'accept-language': ';;;q=abc,,=,-,*;q=2' }, null],
    ['q=0 refuses a language', { 'accept-language': 'it;q=0, de;q=0.1' }, 'DE'],
  ])('%s: 200 and never an error', async (_name, headers, value) => {
    const res = await viaProxy.get(PATH, { headers: headers as Record<string, string> });
    expect(describeResult(res)).toBe(`200 ${JSON.stringify({ value })}`);
  });
});

describe('without TRUST_PROXY', () => {
  test('X-Forwarded-For is not believed: the loopback caller gets its language', async () => {
    expect(await geolocate(noProxy, { 'x-forwarded-for': ITALIAN, 'accept-language': 'de' })).toEqual({ value: 'DE' });
    expect(await geolocate(noProxy, { 'x-forwarded-for': GERMAN })).toEqual({ value: null });
    expect(direct!.output()).not.toContain('GeoIP country database loaded');
  });
});
