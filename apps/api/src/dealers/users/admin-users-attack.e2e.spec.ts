/**
 * Attack review of the users back-office and its audit trail (issue 14), against the real built server on PostgreSQL:
 * a login racing a disable must never leave the disabled user a working token; the audit trail of a dealer must not
 * show the changes of its users moved to a market the caller does not manage; an edit racing an anonymisation must
 * never bring erased personal data back.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ApiClient, createStorage, sleep, startServer, type ApiResult, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';

const ENABLE = '/api/v1/admin/user/enable-disable';

describe('users back-office under attack (PostgreSQL)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let admin: ApiClient;
  let customer: ApiClient;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage);
    [admin, customer] = await Promise.all(['admin', 'customer'].map((u) => ApiClient.login(server.baseUrl, u)));
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('a login racing a disable never yields a token that works after the disable answered', async () => {
    let loginAnsweredLater = 0;
    for (const [i, delay] of [0, 5, 10, 20, 40].entries()) {
      const idUser = `dealer${31 + i}`;
      let loginAt = 0;
      const login = ApiClient.login(server.baseUrl, idUser).then(
        (client) => { loginAt = performance.now(); return client; },
        () => { loginAt = performance.now(); return null; },
      );
      await sleep(delay);
      const disabled = await admin.patch(ENABLE, { body: { idUser, flgEnabled: false } });
      const disabledAt = performance.now();
      expect(disabled.status).toBe(200);
      const client = await login;
      if (loginAt > disabledAt) loginAnsweredLater++;
      if (client) {
        const me = await client.get('/api/v1/secure/user');
        expect({ user: idUser, delay, status: me.status, code: me.body?.errorCode }).toEqual({ user: idUser, delay, status: 401, code: 401003 });
      }
    }
    // The race was really run: at least one login answered after its disable (the scrypt check takes long).
    expect(loginAnsweredLater).toBeGreaterThan(0);
  }, 60_000);

  test('a dealer\'s audit trail leaves out its users of a market the caller does not manage', async () => {
    const moved = await admin.put('/api/v1/admin/user', { body: { idUser: 'dealer42', idMarket: 'OTHER', readOnly: true } });
    expect(moved.status).toBe(200);
    expect((await customer.get('/api/v1/admin/audit?idUser=dealer42')).body?.errorCode).toBe(403021);
    const trail = await customer.get('/api/v1/admin/audit?idDealer=D-1042');
    expect(trail.status).toBe(200);
    expect(trail.body.items.map((e: { streamId: string }) => e.streamId)).not.toContain('user-dealer42');
    const all = await admin.get('/api/v1/admin/audit?idDealer=D-1042');
    expect(all.body.items.map((e: { streamId: string }) => e.streamId)).toContain('user-dealer42');
  });

  test('two concurrent edits giving one e-mail to two users: one wins, the other is 409111', async () => {
    for (let k = 0; k < 4; k++) {
      const email = `race-${k}-${Date.now()}@attack.example`;
      const answers = await Promise.all([
        admin.put('/api/v1/admin/user', { body: { idUser: 'dealer43', email } }),
        customer.put('/api/v1/admin/user', { body: { idUser: 'dealer44', email } }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.status === 409)?.body.errorCode).toBe(409111);
      expect((await admin.get(`/api/v1/admin/users?email=${encodeURIComponent(email)}`)).body.total).toBe(1);
    }
  });

  test('unknown or bracketed query parameters are 400, never a filter silently dropped (a list of everyone)', async () => {
    for (const path of [
      '/api/v1/admin/users?username[a]=dealer1', '/api/v1/admin/users?usernam=dealer1', '/api/v1/admin/users?idUser=dealer1',
      '/api/v1/admin/user?idUser=dealer1&x=1', '/api/v1/admin/audit?idUser=dealer1&idUSER=dealer2',
    ]) {
      const res = await admin.get(path);
      expect({ path, status: res.status, code: res.body?.errorCode }).toEqual({ path, status: 400, code: 400001 });
    }
    const del = await admin.delete('/api/v1/admin/user?idUser=dealer46&force=1');
    expect(del.status).toBe(400);
    expect((await admin.get('/api/v1/admin/user?idUser=dealer46')).body.state).toBe('ENABLED');
    expect((await admin.get('/api/v1/admin/users?username=dealer1&limit=1')).status).toBe(200);
  });

  test('edits racing an anonymisation never bring the erased personal data back; the losers answer 410020', async () => {
    const idUser = 'dealer45';
    expect((await admin.patch(ENABLE, { body: { idUser, flgEnabled: false } })).status).toBe(200);
    const edit = (n: number): Promise<ApiResult> => admin.put('/api/v1/admin/user', { body: { idUser, surname: `Resurrected${n}`, phone: `555 01${n}` } });
    const edits = Array.from({ length: 6 }, (_, n) => sleep(n * 3).then(() => edit(n)));
    const anonymised = await admin.put('/api/v1/admin/user/anonymize', { body: { idUser } });
    expect(anonymised.status).toBe(200);
    for (const res of await Promise.all(edits)) {
      expect([200, 410]).toContain(res.status);
      if (res.status === 410) expect(res.body.errorCode).toBe(410020);
    }
    const card = await admin.get(`/api/v1/admin/user?idUser=${idUser}`);
    expect(card.body.state).toBe('ANONYMISED');
    expect(Object.values(card.body.personal).every((v) => v === null)).toBe(true);
  });
});
