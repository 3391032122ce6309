/**
 * Passwords through HTTP against the real built server (PostgreSQL, so a test can age a tag in the table) and a real
 * SMTP server: recovery by username and by e-mail with the link read from the mail; weak passwords refused
 * (422104) without spending the link; the old password refused and the new one accepted at login; the link refused
 * the second time, after a newer request, after it expired, for another user, and for one of two concurrent uses;
 * unknown accounts get the same answer and no mail; limits; the logged-in change (session and mobile, max 30); the
 * staff's user creation with its first-password link.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { realSmtp } from '../../testing/mailbox.test-support.js';
import { ApiClient, DEMO_PASSWORD, createStorage, describeResult, isCleanError, sleep, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { MailReader } from './account-mail.test-support.js';

const RECOVERY = '/api/v1/open/pwd-recovery';
const VERIFY = '/api/v1/open/verify-pwd-recovery';
const CHANGE = '/api/v1/secure/change-password';
const MOBILE_CHANGE = '/api/v1/mobile/change-password';
const CREATE_USER = '/api/v1/secure/user';
const LINK_PATH = '/password-recovery';

const run = randomBytes(4).toString('hex');
const address = (name: string) => `${name}-${run}@passwords.example`;

describe('passwords: recovery, first password and change (postgres, real SMTP)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let anonymous: ApiClient;
  let admin: ApiClient;
  const mail = new MailReader();

  const login = (username: string, password: string) => anonymous.post('/api/v1/open/login', { body: { username, password } });
  const verify = (tag: string, username: string, password: string, confPassword = password) =>
    anonymous.post(VERIFY, { body: { password, confPassword, hash: tag, username } });
  /** Asks for a recovery link for `body` and reads it from the mail to `to`. */
  const recoveryLink = async (body: object, to: string) => {
    const res = await anonymous.post(RECOVERY, { body });
    expect(res.status).toBe(200);
    const { link } = await mail.nextTagLink(to, LINK_PATH);
    return { tag: link.searchParams.get('tag')!, username: link.searchParams.get('username')! };
  };
  /** A new user created by the admin, with a first password set from the SETUP link. */
  const newUser = async (name: string, password: string) => {
    const email = address(name);
    const res = await admin.post(CREATE_USER, { body: { email, roles: ['USER', 'BUYER'], idMarket: 'IT', preferredLanguage: 'IT', name: 'Anna', surname: 'Verdi' } });
    expect(res.status).toBe(201);
    const { link } = await mail.nextTagLink(email, LINK_PATH);
    expect((await verify(link.searchParams.get('tag')!, link.searchParams.get('username')!, password)).status).toBe(204);
    await mail.next(email, (m) => !/[?&]tag=/.test(m.text)); // "your password changed"
    return { email, username: res.body.username as string };
  };
  const ageTag = async (username: string) => {
    const client = new pg.Client({ connectionString: storage.databaseUrl });
    await client.connect();
    try {
      await client.query(`UPDATE access_tags SET expires_at = now() - interval '1 minute' WHERE id_user = (SELECT id_user FROM username_claims WHERE username = $1)`, [username]);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage, { SMTP_URL: realSmtp().smtpUrl });
    anonymous = ApiClient.anonymous(server.baseUrl);
    admin = await ApiClient.login(server.baseUrl, 'admin');
  });

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('the staff create a user, who sets a first password from the mailed link and logs in; others may not create users', async () => {
    const email = address('Created').toUpperCase();
    const res = await admin.post(CREATE_USER, { body: { email, roles: ['USER', 'BUYER'], idMarket: 'DE', preferredLanguage: 'DE', name: 'Jan', surname: 'Weber' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: email.toLowerCase(), roles: ['USER', 'BUYER'], idMarket: 'DE', consent1: false, flgEnabled: true });
    const { message, link } = await mail.nextTagLink(email.toLowerCase(), LINK_PATH);
    expect(message.text).toContain(email.toLowerCase());
    expect(link.searchParams.get('username')).toBe(email.toLowerCase());
    expect((await login(email, 'Strong#Pass1')).status).toBe(401);
    expect((await verify(link.searchParams.get('tag')!, email.toLowerCase(), 'Strong#Pass1')).status).toBe(204);
    expect((await login(email.toLowerCase(), 'Strong#Pass1')).status).toBe(200);
    // The same username twice: 409110; a dealer creating users: 403001; a dealer that does not exist: 404040.
    expect((await admin.post(CREATE_USER, { body: { email, roles: ['USER'], idMarket: 'DE', preferredLanguage: 'DE' } })).body.errorCode).toBe(409110);
    const dealer = await ApiClient.login(server.baseUrl, 'dealer5');
    const refused = await dealer.post(CREATE_USER, { body: { email: address('nope'), roles: ['USER'], idMarket: 'IT', preferredLanguage: 'IT' } });
    expect(isCleanError(refused, 403) && refused.body.errorCode === 403001).toBe(true);
    const unknownDealer = await admin.post(CREATE_USER, { body: { email: address('nodealer'), idDealer: 'D-NONE', roles: ['USER'], idMarket: 'IT', preferredLanguage: 'IT' } });
    expect(unknownDealer.body.errorCode).toBe(404040);
    expect((await admin.post(CREATE_USER, { body: { email: 'not-an-email', roles: ['USER'], idMarket: 'IT', preferredLanguage: 'IT' } })).status).toBe(400);
  });

  test('recovery by username: link from the mail, weak refused, strong accepted, old password refused, link refused the second time', async () => {
    const { email, username } = await newUser('byname', 'First#Pass1');
    const { tag, username: linkUser } = await recoveryLink({ username: username.toUpperCase() }, email);
    expect(linkUser).toBe(username);
    const weak = await verify(tag, username, 'abcdefgh');
    expect(weak.status).toBe(422);
    expect(weak.body.errorCode).toBe(422104);
    expect((await verify(tag, username, 'Strong#Pass2', 'Strong#Pass3')).body.errorCode).toBe(422104);
    expect((await verify(tag, username, 'Second#Pass2')).status).toBe(204);
    expect((await login(username, 'First#Pass1')).status).toBe(401);
    expect((await login(username, 'Second#Pass2')).status).toBe(200);
    const again = await verify(tag, username, 'Third#Pass3');
    expect(isCleanError(again, 410) && again.body.errorCode === 410010).toBe(true);
    // The owner is told the password changed (a mail without a tag).
    const changed = await mail.next(email, (m) => !/[?&]tag=/.test(m.text));
    expect(changed.text).toContain(username);
  });

  test('recovery by e-mail (any case) for a demo dealer; a newer request voids the older link', async () => {
    const to = 'dealer2@demo.example';
    await mail.skipExisting(to);
    const first = await recoveryLink({ email: 'DEALER2@Demo.Example' }, to);
    expect(first.username).toBe('dealer2');
    const second = await recoveryLink({ email: to }, to);
    expect(second.tag).not.toBe(first.tag);
    expect((await verify(first.tag, 'dealer2', 'Dealer2#New')).body.errorCode).toBe(410010);
    expect((await verify(second.tag, 'dealer2', 'Dealer2#New')).status).toBe(204);
    expect((await login('dealer2', DEMO_PASSWORD)).status).toBe(401);
    expect((await login('dealer2', 'Dealer2#New')).status).toBe(200);
  });

  test('an unknown account gets the same answer, as fast, and no mail', async () => {
    const { email, username } = await newUser('known', 'Known#Pass1');
    const unknownEmail = address('unknown');
    const known = await anonymous.post(RECOVERY, { body: { email } });
    const unknown = await anonymous.post(RECOVERY, { body: { email: unknownEmail } });
    const unknownName = await anonymous.post(RECOVERY, { body: { username: `nobody-${run}` } });
    for (const res of [known, unknown, unknownName]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect(res.receivedAt - res.sentAt).toBeLessThan(1_000);
    }
    await mail.nextTagLink(email, LINK_PATH);
    await sleep(2_000);
    expect(await mail.unseen(unknownEmail)).toEqual([]);
    expect(username).toBe(email);
  });

  test('the link is refused when expired, for another user, or to the second of two concurrent uses', async () => {
    const { email, username } = await newUser('tags', 'Tags#Pass1');
    const expired = await recoveryLink({ email }, email);
    await ageTag(username);
    expect((await verify(expired.tag, username, 'Tags#Pass2')).body.errorCode).toBe(410010);
    const other = await recoveryLink({ email }, email);
    expect((await verify(other.tag, 'dealer3', 'Tags#Pass2')).body.errorCode).toBe(410010);
    expect((await verify('x'.repeat(43), username, 'Tags#Pass2')).body.errorCode).toBe(410010);
    const results = await Promise.all([verify(other.tag, username, 'Race#Pass1'), verify(other.tag, username, 'Race#Pass2')]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 410]);
    const winner = results[0]!.status === 204 ? 'Race#Pass1' : 'Race#Pass2';
    expect((await login(username, winner)).status).toBe(200);
  });

  test('bad requests are refused with a numeric code and change nothing; repeated requests are limited', async () => {
    for (const body of [{}, { username: '', email: '' }, { username: 'abc' }, { email: 'not-an-email' }, { username: 'x'.repeat(51) }]) {
      const res = await anonymous.post(RECOVERY, { body });
      expect(isCleanError(res, 422) && res.body.errorCode === 422105).toBe(true);
    }
    expect(isCleanError(await anonymous.post(RECOVERY, { body: [1] }), 400)).toBe(true);
    expect(isCleanError(await anonymous.post(VERIFY, { body: { password: 'Strong#Pass1', confPassword: 'Strong#Pass1', username: 'dealer4' } }), 400)).toBe(true);
    expect(isCleanError(await anonymous.post(VERIFY, { rawBody: '{"password":' }), 400)).toBe(true);
    const name = `limited-${run}`;
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await anonymous.post(RECOVERY, { body: { username: name } }));
    expect(answers.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(isCleanError(answers[5]!, 429) && answers[5]!.body.errorCode === 429001).toBe(true);
    expect(Number(answers[5]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('the logged-in change (session and mobile): max 30, the rules, then the new password logs in', async () => {
    const { email, username } = await newUser('changer', 'Change#Pass1');
    expect(isCleanError(await anonymous.post(CHANGE, { body: { password: 'Strong#Pass1', confPassword: 'Strong#Pass1' } }), 401)).toBe(true);
    const { client } = await ApiClient.loginWithCookie(server.baseUrl, username, 'Change#Pass1');
    const long = `Aa1#${'x'.repeat(27)}`;
    for (const body of [{ password: long, confPassword: long }, { password: 'abcdefgh', confPassword: 'abcdefgh' }, { password: 'Strong#Pass1', confPassword: 'Strong#Pass2' }]) {
      const res = await client.post(CHANGE, { body });
      expect(res.status).toBe(422);
      expect(res.body.errorCode).toBe(422104);
    }
    expect((await login(username, 'Change#Pass1')).status).toBe(200);
    // The current password, when given, must be right (issue 21 item 8; an older session must give it: the unit test).
    const wrong = await client.post(CHANGE, { body: { currentPassword: 'Wrong#Pass1', password: 'Change#Pass2', confPassword: 'Change#Pass2' } });
    expect([wrong.status, wrong.body.errorCode, isCleanError(wrong, 403)]).toEqual([403, 403042, true]);
    expect((await client.get('/api/v1/secure/user')).status).toBe(200);
    expect((await client.post(CHANGE, { body: { currentPassword: 'Change#Pass1', password: 'Change#Pass2', confPassword: 'Change#Pass2' } })).status).toBe(204);
    expect((await login(username, 'Change#Pass1')).status).toBe(401);
    await mail.next(email, (m) => !/[?&]tag=/.test(m.text));
    // The mobile call takes the token header only.
    expect(isCleanError(await client.post(MOBILE_CHANGE, { body: { password: 'Change#Pass3', confPassword: 'Change#Pass3' } }), 401)).toBe(true);
    const mobile = await ApiClient.login(server.baseUrl, username, 'Change#Pass2');
    const res = await mobile.post(MOBILE_CHANGE, { body: { password: 'Change#Pass3', confPassword: 'Change#Pass3' } });
    expect(res.status).toBe(204);
    expect((await login(username, 'Change#Pass3')).status).toBe(200);
    expect((await mobile.post(MOBILE_CHANGE, { body: { password: long, confPassword: long } })).body.errorCode).toBe(422104);
    expect(describeResult(res)).toContain('204');
  });
});
