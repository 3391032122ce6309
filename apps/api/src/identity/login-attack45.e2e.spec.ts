/**
 * Attack 45 on the login limits (login-protection.ts), through the built server on PostgreSQL behind a proxy of one
 * hop, as in production (TRUST_PROXY=1: the client address is the last `X-Forwarded-For` entry). Findings: Fastify took
 * TRUST_PROXY=1 as "trust no hop" (every client had the proxy's address: security-config.ts); a sign-in through the
 * embedded issuer's form answers 303, which was settled as "not judged", so it did not forget the account's streak of
 * failures as every other successful login does; the logins in flight were counted per full IPv6 address while the
 * failures are counted per /64, so a burst from one /64 had all its passwords checked. What held: a client's own leftmost
 * `X-Forwarded-For` entries; case, space and width variants of a username against its lock; over-long usernames;
 * calls dropped before their body was sent; the right password after 29 failures with wrong ones in flight; the
 * sign-in form sharing the address's allowance.
 */
import { describe, expect, it } from '@jest/globals';
import { connect } from 'node:net';
import { ApiClient, DEMO_PASSWORD, describeResult, isCleanError, type ApiResult } from '../testing/server.test-support.js';
import { serverWithDatabase } from './login-limits.test-support.js';
import { Browser, SsoFlows, location } from './sso/sso.test-support.js';

const TOKEN_LOGIN = '/api/v1/mobile/token';
const ADDRESS_MAX_FAILURES = 30; // LOGIN_ADDRESS_MAX_FAILURES default
const MAX_FAILURES = 5; // LOGIN_MAX_FAILURES default

const running = serverWithDatabase({ TRUST_PROXY: '1' });
const storedFailures = running.storedFailures;

/** A login whose `X-Forwarded-For` is `forwardedFor` (its last entry is the client address the one proxy hop vouches for). */
const login = (username: string, password: string, forwardedFor: string): Promise<ApiResult> =>
  ApiClient.anonymous(running.server.baseUrl).post(TOKEN_LOGIN, { body: { username, password }, headers: { 'x-forwarded-for': forwardedFor } });

/** A sign-in form of the embedded issuer, posted from `from`. */
const postForm = (browser: Browser, page: URL, username: string, password: string, from: string) => browser.get(`${page.href}/login`, {
  method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: page.origin, 'x-forwarded-for': from },
  body: new URLSearchParams({ username, password }).toString(),
});

describe('attack 45: the client address behind one proxy hop', () => {
  it('is not chosen by the client: 31 wrong logins with a new leftmost X-Forwarded-For entry each count for the one address the proxy appended', async () => {
    const from = '198.51.100.45';
    const statuses: number[] = [];
    for (let i = 0; i <= ADDRESS_MAX_FAILURES; i++) statuses.push((await login(`nobody${i}`, 'wrong', `10.9.${i}.1, 203.0.113.${i}, ${from}`)).status);
    expect(statuses).toEqual([...Array(ADDRESS_MAX_FAILURES).fill(401), 429]);
    expect(await storedFailures(from)).toBe(ADDRESS_MAX_FAILURES);
    expect((await login('dealer40', DEMO_PASSWORD, `192.0.2.1, ${from}`)).status).toBe(429);
  });
});

describe('attack 45: IPv6 clients (the limiter counts a /64 as one address)', () => {
  it('refuses the 31st wrong login from one /64, each from another address of it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ADDRESS_MAX_FAILURES; i++) statuses.push((await login(`nobody${i}`, 'wrong', `2001:db8:45::${(i + 1).toString(16)}`)).status);
    expect(statuses).toEqual([...Array(ADDRESS_MAX_FAILURES).fill(401), 429]);
  });

  it('checks no more than LOGIN_ADDRESS_MAX_FAILURES passwords of a burst of 90 wrong logins from one /64, each from another address of it', async () => {
    // Before the fix the logins in flight were counted per full address, the failures per /64: 90 were checked.
    const answers = await Promise.all(Array.from({ length: 90 }, (_, i) => login(`nobody${i}`, 'wrong', `2001:db8:46::${(i + 1).toString(16)}`)));
    expect(answers.filter((a) => !isCleanError(a, 401) && !isCleanError(a, 429)).map(describeResult)).toEqual([]);
    expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(ADDRESS_MAX_FAILURES);
    expect(await storedFailures('2001:db8:46::')).toBe(ADDRESS_MAX_FAILURES);
  });
});

describe('attack 45: usernames against the per-account lock', () => {
  it('counts case, space and width variants of a username as that account: the right password is then refused', async () => {
    const variants = ['DEALER41', ' dealer41', 'Dealer41 ', '\uff44\uff45\uff41\uff4c\uff45\uff52\uff14\uff11', 'dEaLeR41'];
    expect(variants).toHaveLength(MAX_FAILURES);
    const statuses: number[] = [];
    for (const [i, username] of variants.entries()) statuses.push((await login(username, 'wrong', `198.51.101.${i + 1}`)).status);
    expect(statuses).toEqual(Array(MAX_FAILURES).fill(401));
    const locked = await login('dealer41', DEMO_PASSWORD, '198.51.101.50');
    expect([locked.status, locked.body.errorCode]).toEqual([429, 429001]);
  });

  it('answers an over-long or odd username with a clean 400 or 401, never a 500, and counts no failure for a 400', async () => {
    const from = '198.51.101.60';
    // Over 50 characters, NUL, a lone surrogate: 400. Thirty emoji are 30 characters (60 UTF-16 units): a username.
    const answers = await Promise.all(['x'.repeat(10_000), `${'dealer42'}${' '.repeat(60)}!`, '\u0000', '\ud800', '🔨'.repeat(30)].map((u) => login(u, 'wrong', from)));
    expect(answers.map((a) => (isCleanError(a, 400) || isCleanError(a, 401) ? a.status : describeResult(a)))).toEqual([400, 400, 400, 400, 401]);
    expect(await storedFailures(from)).toBe(1);
  });
});

/** A login sent in part (`sent` bytes of its body announced whole), its connection then closed. */
function droppedBeforeBody(i: number, from: string): Promise<void> {
  const body = JSON.stringify({ username: `nobody${i}`, password: 'wrong' });
  const head = `POST ${TOKEN_LOGIN} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Forwarded-For: ${from}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return new Promise((resolve) => {
    const socket = connect(running.server.port, '127.0.0.1', () => socket.write(head + body.slice(0, i % body.length), () => setTimeout(() => socket.destroy(), 20)));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => resolve());
  });
}

describe('attack 45: bursts and dropped calls from one address', () => {
  it('neither counts nor keeps in flight 60 logins dropped before their body was whole', async () => {
    const from = '198.51.102.1';
    await Promise.all(Array.from({ length: 60 }, (_, i) => droppedBeforeBody(i, from)));
    expect(await storedFailures(from)).toBe(0);
    expect(describeResult(await login('dealer43', DEMO_PASSWORD, from))).toMatch(/^200 /);
  });

  it('after 29 failures, checks exactly one more password while 8 wrong logins and the right one race: 30 failures at most, no 500', async () => {
    const from = '198.51.102.2';
    for (let i = 0; i < ADDRESS_MAX_FAILURES - 1; i++) expect((await login(`nobody${i}`, 'wrong', from)).status).toBe(401);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => login(`late${i}`, 'wrong', from)),
      login('dealer44', DEMO_PASSWORD, from),
      ...Array.from({ length: 4 }, (_, i) => login(`later${i}`, 'wrong', from)),
    ]);
    const right = answers[4]!;
    const wrong = answers.filter((_, i) => i !== 4).map((a) => a.status);
    expect(answers.filter((a) => !(a.status === 200 || isCleanError(a, 401) || isCleanError(a, 429))).map(describeResult)).toEqual([]);
    expect(await storedFailures(from)).toBe(ADDRESS_MAX_FAILURES);
    // The one slot left went to the right login (then one more wrong one ran) or to a wrong one (the right one is refused).
    expect(wrong.filter((s) => s === 401)).toHaveLength(1);
    expect([200, 429]).toContain(right.status);
    console.log(`29 failures, then 8 wrong logins and the right one at once: right ${right.status}, wrong ${wrong.join(' ')}`);
  });
});

describe('attack 45: the embedded issuer\'s sign-in form', () => {
  const flows = () => new SsoFlows(running.server.baseUrl);

  it('counts its wrong passwords against the address\'s allowance, shared with the other login routes', async () => {
    const from = '198.51.103.1';
    const browser = new Browser();
    const page = await flows().toSignInPage(browser, await flows().begin(browser));
    for (let i = 0; i < ADDRESS_MAX_FAILURES - 1; i++) expect((await login(`nobody${i}`, 'wrong', from)).status).toBe(401);
    expect((await postForm(browser, page, 'dealer45', 'wrong', from)).status).toBe(401);
    const refused = await postForm(browser, page, 'dealer45', DEMO_PASSWORD, from);
    expect([refused.status, location(refused)]).toEqual([303, expect.stringContaining('?error=tooMany')]);
    expect(await storedFailures(from)).toBe(ADDRESS_MAX_FAILURES);
  });

  it('forgets the account\'s streak of failures on a successful sign-in, as the other login routes do', async () => {
    const browser = new Browser();
    const page = await flows().toSignInPage(browser, await flows().begin(browser));
    for (let i = 0; i < MAX_FAILURES - 1; i++) expect((await postForm(browser, page, 'dealer46', 'wrong', `198.51.104.${i + 1}`)).status).toBe(401);
    const signedIn = await postForm(browser, page, 'dealer46', DEMO_PASSWORD, '198.51.104.10');
    expect(signedIn.status).toBe(303);
    expect(location(signedIn)).not.toContain('error=');
    // One typo later, the user is not locked out: before the fix the streak went on from 4 and this 5th failure locked.
    expect((await login('dealer46', 'typo', '198.51.104.11')).status).toBe(401);
    const next = await login('dealer46', DEMO_PASSWORD, '198.51.104.12');
    expect(describeResult(next)).toMatch(/^200 /);
  });
});
