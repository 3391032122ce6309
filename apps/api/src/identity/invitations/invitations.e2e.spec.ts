/**
 * Invitations end to end through HTTP against the real built server (PostgreSQL store) and a real SMTP server: a demo
 * dealer invites an e-mail, the invitee's link is read from the mail, verify-tag tells the sign-up page the dealer,
 * the sign-up follows the Italian rules (a fiscal code built with codice-fiscale-js accepted, an inconsistent one
 * refused 422103), the first password is set from the second mailed link, and the first login works. Who may
 * invite (a user of THAT dealer, the staff), pending and existing e-mails (409111), dead tags (410010), e-mail case.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import codiceFiscale from 'codice-fiscale-js';
import { randomBytes } from 'node:crypto';
import { realSmtp } from '../../testing/mailbox.test-support.js';
import { ApiClient, createStorage, isCleanError, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { MailReader } from '../passwords/account-mail.test-support.js';

const INVITE = '/api/v1/secure/user/invite';
const VERIFY_TAG = '/api/v1/open/verify-tag';
const SIGN_UP = '/api/v1/open/user-sign-up';
const VERIFY_PWD = '/api/v1/open/verify-pwd-recovery';

const run = randomBytes(4).toString('hex');
const address = (name: string) => `${name}-${run}@invitations.example`;

/** A fiscal code computed by codice-fiscale-js itself (not a fixture copied from elsewhere). */
function fiscalCodeOf(person: { name: string; surname: string; gender: 'M' | 'F'; day: number; month: number; year: number }): string {
  const module = codiceFiscale as unknown as { CodiceFiscale?: new (p: object) => { cf: string } } & (new (p: object) => { cf: string });
  const CodiceFiscale = module.CodiceFiscale ?? module;
  return new CodiceFiscale({ ...person, birthplace: 'Roma', birthplaceProvincia: 'RM' }).cf;
}

const GIULIA = { name: 'Giulia', surname: 'Bianchi', gender: 'F' as const, day: 3, month: 4, year: 1990 };

describe('invitations: invite, verify-tag, user sign-up (IT rules), first password, first login (PostgreSQL, real SMTP)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let anonymous: ApiClient;
  let dealer1: ApiClient;
  const mail = new MailReader();

  const invite = (client: ApiClient, email: string, dealerId = 'D-1001') => client.post(INVITE, { body: { email, dealerId } });
  /** Invites `email` as dealer1 and reads the sign-up link from the mail. */
  const invited = async (email: string) => {
    const res = await invite(dealer1, email);
    expect(res.status).toBe(204);
    const { message, link } = await mail.nextTagLink(email.toLowerCase(), '/user-signup');
    return { message, tag: link.searchParams.get('tag')!, email: link.searchParams.get('email')!, dealerId: link.searchParams.get('dealerId')! };
  };
  const signUpBody = (email: string, tag: string, overrides: object = {}) => ({
    surname: GIULIA.surname, name: GIULIA.name, fiscalCode: fiscalCodeOf(GIULIA), email, birthDate: '03/04/1990',
    idDealer: 'D-1001', dealerName: 'Demo Motors 1001', consent1: true, consent2: true, consent3: false, tag, ...overrides,
  });

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage, { SMTP_URL: realSmtp().smtpUrl });
    anonymous = ApiClient.anonymous(server.baseUrl);
    dealer1 = await ApiClient.login(server.baseUrl, 'dealer1');
  });

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('a dealer invites; the invitee signs up under the Italian rules, sets a password from the mail and logs in', async () => {
    const email = address('giulia');
    const invitation = await invited(email);
    expect(invitation).toMatchObject({ email, dealerId: 'D-1001' });
    expect(invitation.message.text).toContain('Demo Motors 1001');

    const tagInfo = await anonymous.get(`${VERIFY_TAG}?email=${encodeURIComponent(email)}&tag=${invitation.tag}`);
    expect(tagInfo.status).toBe(200);
    expect(tagInfo.body).toEqual({ email, idDealer: 'D-1001', dealerName: 'Demo Motors 1001', idMarket: 'IT' });

    // Mario Rossi's (valid) code does not belong to Giulia Bianchi: 422103; a missing consent: 422102. Neither spends the tag.
    const inconsistent = await anonymous.post(SIGN_UP, { body: signUpBody(email, invitation.tag, { fiscalCode: 'RSSMRA85T10A562S' }) });
    expect(isCleanError(inconsistent, 422) && inconsistent.body.errorCode === 422103).toBe(true);
    const wrongDate = await anonymous.post(SIGN_UP, { body: signUpBody(email, invitation.tag, { birthDate: '04/04/1990' }) });
    expect(wrongDate.body.errorCode).toBe(422103);
    const noConsent = await anonymous.post(SIGN_UP, { body: signUpBody(email, invitation.tag, { consent2: null }) });
    expect(isCleanError(noConsent, 422) && noConsent.body.errorCode === 422102).toBe(true);
    const noBirthDate = await anonymous.post(SIGN_UP, { body: signUpBody(email, invitation.tag, { birthDate: '' }) });
    expect(noBirthDate.body.errorCode).toBe(422102);
    // The tag of another dealer, or for another e-mail: 410010.
    expect((await anonymous.post(SIGN_UP, { body: signUpBody(email, invitation.tag, { idDealer: 'D-1002' }) })).body.errorCode).toBe(410010);
    expect((await anonymous.post(SIGN_UP, { body: signUpBody(address('other'), invitation.tag) })).body.errorCode).toBe(410010);

    // Lower-case fiscal code and upper-case e-mail: accepted (canonical forms stored).
    const created = await anonymous.post(SIGN_UP, { body: signUpBody(email.toUpperCase(), invitation.tag, { fiscalCode: fiscalCodeOf(GIULIA).toLowerCase() }) });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ idUser: expect.any(String), username: email });
    // The tag is spent: verify-tag and a second sign-up are refused.
    expect((await anonymous.get(`${VERIFY_TAG}?email=${encodeURIComponent(email)}&tag=${invitation.tag}`)).body.errorCode).toBe(410010);
    expect((await anonymous.post(SIGN_UP, { body: signUpBody(email, invitation.tag) })).body.errorCode).toBe(410010);
    expect((await anonymous.post('/api/v1/open/login', { body: { username: email, password: 'Giulia#2026' } })).status).toBe(401);

    const { link } = await mail.nextTagLink(email, '/password-recovery');
    expect(link.searchParams.get('username')).toBe(email);
    const setup = await anonymous.post(VERIFY_PWD, { body: { password: 'Giulia#2026', confPassword: 'Giulia#2026', hash: link.searchParams.get('tag'), username: email } });
    expect(setup.status).toBe(204);
    const first = await anonymous.post('/api/v1/open/login', { body: { username: email, password: 'Giulia#2026' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ username: email, idDealer: 'D-1001', idMarket: 'IT', roles: ['USER', 'BUYER'], consent1: true, consent2: true, consent3: false, flgEnabled: true });

    // Now a user of the dealer: invited again, 409111.
    expect((await invite(dealer1, email)).body.errorCode).toBe(409111);
  });

  test('who may invite: a user of that dealer or the staff; anonymous 401; unknown dealer 404040', async () => {
    const email = address('who');
    const dealer2 = await ApiClient.login(server.baseUrl, 'dealer2');
    const other = await invite(dealer2, email, 'D-1001');
    expect(isCleanError(other, 403) && other.body.errorCode === 403002).toBe(true);
    expect((await invite(dealer1, email, 'D-9999')).body.errorCode).toBe(403002);
    expect(isCleanError(await invite(anonymous, email), 401)).toBe(true);
    const admin = await ApiClient.login(server.baseUrl, 'admin');
    expect((await invite(admin, email, 'D-9999')).body.errorCode).toBe(404040);
    expect((await invite(admin, email, 'D-1002')).status).toBe(204);
    const { link } = await mail.nextTagLink(email, '/user-signup');
    expect(link.searchParams.get('dealerId')).toBe('D-1002');
    expect((await invite(dealer1, 'not-an-email')).status).toBe(400);
    expect((await dealer1.post(INVITE, { body: { email } })).status).toBe(400);
  });

  test('pending invitations and existing users: 409111; e-mails compared without case', async () => {
    const email = address('Pending');
    const invitation = await invited(email);
    expect(invitation.email).toBe(email.toLowerCase());
    expect((await invite(dealer1, email.toLowerCase())).body.errorCode).toBe(409111);
    // The demo dealer's own user (e-mail dealer1@demo.example) is already a user of D-1001.
    expect((await invite(dealer1, 'Dealer1@Demo.Example')).body.errorCode).toBe(409111);
    // verify-tag takes the e-mail in any case; a wrong tag or another e-mail is 410010 and bad input 400.
    const ok = await anonymous.get(`${VERIFY_TAG}?email=${encodeURIComponent(email.toUpperCase())}&tag=${invitation.tag}`);
    expect(ok.body).toMatchObject({ email: email.toLowerCase(), idDealer: 'D-1001' });
    expect((await anonymous.get(`${VERIFY_TAG}?email=${encodeURIComponent(address('x'))}&tag=${invitation.tag}`)).body.errorCode).toBe(410010);
    expect((await anonymous.get(`${VERIFY_TAG}?email=${encodeURIComponent(email)}&tag=${'A'.repeat(43)}`)).body.errorCode).toBe(410010);
    expect(isCleanError(await anonymous.get(`${VERIFY_TAG}?email=${encodeURIComponent(email)}`), 400)).toBe(true);
    expect(isCleanError(await anonymous.post(SIGN_UP, { body: [] }), 400)).toBe(true);
  });

  test('a customer-centre user creates users but grants no staff role; hostile input is refused with a numeric code', async () => {
    const admin = await ApiClient.login(server.baseUrl, 'admin');
    const email = address('centre');
    const created = await admin.post('/api/v1/secure/user', { body: { email, roles: ['USER', 'CUSTOMER_CENTER'], idMarket: 'IT', preferredLanguage: 'IT' } });
    expect(created.status).toBe(201);
    const { link } = await mail.nextTagLink(email, '/password-recovery');
    expect((await anonymous.post(VERIFY_PWD, { body: { password: 'Centre#2026', confPassword: 'Centre#2026', hash: link.searchParams.get('tag'), username: email } })).status).toBe(204);
    const centre = await ApiClient.login(server.baseUrl, email, 'Centre#2026');
    const escalate = await centre.post('/api/v1/secure/user', { body: { email: address('boss'), roles: ['ADMIN'], idMarket: 'IT', preferredLanguage: 'IT' } });
    expect(isCleanError(escalate, 403) && escalate.body.errorCode === 403040).toBe(true);
    const buyer = await centre.post('/api/v1/secure/user', { body: { email: address('buyer'), idDealer: 'D-1003', roles: ['USER', 'BUYER'], idMarket: 'IT', preferredLanguage: 'OTHER' } });
    expect(buyer.body).toMatchObject({ idDealer: 'D-1003', preferredLanguage: 'EN' });
    // The staff invite for any dealer.
    expect((await invite(centre, address('staff-invite'), 'D-1004')).status).toBe(204);

    const hostile: [string, () => Promise<{ status: number; body: { errorCode?: unknown } }>][] = [
      ['NUL in a recovery', () => anonymous.post('/api/v1/open/pwd-recovery', { body: { username: 'dealer\u00001' } })],
      ['huge tag', () => anonymous.post(VERIFY_PWD, { body: { password: 'Strong#Pass1', confPassword: 'Strong#Pass1', hash: 'x'.repeat(10_000), username: 'dealer1' } })],
      ['object as a name', () => anonymous.post(SIGN_UP, { body: signUpBody(address('h'), 'A'.repeat(43), { name: { $ne: 1 } }) })],
      ['repeated query parameter', () => anonymous.get(`${VERIFY_TAG}?email=a%40b.example&email=c%40d.example&tag=x`)],
      ['lone surrogate in an invite', () => dealer1.post(INVITE, { body: { email: 'a\ud800@b.example', dealerId: 'D-1001' } })],
      ['prototype keys', () => dealer1.post(INVITE, { rawBody: '{"__proto__":{"email":"x@y.example"},"dealerId":"D-1001"}' })],
      ['unknown role', () => admin.post('/api/v1/secure/user', { body: { email: address('r'), roles: ['ROOT'], idMarket: 'IT', preferredLanguage: 'IT' } })],
    ];
    for (const [name, call] of hostile) {
      const res = await call();
      expect([name, res.status >= 400 && res.status < 500 && typeof res.body.errorCode === 'number']).toEqual([name, true]);
    }
  });
});
