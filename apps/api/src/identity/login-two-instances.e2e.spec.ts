/**
 * Login limits shared by two API instances on one PostgreSQL database (issue 24 item 1): the per-account streak and
 * lock, the per-address failure allowance and the per-address limit of the issuer's sign-in starts are counted in
 * the database, so failures spread over both instances count as on one, and a refusal taken on one holds on the
 * other. Both servers trust a proxy at 127.0.0.1: each test's client address is its `X-Forwarded-For`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { ApiClient, DEMO_PASSWORD, createStorage, startServer, type ApiResult, type RunningServer, type ServerStorage } from '../testing/server.test-support.js';

const TOKEN_LOGIN = '/api/v1/mobile/token';
const MAX_FAILURES = 4;
const ADDRESS_MAX_FAILURES = 10;
const SSO_MAX_REQUESTS = 10;

let storage: ServerStorage;
let servers: RunningServer[] = [];

beforeAll(async () => {
  storage = await createStorage('postgres');
  const shared = {
    SESSION_SECRET: randomBytes(36).toString('base64url'), TRUST_PROXY: '127.0.0.1', DEMO_DEALERS: '20',
    LOGIN_MAX_FAILURES: String(MAX_FAILURES), LOGIN_ADDRESS_MAX_FAILURES: String(ADDRESS_MAX_FAILURES), SSO_ADDRESS_MAX_REQUESTS: String(SSO_MAX_REQUESTS),
  };
  servers.push(await startServer(storage, shared));
  servers.push(await startServer(storage, shared));
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  servers = [];
  await storage?.dispose();
});

/** A login on instance `on` (0: A, 1: B) from client address `from`. */
const login = (on: number, username: string, password: string, from: string): Promise<ApiResult> =>
  ApiClient.anonymous(servers[on]!.baseUrl).post(TOKEN_LOGIN, { body: { username, password }, headers: { 'x-forwarded-for': from } });

describe('login limits shared by two instances (#24 item 1)', () => {
  it('failures of one account spread over A and B lock it as on one, and the lock holds on both', async () => {
    const statuses: number[] = [];
    // Each failure from another address: only the account's streak is at stake.
    for (let i = 0; i < MAX_FAILURES; i++) statuses.push((await login(i % 2, 'dealer3', 'wrong', `198.51.100.${i + 1}`)).status);
    expect(statuses).toEqual(Array(MAX_FAILURES).fill(401));
    for (const on of [0, 1]) {
      const locked = await login(on, 'dealer3', DEMO_PASSWORD, `198.51.100.${50 + on}`);
      expect([on, locked.status, locked.body.errorCode]).toEqual([on, 429, 429001]);
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another account is not held back.
    expect((await login(1, 'dealer4', DEMO_PASSWORD, '198.51.100.60')).status).toBe(200);
  });

  it('a success on B forgets the streak begun on A', async () => {
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await login(0, 'dealer5', 'wrong', `198.51.101.${i + 1}`)).status).toBe(401);
    expect((await login(1, 'dealer5', DEMO_PASSWORD, '198.51.101.20')).status).toBe(200);
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await login(0, 'dealer5', 'wrong', `198.51.101.${i + 30}`)).status).toBe(401);
    expect((await login(1, 'dealer5', DEMO_PASSWORD, '198.51.101.40')).status).toBe(200);
  });

  it('failed logins of one address spread over A and B count against one allowance', async () => {
    const from = '203.0.113.77';
    const answers: number[] = [];
    for (let i = 0; i < ADDRESS_MAX_FAILURES + 4; i++) answers.push((await login(i % 2, `dealer${6 + (i % 10)}`, 'wrong', from)).status);
    console.log(`one address, ${answers.length} wrong logins alternating over A and B: ${answers.filter((s) => s === 401).length} checked (allowance ${ADDRESS_MAX_FAILURES}), ${answers.filter((s) => s === 429).length} refused`);
    expect(answers.filter((s) => s === 401)).toHaveLength(ADDRESS_MAX_FAILURES);
    expect(answers.slice(ADDRESS_MAX_FAILURES)).toEqual([429, 429, 429, 429]);
    for (const on of [0, 1]) expect((await login(on, 'dealer19', DEMO_PASSWORD, from)).status).toBe(429);
  });

  it('password-recovery requests for one account spread over A and B count against one limit (5 per 15 min)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await ApiClient.anonymous(servers[i % 2]!.baseUrl).post('/api/v1/open/pwd-recovery', { body: { username: 'dealer18' }, headers: { 'x-forwarded-for': `198.51.102.${i + 1}` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('the issuer\'s sign-in starts of one address are limited over both instances together', async () => {
    const from = '203.0.113.88';
    const statuses: number[] = [];
    for (let i = 0; i < SSO_MAX_REQUESTS + 4; i++) {
      const res = await fetch(`${servers[i % 2]!.baseUrl}/oidc/auth?client_id=x`, { redirect: 'manual', headers: { 'x-forwarded-for': from } });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    expect(statuses.slice(0, SSO_MAX_REQUESTS)).not.toContain(429);
    expect(statuses.slice(SSO_MAX_REQUESTS)).toEqual([429, 429, 429, 429]);
  });
});
