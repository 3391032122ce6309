/**
 * Attack review of the dealers back-office (issue 14), against the real built server on PostgreSQL: absurd date
 * filters (a 500 before), enabling a dealer whose reference user was deleted (a first-password link was mailed to the
 * deleted person), a registration disabled first and enabled later (its reference user was left without a password and
 * without a mail), and an enable racing a delete or a disable (a user stayed enabled in a deleted dealer and could log in).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { mailTo, realSmtp, waitForMail } from '../../testing/mailbox.test-support.js';
import { ApiClient, createStorage, describeResult, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';
import { filesFor, registrationFor, signUp } from '../../identity/registration/registration.test-support.js';

const A = '/api/v1/admin';
const SEARCH = `${A}/dealers-info/search`;
const tag = () => randomBytes(4).toString('hex');

describe('dealers back-office under attack (PostgreSQL)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let base: string;
  let admin: ApiClient;

  /** A dealer registered through the sign-up form, waiting (PENDING), with its reference user's id. */
  const register = async (): Promise<{ idDealer: string; email: string; referenceEmail: string; idUser: string }> => {
    const dto = registrationFor('IT', `atk${tag()}`);
    const res = await signUp(base, dto, filesFor('IT'));
    expect([res.status, JSON.stringify(res.body).slice(0, 300)]).toEqual([201, expect.any(String)]);
    const reference = await admin.get(`${A}/dealer-reference?idDealer=${res.body.idDealer}`);
    expect(reference.status).toBe(200);
    return { idDealer: res.body.idDealer, email: dto.email, referenceEmail: String(dto.referenceEmail), idUser: reference.body.idUser };
  };

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage, { SMTP_URL: realSmtp().smtpUrl, SIGN_UP_ADDRESS_MAX_ATTEMPTS: '1000' });
    base = server.baseUrl;
    admin = await ApiClient.login(base, 'admin');
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('absurd or unreal dates are a clear 400001, never a 500; the last accepted year still answers', async () => {
    for (const query of ['createFrom=0000-01-01', 'createTo=9999-12-31', 'createFrom=2026-02-31', 'createTo=1899-12-31T23:00:00Z', 'createFrom=2026-13-01']) {
      const res = await admin.get(`${SEARCH}?${query}`);
      expect([query, res.status, res.body?.errorCode]).toEqual([query, 400, 400001]);
    }
    const ok = await admin.get(`${SEARCH}?createFrom=1900-01-01&createTo=9998-12-31&limit=1`);
    expect([ok.status, describeResult(ok)]).toEqual([200, expect.any(String)]);
    expect(ok.body.total).toBeGreaterThan(0);
    const inverted = await admin.get(`${SEARCH}?createFrom=2030-01-01&createTo=2020-01-01`);
    expect([inverted.status, inverted.body.total]).toEqual([200, 0]);
    const csv = await admin.get(`${A}/dealer-to-configure/export?createTo=9999-12-31`);
    expect([csv.status, csv.body?.errorCode]).toEqual([400, 400001]);
  });

  test('enabling a dealer whose reference user was deleted mails nobody; a registration disabled, then enabled, gets its mails', async () => {
    const gone = await register();
    const parked = await register();
    const before = { email: (await mailTo(gone.email)).length, reference: (await mailTo(gone.referenceEmail)).length };
    const parkedBefore = (await mailTo(parked.referenceEmail)).length;

    expect((await admin.delete(`${A}/user?idUser=${gone.idUser}`)).status).toBe(200);
    const enabled = await admin.put(`${A}/enable-dealer`, { body: { idDealer: gone.idDealer, flgEnabled: true } });
    expect([enabled.status, enabled.body.status]).toEqual([200, 'ENABLED']);

    // The parked registration: disabled first (nothing mailed), then enabled: its reference user has no password yet.
    expect((await admin.put(`${A}/enable-dealer`, { body: { idDealer: parked.idDealer, flgEnabled: false } })).body.status).toBe('DISABLED');
    expect((await admin.put(`${A}/enable-dealer`, { body: { idDealer: parked.idDealer, flgEnabled: true } })).body.status).toBe('ENABLED');
    const reference = await admin.get(`${A}/dealer-reference?idDealer=${parked.idDealer}`);
    expect(reference.body).toMatchObject({ flgEnabled: true, hasPassword: false });
    const mails = await waitForMail(parked.referenceEmail, parkedBefore + 1);
    expect(mails.some((m) => /password-recovery\?tag=/.test(m.text))).toBe(true);

    // The parked dealer's mails came after the deleted one's enabling answered: any mail of that one would be here.
    expect({ email: (await mailTo(gone.email)).length, reference: (await mailTo(gone.referenceEmail)).length }).toEqual(before);
  }, 90_000);

  test('POST dealer refuses a reference e-mail another user holds (409111) and writes nothing; a free one then works', async () => {
    const t = tag();
    const body = (referenceEmail: string) => ({
      businessName: `Prova ${t}`, vatCode: '00743110157', address: 'Via Roma 1', city: 'Milano', postalCode: '20100', email: `biz${t}@atk.example`,
      country: 'IT', region: 'MI', referenceName: 'Mario', referenceSurname: 'Rossi', referenceEmail,
    });
    // The demo user `customer` has the e-mail customer@demo.example (its username is `customer`).
    const taken = await admin.post(`${A}/dealer`, { body: body('Customer@Demo.example') });
    expect([taken.status, taken.body?.errorCode]).toEqual([409, 409111]);
    expect(JSON.stringify(taken.body)).not.toContain('customer@demo.example');
    const none = await admin.get(`${SEARCH}?email=biz${t}@atk.example`);
    expect(none.body.total).toBe(0);
    const ok = await admin.post(`${A}/dealer`, { body: body(`ref${t}@atk.example`) });
    expect([ok.status, describeResult(ok)]).toEqual([201, expect.any(String)]);
    expect((await admin.get(`${SEARCH}?email=biz${t}@atk.example`)).body.total).toBe(1);
  });

  test('an enable racing a delete or a disable never leaves a user enabled in a deleted or disabled dealer', async () => {
    const ids = [11, 12, 13, 14, 15, 16, 17, 18];
    const set = async (n: number, flgEnabled: boolean) => admin.put(`${A}/enable-dealer`, { body: { idDealer: `D-${1000 + n}`, flgEnabled } });
    /** The dealer's status and whether its user is enabled. */
    const stateOf = async (n: number) => {
      const dealer = await admin.get(`${A}/dealer?idDealer=D-${1000 + n}`);
      const user = await admin.get(`${A}/user?idUser=dealer${n}`);
      return { n, status: dealer.status === 404 ? 'DELETED' : dealer.body.status, userEnabled: user.body.flgEnabled };
    };
    // Rounds of "disable" racing "enable" on disabled dealers (the enable fired 0-7 ms later): whoever wins, users follow.
    for (let round = 0; round < 4; round++) {
      for (const n of ids) expect((await set(n, false)).body.status).toBe('DISABLED');
      await Promise.all(ids.map(async (n, i) => {
        const stop = set(n, false);
        await new Promise((r) => setTimeout(r, i));
        await Promise.all([stop, set(n, true)]);
      }));
      for (const n of ids) {
        const state = await stateOf(n);
        expect(state).toEqual({ n, status: state.status, userEnabled: state.status === 'ENABLED' });
      }
    }
    // Then "delete" racing "enable": the dealer is deleted, its user disabled and unable to log in.
    for (const n of ids) expect((await set(n, false)).body.status).toBe('DISABLED');
    await Promise.all(ids.map(async (n, i) => {
      const del = admin.delete(`${A}/dealer?idDealer=D-${1000 + n}`);
      await new Promise((r) => setTimeout(r, i));
      await Promise.all([del, set(n, true)]);
    }));
    for (const n of ids) {
      expect(await stateOf(n)).toEqual({ n, status: 'DELETED', userEnabled: false });
      await expect(ApiClient.login(base, `dealer${n}`)).rejects.toThrow();
    }
  }, 120_000);
});
