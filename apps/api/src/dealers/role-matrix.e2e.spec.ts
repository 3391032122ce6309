/**
 * The role matrix of the back-office, proven against the running API: every `/api/v1/admin/*` call of the OpenAPI
 * description is made as anonymous, a dealer, an auctioneer, the customer centre and an administrator, by session
 * cookie (with XSRF) and by the mobile `token` header. The expected answer comes from the description's own
 * `x-roles` (role-matrix.ts), so the table a client reads and the guard cannot drift apart; a new admin call is covered
 * without anyone adding it here. The calls carry placeholder ids and empty bodies: a permitted caller gets an input or
 * not-found refusal (never 401/403001, never 500); a refused one gets 401 or 403001 before any input is read.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Role } from '@auction/domain';
import { ApiClient, createStorage, describeResult, startServer, type ApiResult, type RunningServer, type ServerStorage } from '../testing/server.test-support.js';

interface Call { method: string; path: string; roles: Role[] }

/** Calls that change the platform's own running state (projector, rebuild): the administrator's allowed answer is
 * proven by the platform's own suites; here the refusals of the other callers are. */
const ADMIN_SKIP = /^\/api\/v1\/admin\/read-models\//;

let storage: ServerStorage;
let server: RunningServer;
let calls: Call[] = [];
const as: Record<string, ApiClient> = {};

beforeAll(async () => {
  storage = await createStorage('postgres');
  server = await startServer(storage, { DEMO_DEALERS: '3' });
  const doc = (await ApiClient.anonymous(server.baseUrl).get('/api/docs-json')).body as { paths: Record<string, Record<string, { 'x-roles'?: Role[] }>> };
  calls = Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/v1/admin/'))
    .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path: path.replace(/\{\w+\}/g, 'x-0'), roles: op['x-roles'] ?? [] })));
  as.anonymous = ApiClient.anonymous(server.baseUrl);
  for (const name of ['dealer1', 'auctioneer', 'customer', 'admin']) {
    as[name] = await ApiClient.login(server.baseUrl, name);
    as[`${name} (cookie)`] = (await ApiClient.loginWithCookie(server.baseUrl, name)).client;
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await storage?.dispose();
});

const ROLE_OF: Record<string, Role> = { dealer1: 'BUYER', auctioneer: 'AUCTIONEER', customer: 'CUSTOMER_CENTER', admin: 'ADMIN' };

async function call(client: ApiClient, c: Call): Promise<ApiResult> {
  return client.request(c.method, c.path, c.method === 'GET' || c.method === 'DELETE' ? {} : { body: {} });
}

describe('role matrix of /api/v1/admin/*', () => {
  it('covers the back-office calls of the spec', () => {
    const listed = new Set(calls.map((c) => `${c.method} ${c.path}`));
    for (const expected of ['PUT /api/v1/admin/enable-dealer', 'GET /api/v1/admin/dealers-info/search', 'PATCH /api/v1/admin/user/enable-disable', 'PUT /api/v1/admin/user/anonymize']) {
      expect(listed).toContain(expected);
    }
    expect(calls.length).toBeGreaterThanOrEqual(27);
  });

  it('refuses every call without a login (401)', async () => {
    const wrong: string[] = [];
    for (const c of calls) {
      const res = await call(as.anonymous!, c);
      if (res.status !== 401) wrong.push(`${c.method} ${c.path}: ${describeResult(res)}`);
    }
    expect(wrong).toEqual([]);
  });

  for (const name of ['dealer1', 'auctioneer', 'customer', 'admin']) {
    for (const via of ['token', 'cookie']) {
      it(`answers ${name} (${via}) as the matrix says`, async () => {
        const client = as[via === 'token' ? name : `${name} (cookie)`]!;
        const role = ROLE_OF[name]!;
        const wrong: string[] = [];
        for (const c of calls) {
          const allowed = c.roles.includes(role);
          if (allowed && role === 'ADMIN' && ADMIN_SKIP.test(c.path)) continue;
          const res = await call(client, c);
          const code = (res.body as { errorCode?: number } | null)?.errorCode;
          if (res.status >= 500) wrong.push(`${c.method} ${c.path}: ${describeResult(res)} (a 5xx)`);
          else if (allowed && (res.status === 401 || code === 403001)) wrong.push(`${c.method} ${c.path}: refused ${describeResult(res)} but the matrix allows ${role}`);
          else if (!allowed && !(res.status === 403 && code === 403001)) wrong.push(`${c.method} ${c.path}: ${describeResult(res)} but the matrix refuses ${role}`);
        }
        expect(wrong).toEqual([]);
      }, 120_000);
    }
  }
});
