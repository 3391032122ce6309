/**
 * A declared path called with a method it does not declare answers 405 with `Allow` listing its methods (RFC 9110;
 * the fuzzer's unsupported_method check), before any login is asked; an unknown path keeps its 404. The server is
 * started with a web client (a one-page stand-in), whose catch-all GET must not hide the 405 of a POST-only path.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiClient, createStorage, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';

describe('undeclared methods', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let webDist = '';
  let admin: ApiClient;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'auction-web-'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    storage = await createStorage('postgres');
    server = await startServer(storage, { WEB_DIST: webDist });
    admin = await ApiClient.login(server.baseUrl, 'admin');
  });

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
    if (webDist) await rm(webDist, { recursive: true, force: true });
  });

  const allowOf = (headers: Headers) => (headers.get('allow') ?? '').split(',').map((m) => m.trim()).filter(Boolean).sort();

  it.each([
    ['PUT', '/api/v1/admin/mail', ['GET', 'HEAD']],
    ['DELETE', '/api/v1/secure/time', ['GET', 'HEAD']],
    // A path with parameters, and a GET that the web client's catch-all would otherwise have taken.
    ['GET', '/api/v1/secure/auction/a1/offer/l1', ['POST']],
    ['PATCH', '/api/v1/mobile/token', ['POST']],
    // Spelled otherwise (case, trailing slash): the same route, as the router reads it.
    ['POST', '/API/v1/secure/time/', ['GET', 'HEAD']],
  ])('%s %s: 405 with Allow, anonymous or logged in', async (method, target, allow) => {
    for (const client of [ApiClient.anonymous(server.baseUrl), admin]) {
      const answer = await client.request(method, target);
      expect(answer.status).toBe(405);
      expect(allowOf(answer.headers)).toEqual(allow);
      expect(answer.body.errorCode).toBe(405001);
    }
  });

  it('lists every method of a path that has several', async () => {
    const answer = await admin.request('DELETE', '/api/v1/secure/auction');
    expect(answer.status).toBe(405);
    expect(allowOf(answer.headers)).toEqual(expect.arrayContaining(['POST', 'PUT']));
    expect(allowOf(answer.headers)).not.toContain('DELETE');
  });

  it('keeps 404 for unknown paths, and the declared methods work', async () => {
    for (const [method, target] of [['POST', '/api/v1/no-such-call'], ['GET', '/api/v1/secure/no-such-call'], ['DELETE', '/api/v1/admin/mail/x/y']]) {
      const answer = await admin.request(method!, target!);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('allow')).toBeNull();
    }
    expect((await admin.get('/api/v1/secure/time')).status).toBe(200);
    // The web client's deep links are still the app page.
    const page = await fetch(`${server.baseUrl}/live-auction/some-auction`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root">/);
  });
});
