/**
 * Two API instances on one PostgreSQL database serve one single sign-on (issue 24 item 1): the embedded issuer's
 * sessions, interactions, codes and grants are in the shared SQL store, and its keys derive from the shared
 * SESSION_SECRET. A small reverse proxy in the test stands for the one public address (PUBLIC_URL) and sends each
 * request to the instance the test chooses: a sign-in started on one ends on the other, a code issued by one is
 * redeemed by the other, and the issuer session opened through one is the session of the other.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_PASSWORD, createStorage, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { Browser, SsoFlows, location } from './sso.test-support.js';

let storage: ServerStorage;
const instances: RunningServer[] = [];
let proxy: Server;
let portal: string;
/** The instance the proxy sends the next requests to. */
let target = 0;
/** Requests each instance served through the proxy. */
const served = [0, 0];

/** Forwards every request, as it came (Host included), to `instances[target]`. */
function startProxy(): Promise<Server> {
  const server = createServer((req, res) => {
    const to = instances[target]!;
    served[target]!++;
    const upstream = request({ host: '127.0.0.1', port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => { res.writeHead(502).end(); });
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  storage = await createStorage('postgres');
  proxy = await startProxy();
  portal = `http://localhost:${(proxy.address() as AddressInfo).port}`;
  // What the two instances must share: the database, the public address, and the secret the issuer's keys derive from.
  const shared = { SESSION_SECRET: randomBytes(36).toString('base64url'), PUBLIC_URL: portal, DEMO_DEALERS: '3' };
  instances.push(await startServer(storage, shared));
  instances.push(await startServer(storage, shared));
}, 240_000);

afterAll(async () => {
  await Promise.all(instances.map((s) => s.stop()));
  await new Promise((resolve) => proxy?.close(resolve));
  await storage?.dispose();
});

describe('one single sign-on served by two instances (#24 item 1)', () => {
  it('a sign-in started on A ends on B, B\'s code is redeemed by A, and the issuer session holds on both', async () => {
    const flows = new SsoFlows(portal);
    const browser = new Browser();
    target = 0;
    const page = await flows.toSignInPage(browser, await flows.begin(browser));
    // The sign-in form, posted to the other instance: it finds the interaction A stored.
    target = 1;
    const done = await flows.submit(browser, page, 'dealer1', DEMO_PASSWORD);
    expect(done.status).toBe(303);
    const resumed = await browser.get(new URL(location(done), page).href);
    expect(resumed.status).toBe(303);
    const callback = new URL(location(resumed));
    expect(callback.pathname).toBe('/api/v1/open/sso/callback');
    // A redeems the code B issued (its relying party calls the token endpoint through the same address).
    target = 0;
    const back = await browser.get(callback.href);
    expect(back.status).toBe(302);
    expect(location(back)).toContain('/observed');
    target = 1;
    expect((await browser.get(`${portal}/api/v1/secure/user`)).status).toBe(200);

    // A second sign-in through B: the issuer session opened through A and B asks for no password.
    const again = await browser.get((await flows.begin(browser)).href);
    expect(again.status).toBe(303);
    expect(location(again)).toContain('/api/v1/open/sso/callback?code=');
    target = 0;
    expect((await browser.get(location(again))).status).toBe(302);
    console.log(`two instances, one sign-on: requests served by A ${served[0]}, by B ${served[1]}`);
    expect(served[0]).toBeGreaterThan(0);
    expect(served[1]).toBeGreaterThan(0);
  });

  it('a sign-out at the issuer through B ends the session A opened, even for a cookie kept from before', async () => {
    const flows = new SsoFlows(portal);
    const browser = new Browser();
    target = 0;
    expect((await browser.get((await flows.signIn(browser, 'dealer2')).href)).status).toBe(302);
    const kept = browser.clone();
    const idToken = browser.cookie(new URL(portal).host, 'SSO_ID')!;
    expect(idToken).toMatch(/^ey/);
    // B confirms at once (the hint is the session's own ID token, signed with the key A derived too).
    target = 1;
    const end = await browser.get(`${portal}/oidc/session/end?id_token_hint=${idToken}&post_logout_redirect_uri=${encodeURIComponent(`${portal}/`)}`);
    const form = await end.text();
    expect(form).toContain('logout.js');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form)?.[1];
    expect(xsrf).toBeDefined();
    const confirm = await browser.get(`${portal}/oidc/session/end/confirm`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: portal },
      body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(confirm.status).toBe(303);
    // On A, even the issuer cookie kept from before the sign-out finds no session: the password is asked.
    target = 0;
    const next = await kept.get((await flows.begin(kept)).href);
    expect(next.status).toBe(303);
    expect(new URL(location(next), portal).pathname).toMatch(/^\/oidc\/interaction\//);
  });
});
