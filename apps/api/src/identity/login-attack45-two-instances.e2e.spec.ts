/**
 * Attack 45 on the per-address failed-login allowance with two API instances on one PostgreSQL database (both trust a
 * proxy at 127.0.0.1: each burst's client address is its `X-Forwarded-For`). The logins in flight that count against
 * the allowances were each instance's own: a burst of concurrent wrong logins from one address (or of one account),
 * spread over both instances, got its passwords checked up to twice the allowance. They are counted in the database
 * now (login-slots.ts), as the stored failures are.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { abandonedLogin, storedFailures } from './login-limits.test-support.js';
import { ApiClient, createStorage, describeResult, isCleanError, sleep, startServer, type RunningServer, type ServerStorage } from '../testing/server.test-support.js';

const TOKEN_LOGIN = '/api/v1/mobile/token';
const ADDRESS_MAX_FAILURES = 30; // LOGIN_ADDRESS_MAX_FAILURES default

let storage: ServerStorage;
let servers: RunningServer[] = [];
let db: pg.Client;

beforeAll(async () => {
  storage = await createStorage('postgres');
  const shared = { SESSION_SECRET: randomBytes(36).toString('base64url'), TRUST_PROXY: '127.0.0.1', DEMO_DEALERS: '5' };
  servers = await Promise.all([startServer(storage, shared), startServer(storage, shared)]);
  db = new pg.Client({ connectionString: storage.databaseUrl });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  await Promise.all(servers.map((s) => s.stop()));
  servers = [];
  await storage?.dispose();
});

/** 80 concurrent wrong logins from `from`, alternating over the two instances: how many passwords were checked (401). */
async function burst(from: string): Promise<{ checked: number; stored: number }> {
  const answers = await Promise.all(Array.from({ length: 80 }, (_, i) =>
    ApiClient.anonymous(servers[i % 2]!.baseUrl).post(TOKEN_LOGIN, { body: { username: `nobody${i}`, password: 'wrong' }, headers: { 'x-forwarded-for': from } })));
  expect(answers.filter((a) => !isCleanError(a, 401) && !isCleanError(a, 429)).map(describeResult)).toEqual([]);
  return { checked: answers.filter((a) => a.status === 401).length, stored: await storedFailures(db, from) };
}

describe('attack 45: one address\'s concurrent wrong logins spread over two instances', () => {
  it('are checked no more than LOGIN_ADDRESS_MAX_FAILURES times, each stored as a failure', async () => {
    const { checked, stored } = await burst('203.0.113.46');
    console.log(`80 wrong logins at once over two instances: ${checked} passwords checked, ${stored} failures stored (allowance ${ADDRESS_MAX_FAILURES})`);
    expect(checked).toBe(stored);
    expect(checked).toBeLessThanOrEqual(ADDRESS_MAX_FAILURES);
  });

  it('of one account from many addresses are checked no more than LOGIN_MAX_FAILURES times before it locks', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      ApiClient.anonymous(servers[i % 2]!.baseUrl).post(TOKEN_LOGIN, { body: { username: 'dealer2', password: `wrong${i}` }, headers: { 'x-forwarded-for': `198.51.105.${i + 1}` } })));
    const checked = answers.filter((a) => a.status === 401).length;
    console.log(`20 wrong logins of one account at once over two instances: ${checked} passwords checked (LOGIN_MAX_FAILURES 5)`);
    expect(checked).toBeLessThanOrEqual(5);
  });

  it('dropped by the client over both instances (5 to 305 ms after they are sent) store no more than LOGIN_ADDRESS_MAX_FAILURES failures', async () => {
    const from = '203.0.113.47';
    await Promise.all(Array.from({ length: 100 }, (_, i) => abandonedLogin(servers[i % 2]!.port, i, from, 5 + ((i * 37) % 300))));
    await sleep(500); // the last ones being settled
    const stored = await storedFailures(db, from);
    console.log(`100 wrong logins dropped mid-request over two instances: ${stored} failures stored`);
    expect(stored).toBeLessThanOrEqual(ADDRESS_MAX_FAILURES);
  });

  it('leave no login in flight behind on either instance', async () => {
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM public.login_slots');
    expect(rows[0]!.n).toBe(0);
  });
});
