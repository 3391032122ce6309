/**
 * Attacks on the issue-10 fixes that worked, reproduced through the built server (PostgreSQL, TRUST_PROXY=true so
 * each test picks its client address with X-Forwarded-For):
 * - a logged-out session token was accepted again after 100 further logouts of its user (the user state kept the
 *   last 100 ended sessions only);
 * - concurrent failed logins from one address all passed the per-address failure check before the first failed,
 *   so a burst got far more than LOGIN_ADDRESS_MAX_FAILURES guesses;
 * - errors raised before a route is matched (an undecodable URL) or by Node's HTTP parser answered Fastify's body,
 *   without a numeric `errorCode`;
 * - an upgrade to a path no one serves (engine.io leaves such a socket alone for a second before ending it), reset by
 *   its client, ended the process with an unhandled ECONNRESET 'error' event.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect } from 'node:net';
import {
  ApiClient, DEMO_PASSWORD, createStorage, describeResult, isCleanError, startServer, type ApiResult, type RunningServer, type ServerStorage,
} from './testing/server.test-support.js';

const TOKEN_LOGIN = '/api/v1/mobile/token';

let storage: ServerStorage | undefined;
let server: RunningServer;

beforeAll(async () => {
  storage = await createStorage('postgres');
  server = await startServer(storage, { TRUST_PROXY: 'true' });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await storage?.dispose();
});

function login(username: string, password: string, from: string): Promise<ApiResult> {
  return ApiClient.anonymous(server.baseUrl).post(TOKEN_LOGIN, { body: { username, password }, headers: { 'x-forwarded-for': from } });
}

async function tokenOf(username: string, from: string): Promise<string> {
  const res = await login(username, DEMO_PASSWORD, from);
  if (res.status !== 200) throw new Error(`login of ${username}: ${describeResult(res)}`);
  return res.body.token as string;
}

const me = (token: string) => new ApiClient(server.baseUrl, { token }).get('/api/v1/secure/user');
const logout = (token: string) => new ApiClient(server.baseUrl, { token }).post('/api/v1/secure/logout');

describe('logout', () => {
  it('ends a session for good: its token stays refused after 150 further logouts of the same user', async () => {
    const from = '198.51.100.1';
    const first = await tokenOf('dealer11', from);
    expect((await logout(first)).status).toBe(204);
    expect((await me(first)).status).toBe(401);
    for (let i = 0; i < 150; i++) {
      const res = await logout(await tokenOf('dealer11', from));
      if (res.status !== 204) throw new Error(`logout ${i}: ${describeResult(res)}`);
    }
    const again = await me(first);
    expect(isCleanError(again, 401) ? again.body.errorCode : describeResult(again)).toBe(401003);
    // The user's other sessions are unaffected.
    expect((await me(await tokenOf('dealer11', from))).status).toBe(200);
  }, 120_000);
});

describe('login throttling per address', () => {
  it('does not let a burst of concurrent failed logins (many usernames, one address) outrun LOGIN_ADDRESS_MAX_FAILURES', async () => {
    const from = '198.51.100.2';
    const answers = await Promise.all(Array.from({ length: 90 }, (_, i) => login(`nobody${i}`, 'wrong', from)));
    const failed = answers.filter((a) => a.status === 401).length;
    expect(failed).toBeLessThanOrEqual(30); // LOGIN_ADDRESS_MAX_FAILURES default
    const others = answers.filter((a) => a.status !== 401);
    expect(others.filter((a) => !isCleanError(a, 429)).map(describeResult)).toEqual([]);
    expect((await login('dealer12', DEMO_PASSWORD, from)).status).toBe(429);
  }, 120_000);

  it('still admits a burst of concurrent successful logins from one address (they wait their turn)', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(`dealer${i + 1}`, DEMO_PASSWORD, '198.51.100.3')));
    expect(answers.filter((a) => a.status !== 200).map(describeResult)).toEqual([]);
  }, 120_000);
});

/** Sends raw bytes to the server and reads the answer until the server closes the connection. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => { data += chunk; });
    socket.on('error', reject);
    socket.on('close', () => resolve(data));
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
  });
}

describe('answers of malformed requests', () => {
  it('answers an undecodable URL with 400 and a numeric errorCode, on every kind of path', async () => {
    const anonymous = ApiClient.anonymous(server.baseUrl);
    for (const path of ['/%c0%ae%c0%ae/package.json', '/api/v1/secure/auction/%ff', '/%', '/api/%zz', '/mqtt/%', '/metrics%']) {
      const res = await anonymous.get(path);
      expect(isCleanError(res, 400) ? `${path}: clean 400` : `${path}: ${describeResult(res)}`).toBe(`${path}: clean 400`);
      expect(res.body.errorCode).toBe(400001);
    }
  });

  it('answers a request the HTTP parser refuses with 400 and a numeric errorCode', async () => {
    for (const bytes of ['GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n', 'GET /api/health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 'GARBAGE\r\n\r\n']) {
      const answer = await rawRequest(server.port, bytes);
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { errorCode?: unknown };
      expect(body.errorCode).toBe(400001);
    }
  });
});

describe('connections dropped at an awkward moment', () => {
  it('lives on after upgrades to stray paths reset by their clients, and /api/health answers', async () => {
    for (const target of ['/not-a-live-path', '/api/health', '/']) {
      const client = connect(server.port, '127.0.0.1');
      // Refused once the process is gone: the check below says so.
      const connected = await new Promise<boolean>((resolve) => {
        client.once('connect', () => resolve(true));
        client.once('error', () => resolve(false));
      });
      if (!connected) break;
      client.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      client.resetAndDestroy();
    }
    const exited = await Promise.race([server.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 1_500))]);
    expect({ exited, output: exited ? server.output().slice(-2_000) : '' }).toEqual({ exited: null, output: '' });
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
  });
});

describe('logout through the cookie session', () => {
  it('clears the session cookie with HttpOnly and SameSite, as it was set', async () => {
    const { client } = await ApiClient.loginWithCookie(server.baseUrl, 'dealer13');
    const res = await client.post('/api/v1/secure/logout', { headers: { 'x-forwarded-for': '198.51.100.4' } });
    expect(res.status).toBe(204);
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith('SESSION='));
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/; HttpOnly/);
    expect(cleared).toMatch(/; SameSite=Lax/);
  });
});
