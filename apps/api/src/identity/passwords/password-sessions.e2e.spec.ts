/**
 * The attack review of the password and invitation calls, against the real built server (PostgreSQL) and the real
 * SMTP server: a password set from a recovery link ends EVERY session of the user (cookie, mobile token, live
 * connections and live tokens of those sessions); a logged-in change ends the OTHER sessions and keeps the caller's;
 * a recovery link mailed before a password change no longer works after it; a dealer's user cannot send invitation
 * mail without bound; the staff cannot store names with control characters.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import type { LiveCredentials } from '@auction/contracts';
import { realSmtp } from '../../testing/mailbox.test-support.js';
import { LiveSocketRecorder, until } from '../../testing/live.test-support.js';
import { ApiClient, createStorage, describeResult, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { INVITES_PER_USER } from '../invitations/invitations.service.js';
import { MailReader } from './account-mail.test-support.js';

const LINK_PATH = '/password-recovery';
const CLOSE_WITHIN_MS = 2_000;
const NEW_PASSWORD = 'Nuova#Parola2026';

function closedAt(socket: Socket): () => number | null {
  let at: number | null = null;
  socket.on('disconnect', () => { at ??= Date.now(); });
  return () => at;
}

describe('password changes end the other sessions; links and invitations are bounded (attack review)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let base: string;
  let anonymous: ApiClient;
  const mail = new MailReader();
  const sockets: LiveSocketRecorder[] = [];

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage, { SMTP_URL: realSmtp().smtpUrl });
    base = server.baseUrl;
    anonymous = ApiClient.anonymous(base);
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
    await storage?.dispose();
  });

  /** A browser-like session (cookie + XSRF) and the live token its page gets. */
  const browser = async (username: string, password?: string) => {
    const { client } = await ApiClient.loginWithCookie(base, username, password);
    const live = await client.get<LiveCredentials>('/api/v1/secure/live-credentials');
    if (live.status !== 200) throw new Error(`live-credentials: ${describeResult(live)}`);
    return { client, live: live.body.password };
  };
  const connectSocket = async (token: string) => {
    const c = await LiveSocketRecorder.connect(base, { token });
    sockets.push(c);
    return c;
  };
  const recoveryLink = async (username: string) => {
    const to = `${username}@demo.example`;
    await mail.skipExisting(to);
    expect((await anonymous.post('/api/v1/open/pwd-recovery', { body: { username } })).status).toBe(200);
    return (await mail.nextTagLink(to, LINK_PATH)).link.searchParams.get('tag')!;
  };
  const verify = (username: string, tag: string, password = NEW_PASSWORD) =>
    anonymous.post('/api/v1/open/verify-pwd-recovery', { body: { username, hash: tag, password, confPassword: password } });
  const me = (client: ApiClient) => client.get('/api/v1/secure/user');

  test('a recovery ends every session of the user: cookie, mobile token, live token, live connections; new logins work', async () => {
    const first = await browser('dealer15');
    const mobile = await ApiClient.login(base, 'dealer15');
    const sio = await connectSocket(first.live);
    const sioClosedAt = closedAt(sio.socket);
    const mobileSio = await connectSocket(mobile.credentials.token!);
    const mobileClosedAt = closedAt(mobileSio.socket);
    expect((await me(first.client)).status).toBe(200);

    const tag = await recoveryLink('dealer15');
    const res = await verify('dealer15', tag);
    expect(res.status).toBe(204);
    const changedAt = res.receivedAt;

    for (const client of [first.client, mobile]) {
      const refused = await me(client);
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ errorCode: 401003 });
    }
    await until(() => sioClosedAt() !== null && mobileClosedAt() !== null, CLOSE_WITHIN_MS, () => 'live connections still open after the recovery');
    expect(sioClosedAt()! - changedAt).toBeLessThan(CLOSE_WITHIN_MS);
    await expect(connectSocket(first.live)).rejects.toMatchObject({ data: { errorCode: 401001 } });

    const again = await browser('dealer15', NEW_PASSWORD);
    expect((await me(again.client)).status).toBe(200);
    const liveAgain = await connectSocket(again.live);
    expect(liveAgain.socket.connected).toBe(true);
  }, 60_000);

  test('a change from one session keeps it and ends the others (the mobile token and its live connection)', async () => {
    const changer = await browser('dealer16');
    const other = await browser('dealer16');
    const mobile = await ApiClient.login(base, 'dealer16');
    const mobileSio = await connectSocket(mobile.credentials.token!);
    const mobileClosedAt = closedAt(mobileSio.socket);

    const res = await changer.client.post('/api/v1/secure/change-password', { body: { password: NEW_PASSWORD, confPassword: NEW_PASSWORD } });
    expect(res.status).toBe(204);
    expect((await me(changer.client)).status).toBe(200);
    // The changing page's live token (same session) still subscribes.
    expect((await connectSocket(changer.live)).socket.connected).toBe(true);
    expect((await me(other.client)).status).toBe(401);
    expect((await me(mobile)).status).toBe(401);
    await until(() => mobileClosedAt() !== null, CLOSE_WITHIN_MS, () => 'the mobile live connection is still open after the change');
    await expect(connectSocket(other.live)).rejects.toMatchObject({ data: { errorCode: 401001 } });
  }, 60_000);

  test('the mobile change keeps the mobile token and ends the browser session', async () => {
    const page = await browser('dealer17');
    const mobile = await ApiClient.login(base, 'dealer17');
    const res = await mobile.post('/api/v1/mobile/change-password', { body: { password: NEW_PASSWORD, confPassword: NEW_PASSWORD } });
    expect(res.status).toBe(204);
    expect((await me(mobile)).status).toBe(200);
    expect((await me(page.client)).status).toBe(401);
  }, 60_000);

  test('a recovery link mailed before a password change is void after it', async () => {
    const tag = await recoveryLink('dealer18');
    const { client } = await ApiClient.loginWithCookie(base, 'dealer18');
    expect((await client.post('/api/v1/secure/change-password', { body: { password: NEW_PASSWORD, confPassword: NEW_PASSWORD } })).status).toBe(204);
    const res = await verify('dealer18', tag, 'Attacker#Pass2026');
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ errorCode: 410010 });
    expect((await anonymous.post('/api/v1/open/login', { body: { username: 'dealer18', password: NEW_PASSWORD } })).status).toBe(200);
  }, 60_000);

  test(`a dealer's user sends at most ${INVITES_PER_USER} invitations an hour (429001 + Retry-After); the staff are not limited`, async () => {
    const dealer = await ApiClient.login(base, 'dealer19');
    const run = Date.now().toString(36);
    const invite = (client: ApiClient, i: number) =>
      client.post('/api/v1/secure/user/invite', { body: { email: `spam${i}-${run}@invite-limit.example`, dealerId: 'D-1019' } });
    for (let i = 0; i < INVITES_PER_USER; i++) expect((await invite(dealer, i)).status).toBe(204);
    const refused = await invite(dealer, INVITES_PER_USER);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ errorCode: 429001 });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mail.unseen(`spam${INVITES_PER_USER}-${run}@invite-limit.example`)).toEqual([]);
    const admin = await ApiClient.login(base, 'admin');
    expect((await invite(admin, INVITES_PER_USER + 1)).status).toBe(204);
  }, 90_000);

  test('the staff cannot store a name with a line break or another control character (400001, nothing created)', async () => {
    const admin = await ApiClient.login(base, 'admin');
    const email = `ctl-${Date.now().toString(36)}@create-user.example`;
    for (const name of ['Anna\r\nBcc: someone@else.example', 'Anna\tVerdi', 'Anna\u0007']) {
      const res = await admin.post('/api/v1/secure/user', { body: { email, roles: ['USER'], idMarket: 'IT', preferredLanguage: 'IT', name } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 400001 });
    }
    const created = await admin.post('/api/v1/secure/user', { body: { email, roles: ['USER'], idMarket: 'IT', preferredLanguage: 'IT', name: 'Anna Maria', surname: "D'Angelo" } });
    expect(created.status).toBe(201);
  }, 30_000);
});
