/**
 * HTTP hardening through the built server: login throttling (per account and per client address), JSON-only logins
 * and the cross-origin check, security headers and Secure cookies, and who may read `/metrics`; answers compressed
 * (Brotli or gzip as the client accepts), request bodies never decompressed.
 *
 * Two servers: `proxied` runs behind a (pretend) proxy, TRUST_PROXY=true, so each test picks its client address with
 * `X-Forwarded-For` and the counters of one test do not spill into another; it also has METRICS_TOKEN and an extra
 * allowed origin. `direct` has the defaults (no proxy trusted, no metrics token) and logs at info level.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { networkInterfaces } from 'node:os';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  ApiClient, DEMO_PASSWORD, createStorage, describeResult, isCleanError, startServer, type ApiResult, type RunningServer, type ServerStorage,
} from './testing/server.test-support.js';

const METRICS_TOKEN = 'metrics-e2e-token-0123456789';
const PORTAL = 'https://portal.example';
const TOKEN_LOGIN = '/api/v1/mobile/token';
const COOKIE_LOGIN = '/api/v1/open/login';

let storages: ServerStorage[] = [];
let proxied: RunningServer;
let direct: RunningServer;

beforeAll(async () => {
  storages = await Promise.all([createStorage('postgres'), createStorage('postgres')]);
  [proxied, direct] = await Promise.all([
    startServer(storages[0]!, { TRUST_PROXY: 'true', METRICS_TOKEN, ALLOWED_ORIGINS: PORTAL }),
    startServer(storages[1]!, { LOG_LEVEL: 'info', HOST: '0.0.0.0' }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([proxied?.stop(), direct?.stop()]);
  await Promise.all(storages.map((s) => s.dispose()));
});

/** A login call from client address `from` (proxied server: X-Forwarded-For). */
function login(username: string, password: string, from: string, path = TOKEN_LOGIN, headers: Record<string, string> = {}): Promise<ApiResult> {
  return ApiClient.anonymous(proxied.baseUrl).post(path, { body: { username, password }, headers: { 'x-forwarded-for': from, ...headers } });
}

const statuses = (answers: ApiResult[]) => answers.map((a) => a.status);

/** A GET whose bytes are read as sent (node's fetch would decode them): status, headers and body. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('login throttling', () => {
  it('locks an account after repeated wrong passwords (429, numeric code, Retry-After), the right password included', async () => {
    const answers: ApiResult[] = [];
    for (let i = 0; i < 40; i++) answers.push(await login('dealer5', `wrong-${i}`, '203.0.113.10'));
    const wrong = answers.filter((a) => a.status === 401).length;
    expect(wrong).toBeGreaterThan(0);
    expect(wrong).toBeLessThanOrEqual(5);
    expect(statuses(answers).slice(wrong)).toEqual(Array(40 - wrong).fill(429));
    const last = answers.at(-1)!;
    expect(isCleanError(last, 429) ? last.body.errorCode : describeResult(last)).toBe(429001);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    // The right password, from elsewhere and through the cookie login too, waits for the lock to end.
    for (const path of [TOKEN_LOGIN, COOKIE_LOGIN]) {
      const right = await login('dealer5', DEMO_PASSWORD, '203.0.113.11', path);
      expect(isCleanError(right, 429) ? 'clean 429' : describeResult(right)).toBe('clean 429');
      expect(right.headers.getSetCookie()).toEqual([]);
    }
    // Other accounts are not affected.
    expect((await login('dealer4', DEMO_PASSWORD, '203.0.113.11')).status).toBe(200);
  });

  it('forgets the failures of an account on a successful login', async () => {
    const before = [];
    for (let i = 0; i < 4; i++) before.push((await login('dealer6', 'wrong', '203.0.113.12')).status);
    expect(before).toEqual([401, 401, 401, 401]);
    expect((await login('dealer6', DEMO_PASSWORD, '203.0.113.12')).status).toBe(200);
    const after = [];
    for (let i = 0; i < 4; i++) after.push((await login('dealer6', 'wrong', '203.0.113.12')).status);
    expect(after).toEqual([401, 401, 401, 401]);
  });

  it('does not let concurrent guesses outrun the account counter', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => login('dealer7', `wrong-${i}`, '203.0.113.13')));
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(15);
  });

  it('limits failed logins per client address across many usernames, and only that address', async () => {
    const answers: ApiResult[] = [];
    for (let n = 11; n <= 50; n++) answers.push(await login(`dealer${n}`, 'wrong', '203.0.113.20'));
    const wrong = answers.filter((a) => a.status === 401).length;
    expect(wrong).toBe(30); // LOGIN_ADDRESS_MAX_FAILURES default
    expect(statuses(answers).slice(wrong)).toEqual(Array(40 - wrong).fill(429));
    expect(answers.at(-1)!.body.errorCode).toBe(429001);

    const sameAddress = await login('dealer60', DEMO_PASSWORD, '203.0.113.20');
    expect(isCleanError(sameAddress, 429) ? 'clean 429' : describeResult(sameAddress)).toBe('clean 429');
    expect(Number(sameAddress.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login('dealer60', DEMO_PASSWORD, '203.0.113.21')).status).toBe(200);
  });

  it('does not count successful logins against the address (many users behind one address)', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(`dealer${i + 8}`, DEMO_PASSWORD, '203.0.113.30')));
    expect(statuses(answers).filter((s) => s !== 200)).toEqual([]);
  });
});

describe('login CSRF', () => {
  it('accepts JSON bodies only (415 with a numeric code otherwise)', async () => {
    const anonymous = ApiClient.anonymous(proxied.baseUrl);
    const form = 'username=dealer1&password=' + encodeURIComponent(DEMO_PASSWORD);
    for (const path of [COOKIE_LOGIN, TOKEN_LOGIN]) {
      for (const contentType of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
        const res = await anonymous.post(path, { rawBody: form, contentType, headers: { 'x-forwarded-for': '203.0.113.40' } });
        expect(isCleanError(res, 415) ? `${path} ${contentType}: clean 415` : describeResult(res)).toBe(`${path} ${contentType}: clean 415`);
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    }
    expect((await login('dealer1', DEMO_PASSWORD, '203.0.113.40', COOKIE_LOGIN, { 'content-type': 'application/json; charset=utf-8' })).status).toBe(200);
  });

  it('refuses a login from a foreign origin (403 with a numeric code) and accepts the same and allowed origins', async () => {
    const from = '203.0.113.41';
    for (const headers of <Record<string, string>[]>[{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, { 'sec-fetch-site': 'same-site' }]) {
      const res = await login('dealer2', DEMO_PASSWORD, from, COOKIE_LOGIN, headers);
      expect(isCleanError(res, 403) ? 'clean 403' : `${JSON.stringify(headers)}: ${describeResult(res)}`).toBe('clean 403');
      expect(res.body.errorCode).toBe(403003);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const own = new URL(proxied.baseUrl).origin;
    expect((await login('dealer2', DEMO_PASSWORD, from, COOKIE_LOGIN, { origin: own })).status).toBe(200);
    expect((await login('dealer2', DEMO_PASSWORD, from, COOKIE_LOGIN, { origin: own, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await login('dealer2', DEMO_PASSWORD, from, COOKIE_LOGIN, { origin: PORTAL, 'sec-fetch-site': 'cross-site' })).status).toBe(200);
  });

  it('refuses a state-changing cookie call from a foreign origin even with the right XSRF header', async () => {
    const { client, cookie, xsrf } = await ApiClient.loginWithCookie(proxied.baseUrl, 'dealer3');
    expect(cookie).toContain('SESSION=');
    const forged = await client.post('/api/v1/secure/logout', { headers: { origin: 'https://evil.example' } });
    expect(isCleanError(forged, 403) ? 'clean 403' : describeResult(forged)).toBe('clean 403');
    expect((await client.get('/api/v1/secure/user', { headers: { origin: 'https://evil.example' } })).status).toBe(200);
    expect(xsrf).toEqual(expect.any(String));
    expect((await client.post('/api/v1/secure/logout', { headers: { origin: new URL(proxied.baseUrl).origin } })).status).toBe(204);
  });
});

describe('security headers and cookies', () => {
  const expectHeaders = (res: Response, what: string) => {
    const csp = res.headers.get('content-security-policy') ?? '';
    expect({ what, csp }).toEqual({ what, csp: expect.stringContaining("frame-ancestors 'none'") });
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  };

  it('are on API answers, errors, the web client and its assets', async () => {
    const base = direct.baseUrl;
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expectHeaders(health, 'GET /api/health');
    const refused = await fetch(`${base}/api/v1/secure/user`);
    expect(refused.status).toBe(401);
    expectHeaders(refused, 'GET /api/v1/secure/user without login');
    const index = await fetch(`${base}/`);
    const html = await index.text();
    expect(index.status).toBe(200);
    expectHeaders(index, 'GET /');
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const script = await fetch(`${base}${asset}`);
    await script.arrayBuffer();
    expect(script.status).toBe(200);
    expectHeaders(script, `GET ${asset}`);
    const deepLink = await fetch(`${base}/live-auction/x`);
    await deepLink.text();
    expectHeaders(deepLink, 'GET /live-auction/x');
  });

  it('compress JSON answers with Brotli or gzip as the client accepts, small ones and images not; a compressed body is not read', async () => {
    const dealer = await ApiClient.login(direct.baseUrl, 'dealer1');
    const { items } = (await dealer.get<{ items: { idAuction: string }[] }>('/api/v1/secure/running-auctions?limit=100')).body;
    const url = `${direct.baseUrl}/api/v1/secure/auctionFull?idAuction=${items[0]!.idAuction}`;
    const token = { token: dealer.credentials.token! };
    const plain = await rawGet(url, token);
    expect([plain.status, plain.headers['content-encoding']]).toEqual([200, undefined]);
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const br = await rawGet(url, { ...token, 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await rawGet(url, { ...token, 'accept-encoding': 'gzip' });
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString())).toEqual(JSON.parse(plain.bytes.toString()));
    expect(JSON.parse(gunzipSync(gzip.bytes).toString())).toEqual(JSON.parse(plain.bytes.toString()));
    console.log(`[compression] auctionFull of the demo auction: ${plain.bytes.length} bytes, Brotli ${br.bytes.length}, gzip ${gzip.bytes.length}`);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3);
    // Under 1 KB: as it is.
    const time = await rawGet(`${direct.baseUrl}/api/v1/secure/time`, { ...token, 'accept-encoding': 'br' });
    expect([time.status, time.headers['content-encoding']]).toEqual([200, undefined]);
    // A gzip body is not inflated past the body limit nor read: a login sent so is refused.
    const body = gzipSync(JSON.stringify({ username: 'dealer1', password: DEMO_PASSWORD }));
    const login = await fetch(`${direct.baseUrl}${TOKEN_LOGIN}`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.status).toBeLessThan(500);
  });

  it('let the Swagger UI page run its one inline script (by hash) and load its assets', async () => {
    const page = await fetch(`${direct.baseUrl}/api/docs`);
    const html = await page.text();
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(html).toContain('SwaggerUIBundle');
    for (const file of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
      const res = await fetch(`${direct.baseUrl}/api/docs/${file}`);
      await res.arrayBuffer();
      expect(`${file} ${res.status}`).toBe(`${file} 200`);
    }
  });

  it('marks the login cookies Secure over HTTPS: X-Forwarded-Proto only counts when TRUST_PROXY is on', async () => {
    const cookies = async (server: RunningServer, headers: Record<string, string>) => {
      const res = await ApiClient.anonymous(server.baseUrl).post(COOKIE_LOGIN, { body: { username: 'dealer8', password: DEMO_PASSWORD }, headers });
      expect(res.status).toBe(200);
      const lines = res.headers.getSetCookie();
      expect(lines.length).toBe(2);
      return lines.map((line) => /;\s*secure(;|$)/i.test(line));
    };
    expect(await cookies(proxied, { 'x-forwarded-for': '203.0.113.50', 'x-forwarded-proto': 'https' })).toEqual([true, true]);
    expect(await cookies(proxied, { 'x-forwarded-for': '203.0.113.50' })).toEqual([false, false]);
    expect(await cookies(direct, { 'x-forwarded-proto': 'https' })).toEqual([false, false]);
  });
});

describe('/metrics and the start log', () => {
  it('answers local clients only when METRICS_TOKEN is not set', async () => {
    const local = await ApiClient.anonymous(direct.baseUrl).get<string>('/metrics');
    expect(local.status).toBe(200);
    expect(local.body).toContain('http_request_duration_seconds');
    for (const headers of <Record<string, string>[]>[{ 'x-forwarded-for': '198.51.100.7' }, { forwarded: 'for=198.51.100.7' }, { 'x-real-ip': '198.51.100.7' }]) {
      const relayed = await ApiClient.anonymous(direct.baseUrl).get('/metrics', { headers });
      expect(isCleanError(relayed, 403) ? 'clean 403' : describeResult(relayed)).toBe('clean 403');
    }
    // From another interface of this host, when it has one: the socket's peer is not loopback.
    const external = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
    if (external) {
      const remote = await ApiClient.anonymous(`http://${external.address}:${direct.port}`).get('/metrics');
      expect(isCleanError(remote, 403) ? 'clean 403' : describeResult(remote)).toBe('clean 403');
    }
  });

  it('needs the bearer token when METRICS_TOKEN is set, from anywhere', async () => {
    const metrics = (headers: Record<string, string>) => ApiClient.anonymous(proxied.baseUrl).get<string>('/metrics', { headers });
    for (const headers of <Record<string, string>[]>[{}, { authorization: 'Bearer wrong' }, { authorization: METRICS_TOKEN }, { 'x-forwarded-for': '127.0.0.1' }]) {
      const refused = await metrics(headers);
      expect(isCleanError(refused, 401) ? 'clean 401' : `${JSON.stringify(headers)}: ${describeResult(refused)}`).toBe('clean 401');
    }
    const allowed = await metrics({ authorization: `Bearer ${METRICS_TOKEN}`, 'x-forwarded-for': '198.51.100.7' });
    expect(allowed.status).toBe(200);
    expect(allowed.body).toContain('process_cpu_seconds_total');
  });

  it('does not print a custom DEMO_PASSWORD', () => {
    const output = direct.output();
    expect(output).toMatch(/demo logins: admin, auctioneer, exhibitor, dealer1\.\.dealer\d+ with the password from DEMO_PASSWORD/);
    expect(output).not.toContain(DEMO_PASSWORD);
    expect(output).toMatch(/Prometheus metrics at .*local clients only/);
  });
});
