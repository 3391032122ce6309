/**
 * The embedded issuer's sessions under the attack review of issue 21 (items 5, 6 and 8), against the real built
 * server: a password reset or a disable ends the user's issuer sessions; a flood of anonymous sign-in starts is
 * refused per address and evicts no one; the end-session page confirms at once only the session's own ID token; a
 * cross-site post to the issuer's forms is a 403 with a code. The server trusts one proxy at 127.0.0.1, so each
 * test's browser has a client address of its own (`X-Forwarded-For`) while every request goes to 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { realSmtp } from '../../testing/mailbox.test-support.js';
import { ApiClient, DEMO_PASSWORD, createStorage, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { MailReader } from '../passwords/account-mail.test-support.js';
import { Browser, SsoFlows, location } from './sso.test-support.js';

/** Sign-in starts and sign-in pages per client address and minute, in this test's server. */
const MAX_REQUESTS = 40;
const NEW_PASSWORD = 'Nuova#Parola2026';
/** Anonymous sign-in starts of the flood: oidc-provider's memory adapter lost everything after about 2,000. */
const FLOOD = 3_000;

let storage: ServerStorage;
let server: RunningServer;
let portal: string;
let flows: SsoFlows;
let lastAddress = 0;
/** A browser with a client address of its own. */
const browser = () => new Browser({ 'x-forwarded-for': `198.51.100.${++lastAddress}` });
const portalHost = () => new URL(portal).host;

beforeAll(async () => {
  // PostgreSQL: the embedded store's start-up alone is slow on a busy machine; the issuer is the embedded one either way.
  storage = await createStorage('postgres');
  server = await startServer(storage, { SMTP_URL: realSmtp().smtpUrl, TRUST_PROXY: '127.0.0.1', SSO_ADDRESS_MAX_REQUESTS: String(MAX_REQUESTS) });
  portal = server.baseUrl;
  flows = new SsoFlows(portal);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await storage?.dispose();
});

/** A signed-in browser: the sign-in went to the end, the portal session is open. */
async function signedIn(username: string): Promise<Browser> {
  const b = browser();
  expect((await b.get((await flows.signIn(b, username)).href)).status).toBe(302);
  return b;
}

/** Where the issuer sends a browser that starts a sign-in: its sign-in page, or straight back with a code. */
async function issuerAnswer(b: Browser): Promise<'password asked' | 'signed in without password'> {
  const res = await b.get((await flows.begin(b)).href);
  expect(res.status).toBe(303);
  const to = location(res);
  if (to.includes('/api/v1/open/sso/callback?code=')) return 'signed in without password';
  expect(new URL(to, portal).pathname).toMatch(/^\/oidc\/interaction\//);
  return 'password asked';
}

describe('a password reset or a disable ends the issuer sessions (#21 item 5)', () => {
  it('after a recovery link sets a new password, the issuer asks for it: its old session is over', async () => {
    const b = await signedIn('dealer11');
    expect(await issuerAnswer(b)).toBe('signed in without password');
    const mail = new MailReader();
    await mail.skipExisting('dealer11@demo.example');
    const anonymous = ApiClient.anonymous(portal);
    expect((await anonymous.post('/api/v1/open/pwd-recovery', { body: { username: 'dealer11' } })).status).toBe(200);
    const tag = (await mail.nextTagLink('dealer11@demo.example', '/password-recovery')).link.searchParams.get('tag')!;
    const set = await anonymous.post('/api/v1/open/verify-pwd-recovery', { body: { username: 'dealer11', hash: tag, password: NEW_PASSWORD, confPassword: NEW_PASSWORD } });
    expect(set.status).toBeLessThan(300);

    // Only the issuer's cookies are left (the portal's session ended with the reset anyway).
    b.forget(portalHost());
    expect(await issuerAnswer(b)).toBe('password asked');
    // The new password signs in, and that session holds.
    expect((await b.get((await flows.signIn(b, 'dealer11', NEW_PASSWORD)).href)).status).toBe(302);
    expect((await b.get(`${portal}/api/v1/secure/user`)).status).toBe(200);
  });

  it('after a disable, even once enabled again, the issuer asks for the password', async () => {
    const b = await signedIn('dealer12');
    const admin = await ApiClient.login(portal, 'admin');
    for (const flgEnabled of [false, true]) {
      const res = await admin.patch('/api/v1/admin/user/enable-disable', { body: { idUser: 'dealer12', flgEnabled } });
      expect(res.status).toBe(200);
    }
    b.forget(portalHost());
    expect(await issuerAnswer(b)).toBe('password asked');
  });
});

describe('a flood of anonymous sign-in starts (#21 item 6)', () => {
  it('is refused per address with 429010, and neither signed-in users nor sign-ins in progress are lost', async () => {
    const user = await signedIn('dealer13');
    const starting = browser();
    const page = await flows.toSignInPage(starting, await flows.begin(starting));
    const authorization = await flows.begin(browser());

    const statuses: number[] = [];
    const flooder = { 'x-forwarded-for': '203.0.113.66' };
    let refusal: { errorCode?: number } = {};
    for (let i = 0; i < FLOOD; i += 20) {
      await Promise.all(Array.from({ length: 20 }, async () => {
        const res = await fetch(authorization, { redirect: 'manual', headers: flooder });
        statuses.push(res.status);
        if (res.status === 429) refusal = await res.json() as { errorCode?: number };
        else await res.arrayBuffer();
      }));
    }
    // The signed-in user is not asked for the password; the sign-in in progress ends normally.
    expect(await issuerAnswer(user)).toBe('signed in without password');
    const done = await flows.submit(starting, page, 'dealer14', DEMO_PASSWORD);
    expect(done.status).toBe(303);
    const resumed = await starting.get(new URL(location(done), page).href);
    expect(location(resumed)).toContain('/api/v1/open/sso/callback?code=');

    // The flooding address was refused beyond its allowance, its sign-in pages too.
    expect(statuses.filter((s) => s === 303).length).toBeLessThanOrEqual(MAX_REQUESTS);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(FLOOD - MAX_REQUESTS);
    expect(refusal.errorCode).toBe(429010);
    const pageOfFlooder = await fetch(`${page.href}?x=1`, { headers: flooder });
    expect(pageOfFlooder.status).toBe(429);
    expect(pageOfFlooder.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('the issuer\'s sign-out and forms (#21 item 8)', () => {
  it('confirms a sign-out at once only for the session\'s own ID token', async () => {
    const victim = await signedIn('dealer15');
    const attacker = await signedIn('dealer16');
    const attackerToken = attacker.cookie(portalHost(), 'SSO_ID')!;
    expect(attackerToken).toMatch(/^ey/);
    const issuer = portal.replace('127.0.0.1', 'localhost');
    const hinted = (token: string) => `${issuer}/oidc/session/end?id_token_hint=${token}&post_logout_redirect_uri=${encodeURIComponent(`${portal}/`)}`;

    const page = await (await victim.get(hinted(attackerToken))).text();
    expect(page).toContain('data-testid="sso-sign-out"');
    expect(page).not.toContain('logout.js');
    expect(await issuerAnswer(victim)).toBe('signed in without password');
    // The session's own token still signs out at once.
    expect(await (await victim.get(hinted(victim.cookie(portalHost(), 'SSO_ID')!))).text()).toContain('logout.js');
  });

  it('ends no issuer session when another site sends the browser to the portal\'s SSO logout', async () => {
    const b = await signedIn('dealer17');
    const res = await b.get(`${portal}/api/v1/open/sso/logout`, { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } });
    expect(res.status).toBe(302);
    expect(location(res)).toBe('/');
    expect(b.cookie(portalHost(), 'SSO_ID')).toMatch(/^ey/);
    // The portal's own page (same origin) still goes on to the issuer's sign-out with the ID token.
    const own = await b.get(`${portal}/api/v1/open/sso/logout`, { headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' } });
    expect(new URL(location(own)).searchParams.get('id_token_hint')).toMatch(/^ey/);
  });

  it('refuses a cross-site post to its forms with 403 and the cross-origin code, not 500', async () => {
    const b = browser();
    const page = await flows.toSignInPage(b, await flows.begin(b));
    const crossSite = { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    for (const url of [`${page.href}/login`, `${page.origin}/oidc/session/end/confirm`]) {
      const res = await b.get(url, { method: 'POST', headers: crossSite, body: 'username=dealer1&password=x&xsrf=x&logout=yes' });
      expect([url, res.status]).toEqual([url, 403]);
      expect((await res.json() as { errorCode: number }).errorCode).toBe(403003);
    }
  });
});
