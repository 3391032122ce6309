/**
 * Staff protection and the account mails (issue 21 items 3, 7, 16) against the real built server on PostgreSQL, mail
 * read from the real SMTP server: the customer centre changes no ADMIN, CUSTOMER_CENTER, AUCTIONEER, MULTI_AUCTIONEER or
 * EXHIBITOR account, on any path (the user's own calls, its dealer's enable/disable, a new user's roles); a dealer's
 * re-enable restores only the users its disable switched off; an e-mail change is told to the old address; the
 * first-password mail and the "account enabled" mail say the account was approved and how to choose a password.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mailTextsFor } from '@auction/mail';
import { linkIn, realSmtp, waitForMail } from '../testing/mailbox.test-support.js';
import { ApiClient, createStorage, describeResult, startServer, type ApiResult, type RunningServer, type ServerStorage } from '../testing/server.test-support.js';
import { filesFor, registrationFor, signUp } from '../identity/registration/registration.test-support.js';

const A = '/api/v1/admin';
const USER = `${A}/user`;
const ENABLE_USER = `${A}/user/enable-disable`;
const ENABLE_DEALER = `${A}/enable-dealer`;
const run = randomBytes(4).toString('hex');

const refused = (res: ApiResult, status: number, code: number) => expect({ status: res.status, code: res.body?.errorCode }).toEqual({ status, code });
const stateOf = async (client: ApiClient, idUser: string) => (await client.get(`${USER}?idUser=${idUser}`)).body.state as string;

describe('staff protection and account mails (PostgreSQL, real SMTP)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let base: string;
  let admin: ApiClient;
  let customer: ApiClient;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage, { SMTP_URL: realSmtp().smtpUrl, SIGN_UP_ADDRESS_MAX_ATTEMPTS: '1000' });
    base = server.baseUrl;
    [admin, customer] = await Promise.all(['admin', 'customer'].map((u) => ApiClient.login(base, u)));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('the customer centre cannot disable or enable a dealer that has staff, auctioneer or exhibitor accounts (item 3)', async () => {
    refused(await customer.put(ENABLE_DEALER, { body: { idDealer: 'D-AUCT', flgEnabled: false } }), 403, 403041);
    refused(await customer.put(ENABLE_DEALER, { body: { idDealer: 'D-EXHB', flgEnabled: false } }), 403, 403041);
    expect(await stateOf(admin, 'multiauctioneer')).toBe('ENABLED');
    await ApiClient.login(base, 'auctioneer');
    // An ADMIN may; while it is disabled, the customer centre may not switch those accounts back on either.
    expect((await admin.put(ENABLE_DEALER, { body: { idDealer: 'D-AUCT', flgEnabled: false } })).body.status).toBe('DISABLED');
    refused(await customer.put(ENABLE_DEALER, { body: { idDealer: 'D-AUCT', flgEnabled: true } }), 403, 403041);
    expect((await admin.put(ENABLE_DEALER, { body: { idDealer: 'D-AUCT', flgEnabled: true } })).body.status).toBe('ENABLED');
    for (const idUser of ['multiauctioneer', 'auctioneer', 'loader']) expect([idUser, await stateOf(admin, idUser)]).toEqual([idUser, 'ENABLED']);
  });

  test('a dealer\'s re-enable restores only the users its disable switched off, not those disabled one by one (item 3)', async () => {
    // D-EXHB: `former` was disabled by the back-office on its own; `exhibitor` is on.
    expect(await stateOf(admin, 'former')).toBe('DISABLED');
    await admin.put(ENABLE_DEALER, { body: { idDealer: 'D-EXHB', flgEnabled: false } });
    expect(await stateOf(admin, 'exhibitor')).toBe('DISABLED');
    await admin.put(ENABLE_DEALER, { body: { idDealer: 'D-EXHB', flgEnabled: true } });
    expect(await stateOf(admin, 'exhibitor')).toBe('ENABLED');
    expect(await stateOf(admin, 'former')).toBe('DISABLED');

    // A plain dealer, through the customer centre: a second user disabled one by one stays disabled.
    const created = await admin.post('/api/v1/secure/user', { body: { email: `second-${run}@example.com`, roles: ['USER', 'BUYER'], idMarket: 'IT', preferredLanguage: 'IT', idDealer: 'D-1050' } });
    expect([created.status, describeResult(created)]).toEqual([201, expect.any(String)]);
    const second = created.body.idUser as string;
    expect((await customer.patch(ENABLE_USER, { body: { idUser: second, flgEnabled: false } })).status).toBe(200);
    expect((await customer.put(ENABLE_DEALER, { body: { idDealer: 'D-1050', flgEnabled: false } })).body.status).toBe('DISABLED');
    expect(await stateOf(admin, 'dealer50')).toBe('DISABLED');
    expect((await customer.put(ENABLE_DEALER, { body: { idDealer: 'D-1050', flgEnabled: true } })).body.status).toBe('ENABLED');
    expect(await stateOf(admin, 'dealer50')).toBe('ENABLED');
    expect(await stateOf(admin, second)).toBe('DISABLED');
    // Disabled by the dealer, then switched on and off again one by one: that user's last disable was not the dealer's.
    await customer.put(ENABLE_DEALER, { body: { idDealer: 'D-1050', flgEnabled: false } });
    await customer.patch(ENABLE_USER, { body: { idUser: 'dealer50', flgEnabled: true } });
    await customer.patch(ENABLE_USER, { body: { idUser: 'dealer50', flgEnabled: false } });
    await customer.put(ENABLE_DEALER, { body: { idDealer: 'D-1050', flgEnabled: true } });
    expect(await stateOf(admin, 'dealer50')).toBe('DISABLED');
  });

  test('auctioneer, multi-auctioneer and exhibitor accounts are changed by an ADMIN only, on every per-user call (item 7)', async () => {
    const email = `takeover-${run}@example.com`;
    for (const idUser of ['multiauctioneer', 'auctioneer', 'exhibitor', 'admin']) {
      refused(await customer.put(USER, { body: { idUser, email } }), 403, 403040);
      refused(await customer.patch(`${USER}/reset-pwd`, { body: { idUser } }), 403, 403040);
      refused(await customer.patch(ENABLE_USER, { body: { idUser, flgEnabled: false } }), 403, 403040);
    }
    // Nor may the customer centre create such an account (it would hold the auctions or showcase of a dealer).
    for (const role of ['AUCTIONEER', 'MULTI_AUCTIONEER', 'EXHIBITOR', 'ADMIN']) {
      const res = await customer.post('/api/v1/secure/user', { body: { email: `made-${role}-${run}@example.com`, roles: ['USER', role], idMarket: 'IT', preferredLanguage: 'IT', idDealer: 'D-1051' } });
      refused(res, 403, 403040);
    }
    expect((await admin.get(`${USER}?idUser=multiauctioneer`)).body.personal.email).toBe('multiauctioneer@demo.example');
    // The customer centre still changes a plain dealer's user.
    expect((await customer.put(USER, { body: { idUser: 'dealer52', name: 'Changed' } })).status).toBe(200);
  });

  test('an e-mail change is told to the old address; the new one gets nothing it did not ask for (item 7)', async () => {
    const before = `old-${run}@example.com`;
    const after = `new-${run}@example.com`;
    expect((await admin.put(USER, { body: { idUser: 'multiauctioneer', email: before } })).status).toBe(200);
    expect((await admin.put(USER, { body: { idUser: 'multiauctioneer', email: after } })).status).toBe(200);
    const [notice] = await waitForMail(before);
    expect(notice!.subject).toMatch(/e-mail address/i);
    expect(notice!.text).toContain('multiauctioneer');
    expect(notice!.text).not.toContain(after);
  });

  test('the first-password mail is not a reset mail: the account was opened or approved, and how to choose a password (item 16)', async () => {
    const email = `first-${run}@example.com`;
    expect((await admin.post('/api/v1/secure/user', { body: { email, roles: ['USER', 'BUYER'], idMarket: 'IT', preferredLanguage: 'EN', idDealer: 'D-1053' } })).status).toBe(201);
    const [setup] = await waitForMail(email);
    expect(setup!.subject).not.toMatch(/reset/i);
    expect(setup!.text).not.toMatch(/did not ask|reset/i);
    expect(setup!.text).toMatch(/choose (a|your) password/i);
    const link = linkIn(setup!, '/password-recovery');
    const password = 'First#Password2026';
    const verify = await ApiClient.anonymous(base).post('/api/v1/open/verify-pwd-recovery', {
      body: { username: link.searchParams.get('username'), hash: link.searchParams.get('tag'), password, confPassword: password },
    });
    expect(verify.status).toBe(204);

    // A registration approved: the dealer's "account enabled" mail says how the password is chosen, the reference
    // user's mail says the registration was approved.
    const dto = registrationFor('IT', `sp${run}`);
    const res = await signUp(base, dto, filesFor('IT'));
    expect(res.status).toBe(201);
    expect((await customer.put(ENABLE_DEALER, { body: { idDealer: res.body.idDealer, flgEnabled: true } })).status).toBe(200);
    // In the registrant's language (Italian here).
    const it = mailTextsFor('it');
    const [enabled] = await waitForMail(dto.email, 2);
    expect(enabled!.text).toContain(it.accountEnabled.passwordSetup);
    const approved = (await waitForMail(String(dto.referenceEmail))).find((m) => /password-recovery/.test(m.text))!;
    expect(approved.subject).toBe(it.accountSetup.subject.replace('{{portal}}', 'Auction portal'));
    expect(approved.text).toContain(it.accountSetup.approved.slice(0, 30));
    expect(approved.text).not.toContain(it.passwordRecovery.ignore);
  }, 60_000);
});
