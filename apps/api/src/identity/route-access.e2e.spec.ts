/**
 * No route that needs a login can be reached without one, however its path is spelled. The cases are generated
 * from the served OpenAPI description (which route-table.unit.spec.ts holds equal to the controllers), so a new
 * route is covered without anyone adding it here.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { ApiClient, sharedServer, type SharedServer } from '../testing/server.test-support.js';

interface RawAnswer { status: number; body: string }

/** Sends the request target exactly as given (no normalisation by a client library). */
function raw(port: number, method: string, target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
    const sent = body === undefined ? headers : { ...headers, 'content-type': 'application/json' };
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, headers: sent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Percent-encodes the first letter of one segment. */
const encodeFirstLetter = (segment: string) => segment.replace(/[a-z]/i, (c) => `%${c.charCodeAt(0).toString(16)}`);

/** Every odd spelling of a path that names the same route. */
export function variants(path: string, port: number): [string, string][] {
  const segments = path.split('/').slice(1);
  const literal = segments.map((s, i) => [s, i] as const).filter(([s]) => !s.startsWith('x-param-'));
  return [
    ['as written', path],
    ...literal.map(([s, i]): [string, string] => [`segment ${i} percent-encoded`, `/${segments.map((t, j) => (j === i ? encodeFirstLetter(t) : t)).join('/')}`]),
    ['every letter of the prefix encoded', path.replace(/^\/api\/v1\/(\w+)/, (_m, area: string) => `/%61%70%69/v1/${[...area].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}`)],
    ['double slashes', `/${segments.join('//')}`],
    ['leading double slash', `//${segments.join('/')}`],
    ['dot segment', `/api/./v1/${segments.slice(2).join('/')}`],
    ['dot-dot segment from an open area', `/api/v1/open/../${segments.slice(2).join('/')}`],
    ['encoded dot-dot segment', `/api/v1/open/%2e%2e/${segments.slice(2).join('/')}`],
    ['trailing slash', `${path}/`],
    ['upper case', path.toUpperCase().replace(/X-PARAM-(\w+)/g, (m) => m.toLowerCase())],
    ['mixed case', path.replace(/\/(secure|admin|mobile)\//, (_m, a: string) => `/${a[0]!.toUpperCase()}${a.slice(1)}/`)],
    ['absolute form', `http://127.0.0.1:${port}${path}`],
    ['absolute form, other host', `http://evil.example${path}`],
    ['with a query', `${path}?x=1`],
  ];
}

describe('every route that needs a login refuses every spelling of its path without one', () => {
  let shared: SharedServer | undefined;
  let server: SharedServer['server'];
  let secured: [method: string, path: string, tokenOnly: boolean][] = [];

  beforeAll(async () => {
    shared = await sharedServer('postgres');
    server = shared.server;
    const doc = (await (await fetch(`${server.baseUrl}/api/docs-json`)).json()) as { paths: Record<string, Record<string, { security?: { token?: unknown }[] }>> };
    secured = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security !== undefined)
        .map(([method, op]): [string, string, boolean] => [method.toUpperCase(), path.replace(/\{(\w+)\}/g, 'x-param-$1'), op.security!.every((s) => 'token' in s)]),
    );
  });

  afterAll(async () => {
    await shared?.release();
  });

  it('finds the secure, admin and mobile routes in the OpenAPI description', () => {
    const areas = new Set(secured.map(([, p]) => p.split('/')[3]));
    expect([...areas].sort()).toEqual(['admin', 'mobile', 'secure']);
    expect(secured.length).toBeGreaterThan(40);
  });

  it('answers 401 with a numeric errorCode to each variant of each route', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [method, path] of secured) {
      for (const [name, target] of variants(path, server.port)) {
        const answer = await raw(server.port, method, target);
        sent++;
        const code = (() => { try { return (JSON.parse(answer.body) as { errorCode?: unknown }).errorCode; } catch { return undefined; } })();
        if (answer.status !== 401 || typeof code !== 'number') failures.push(`${method} ${target} (${name}) → ${answer.status} ${answer.body.slice(0, 80)}`);
      }
    }
    process.stdout.write(`route-access: ${secured.length} routes, ${sent} requests without credentials\n`);
    expect(failures).toEqual([]);
  });

  it('refuses a session cookie on the token-only (mobile) routes', async () => {
    const { cookie } = await ApiClient.loginWithCookie(server.baseUrl, 'dealer1');
    const mobile = secured.filter(([, , tokenOnly]) => tokenOnly);
    expect(mobile.length).toBeGreaterThan(0);
    for (const [method, path] of mobile) {
      for (const [, target] of variants(path, server.port).slice(0, 3)) {
        expect((await raw(server.port, method, target, { cookie })).status).toBe(401);
      }
    }
  });

  it('still serves the same routes to a logged-in caller under an odd spelling (the guard, not a 404, decided)', async () => {
    const { cookie } = await ApiClient.loginWithCookie(server.baseUrl, 'admin');
    for (const target of ['/api/v1/%61dmin/read-models/status', '/API/V1/ADMIN/read-models/status', '//api/v1/admin/read-models/status/']) {
      expect((await raw(server.port, 'GET', target, { cookie })).status).toBe(200);
    }
  });
});
