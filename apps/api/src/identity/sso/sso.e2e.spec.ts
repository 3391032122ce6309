/**
 * Single sign-on through HTTP (issue 13 item 1), against a real server with its embedded OpenID Connect issuer:
 * the authorization-code flow with PKCE, state and nonce; the issuer's sign-in page and form; the callback's
 * checks (a tampered state, a forged or missing flow cookie, a replayed code); where the browser may be sent back
 * (never another origin); RP-initiated logout ending the issuer's session.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { request as httpRequest } from 'node:http';
import { DEMO_PASSWORD, createStorage, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { Browser, SsoFlows, location } from './sso.test-support.js';

let storage: ServerStorage;
let server: RunningServer;
let portal: string;

beforeAll(async () => {
  storage = await createStorage('embedded');
  server = await startServer(storage);
  portal = server.baseUrl;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await storage?.dispose();
});

const flows = () => new SsoFlows(portal);
const begin = (browser: Browser, query?: string) => flows().begin(browser, query);
const toSignInPage = (browser: Browser, authorization: URL) => flows().toSignInPage(browser, authorization);
const submit = (browser: Browser, page: URL, username: string, password: string) => flows().submit(browser, page, username, password);
const signIn = (browser: Browser, username?: string) => flows().signIn(browser, username);

describe('single sign-on with the embedded issuer', () => {
  it('publishes its discovery document on the API port', async () => {
    const res = await fetch(`${portal.replace('127.0.0.1', 'localhost')}/oidc/.well-known/openid-configuration`);
    expect(res.status).toBe(200);
    const doc = await res.json() as Record<string, unknown>;
    expect(doc.issuer).toBe(`${portal.replace('127.0.0.1', 'localhost')}/oidc`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.end_session_endpoint).toBeDefined();
  });

  it('signs a user in: PKCE, state and nonce, the page, a wrong password, the cookies, the way back', async () => {
    const browser = new Browser();
    const authorization = await begin(browser);
    const params = authorization.searchParams;
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('redirect_uri')).toBe(`${portal}/api/v1/open/sso/callback`);
    expect(params.get('ui_locales')).toBe('it');
    expect(browser.cookie(new URL(portal).host, 'SSO_FLOW_*')).toBeDefined();

    const page = await toSignInPage(browser, authorization);
    const html = await (await browser.get(page.href)).text();
    expect(html).toContain('<html lang="it">');
    expect(html).toContain('Nome utente');
    expect(html).toContain('href="/password-recovery"');
    expect(html).toContain('href="/registration"');

    const wrong = await submit(browser, page, 'dealer1', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('role="alert"');
    const unknown = await submit(browser, page, 'nobody-here', 'whatever-1A');
    expect(unknown.status).toBe(401);

    const done = await submit(browser, page, 'dealer1', DEMO_PASSWORD);
    expect(done.status).toBe(303);
    const callback = new URL(location(await browser.get(new URL(location(done), page).href)));
    expect(callback.pathname).toBe('/api/v1/open/sso/callback');
    const landed = await browser.get(callback.href);
    expect(landed.status).toBe(302);
    expect(location(landed)).toBe('/observed');
    const setCookies = landed.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(/SESSION=[^;]+;.*HttpOnly/);
    expect(setCookies).toMatch(/XSRF-TOKEN=/);
    const host = new URL(portal).host;
    expect(browser.cookie(host, 'SSO_FLOW_*')).toBeUndefined();
    const me = await browser.get(`${portal}/api/v1/secure/user`);
    expect(me.status).toBe(200);
    expect((await me.json() as { username: string }).username).toBe('dealer1');

    // The code is single-use: the same callback again is refused (its flow cookie is gone too).
    const replay = await browser.get(callback.href);
    expect(location(replay)).toBe('/?ssoError=401010');
  });

  it('refuses a callback whose state was changed, or whose flow cookie is missing or forged', async () => {
    const browser = new Browser();
    const callback = await signIn(browser, 'dealer2');
    const host = new URL(portal).host;
    const flow = browser.cookie(host, 'SSO_FLOW_*')!;

    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'x'.repeat(43));
    expect(location(await browser.get(tampered.href))).toBe('/?ssoError=401010');
    expect(browser.cookie(host, 'SESSION')).toBeUndefined();

    // A forged flow cookie (its body changed, the MAC kept): refused before the code is used.
    const [body, mac] = flow.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), redirect: '/evil' })).toString('base64url');
    browser.setCookie(host, 'SSO_FLOW_*', `${forgedBody}.${mac}`);
    expect(location(await browser.get(callback.href))).toBe('/?ssoError=401010');

    // Another browser (no flow cookie) with the issuer's genuine redirect: refused.
    expect(location(await new Browser().get(callback.href))).toBe('/?ssoError=401010');
    expect(browser.cookie(host, 'SESSION')).toBeUndefined();
  });

  it('never sends the browser to another origin afterwards', async () => {
    const browser = new Browser();
    // Also what a Location header cannot carry (non-ASCII, control characters) and what a cookie cannot hold (long).
    for (const redirect of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/ok path', '/漢字', '/\x01x', '/\x7f', `/${'a'.repeat(1100)}`]) {
      const res = await browser.get(`${portal}/api/v1/open/sso/login?redirect=${encodeURIComponent(redirect)}`);
      expect(res.status).toBe(400);
      expect((await res.json() as { errorCode: number }).errorCode).toBe(400001);
    }
    // A Host header that is not one of ours does not choose the callback's origin.
    const res = await fetch(`${portal}/api/v1/open/sso/login`, { redirect: 'manual', headers: { host: 'evil.example' } });
    expect(new URL(res.headers.get('location')!).searchParams.get('redirect_uri')).not.toContain('evil.example');
  });

  it('keeps the issuer session until logout; RP-initiated logout ends it', async () => {
    const browser = new Browser();
    expect((await browser.get((await signIn(browser, 'dealer3')).href)).status).toBe(302);
    // A second login in the same browser needs no password: the issuer's session is still open.
    const again = await browser.get((await begin(browser)).href);
    expect(again.status).toBe(303);
    expect(location(again)).toContain('/api/v1/open/sso/callback?code=');

    const xsrf = browser.cookie(new URL(portal).host, 'XSRF-TOKEN')!;
    const out = await browser.get(`${portal}/api/v1/secure/logout`, { method: 'POST', headers: { 'x-xsrf-token': xsrf, origin: portal } });
    expect(out.status).toBe(204);
    const endSession = await browser.get(`${portal}/api/v1/open/sso/logout`);
    const end = new URL(location(endSession));
    expect(end.pathname).toBe('/oidc/session/end');
    expect(end.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${portal}/`);
    const confirmPage = await (await browser.get(end.href)).text();
    // The portal's own logout (with its ID token) is confirmed at once by the page's script.
    expect(confirmPage).toContain('/oidc/assets/logout.js');
    const xsrfField = /name="xsrf" value="([^"]+)"/.exec(confirmPage)?.[1];
    expect(xsrfField).toBeDefined();
    const confirmed = await browser.get(`${end.origin}/oidc/session/end/confirm`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: end.origin },
      body: new URLSearchParams({ xsrf: xsrfField!, logout: 'yes' }).toString(),
    });
    expect(confirmed.status).toBe(303);
    expect(location(confirmed)).toBe(`${portal}/`);
    // Now the issuer asks for the password again.
    const page = await toSignInPage(browser, await begin(browser));
    expect(page.pathname).toMatch(/^\/oidc\/interaction\//);
    expect((await browser.get(`${portal}/api/v1/secure/user`)).status).toBe(401);
  });

  it('answers an unknown or expired sign-in page with a notice, not an error', async () => {
    const res = await fetch(`${portal}/oidc/interaction/unknown-uid`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('role="alert"');
    const post = await fetch(`${portal}/oidc/interaction/unknown-uid/login`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'username=dealer1&password=x',
    });
    expect(post.status).toBe(400);
    const json = await fetch(`${portal}/oidc/interaction/unknown-uid/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(json.status).toBe(415);
  });
});

describe('the embedded issuer under attack (review findings)', () => {
  it('counts a guess whose connection was dropped: aborted wrong passwords lock the account too', async () => {
    const browser = new Browser();
    const page = await toSignInPage(browser, await begin(browser));
    for (let i = 0; i < 8; i++) {
      const abort = new AbortController();
      const sent = browser.get(`${page.href}/login`, {
        method: 'POST', signal: abort.signal, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: page.origin },
        body: new URLSearchParams({ username: 'dealer5', password: `wrong-${i}` }).toString(),
      }).catch(() => null);
      await new Promise((r) => setTimeout(r, 30));
      abort.abort();
      await sent;
      await new Promise((r) => setTimeout(r, 150));
    }
    // Locked: the right password is refused now, and nothing was kept in the interaction for a later resume.
    const right = await submit(browser, page, 'dealer5', DEMO_PASSWORD);
    expect(right.status).toBe(303);
    expect(location(right)).toContain('?error=tooMany');
    const resumed = await browser.get(`${page.origin}/oidc/auth/${page.pathname.split('/').pop()}`);
    expect(location(resumed)).not.toContain('/api/v1/open/sso/callback');
  });

  it('takes an empty username or password as no guess: the page again (400), no failure counted', async () => {
    const browser = new Browser();
    const page = await toSignInPage(browser, await begin(browser));
    // More than LOGIN_MAX_FAILURES (5): counted as failures, they would have locked the account (before: the 6th was
    // already sent back with ?error=tooMany).
    for (const [username, password] of [['dealer4', ''], ['dealer4', ''], ['', 'guess-1A'], ['dealer4', ''], ['dealer4', ''], ['dealer4', ''], ['dealer4', '']]) {
      const empty = await submit(browser, page, username!, password!);
      expect(empty.status).toBe(400);
      expect(await empty.text()).toContain('role="alert"');
    }
    const right = await submit(browser, page, 'dealer4', DEMO_PASSWORD);
    expect(right.status).toBe(303);
    expect(location(right)).not.toContain('error=');
  });

  it('lets two sign-ins of one browser run at once (two tabs)', async () => {
    const browser = new Browser();
    const first = await toSignInPage(browser, await begin(browser, 'redirect=%2Fmy-bids'));
    const second = await toSignInPage(browser, await begin(browser, 'redirect=%2Fobserved'));
    const landing: string[] = [];
    for (const page of [second, first]) {
      const done = await submit(browser, page, 'dealer6', DEMO_PASSWORD);
      expect(done.status).toBe(303);
      const callback = location(await browser.get(new URL(location(done), page).href));
      landing.push(location(await browser.get(callback)));
    }
    expect(landing).toEqual(['/observed', '/my-bids']);
  });

  it('signs nobody out behind their back: the end-session page of another site only offers the choice', async () => {
    const browser = new Browser();
    expect((await browser.get((await signIn(browser, 'dealer7')).href)).status).toBe(302);
    const page = await (await browser.get(`${portal.replace('127.0.0.1', 'localhost')}/oidc/session/end`)).text();
    expect(page).toContain('data-testid="sso-sign-out"');
    expect(page).toContain('data-testid="sso-stay"');
    expect(page).not.toContain('logout.js');
  });

  it('never reflects the Host header, nor breaks on a malformed one', async () => {
    const get = (host: string) => new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`${portal}/oidc/.well-known/openid-configuration`);
      const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, headers: { host, 'x-forwarded-host': 'evil.example' } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => { body += c.toString(); });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    const spoofed = await get('evil.example');
    expect(spoofed.status).toBe(200);
    expect(spoofed.body).not.toContain('evil.example');
    expect((JSON.parse(spoofed.body) as { token_endpoint: string }).token_endpoint).toBe(`${portal.replace('127.0.0.1', 'localhost')}/oidc/token`);
    for (const host of ['a b', '[::1', 'x:1:2']) expect((await get(host)).status).toBe(200);
  });

  it('answers odd requests of the sign-in form with a page or a numeric error code', async () => {
    const browser = new Browser();
    const page = await toSignInPage(browser, await begin(browser));
    // A reload of the page a wrong password answered: back to the sign-in page.
    const reload = await browser.get(`${page.href}/login`);
    expect(reload.status).toBe(303);
    expect(new URL(location(reload), page).pathname).toBe(page.pathname);
    const huge = await browser.get(`${page.href}/login`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: page.origin },
      body: `username=dealer1&password=${'x'.repeat(20_000)}`,
    });
    expect(huge.status).toBe(413);
    expect((await huge.json() as { errorCode: number }).errorCode).toBe(413001);
    // Its forms may go to the issuer and the portal's origins only.
    const csp = (await browser.get(page.href)).headers.get('content-security-policy') ?? '';
    const formAction = /form-action ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(formAction.split(' ')).toContain(portal);
    expect(formAction).not.toMatch(/(^| )https?:( |$)/);
  });
});
