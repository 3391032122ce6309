/**
 * The back-office audit trail (issue 14) through HTTP against the real built server on PostgreSQL: the changes made
 * with the users back-office are listed newest first with who (id and username) and when, for the user and for its
 * dealer; never a personal value; paging; exactly one of idUser and idDealer; roles and market scope.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ApiClient, createStorage, isCleanError, startServer, type ApiResult, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';

const AUDIT = '/api/v1/admin/audit';

const refused = (res: ApiResult, status: number, code: number) => {
  expect({ status: res.status, code: res.body?.errorCode }).toEqual({ status, code });
  expect(isCleanError(res, status)).toBe(true);
};

describe('audit trail of the back-office (PostgreSQL)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let admin: ApiClient;
  let customer: ApiClient;
  let auditor: ApiClient;
  let dealer: ApiClient;
  const started = Date.now();

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage);
    [admin, customer, auditor, dealer] = await Promise.all(['admin', 'customer', 'auditor', 'dealer1'].map((u) => ApiClient.login(server.baseUrl, u)));
    const ok = async (res: Promise<ApiResult>) => expect((await res).status).toBe(200);
    await ok(admin.patch('/api/v1/admin/user/enable-disable', { body: { idUser: 'dealer11', flgEnabled: false } }));
    await ok(customer.patch('/api/v1/admin/user/enable-disable', { body: { idUser: 'dealer11', flgEnabled: true } }));
    await ok(customer.put('/api/v1/admin/user', { body: { idUser: 'dealer11', surname: 'Secretname', readOnly: false, phone: '555 0101' } }));
    await ok(admin.post('/api/v1/admin/user/permission', { body: { idUser: 'dealer11', permission: 'VISITOR' } }));
    await ok(customer.patch('/api/v1/admin/user/reset-pwd', { body: { idUser: 'dealer11' } }));
    await ok(admin.put('/api/v1/admin/user', { body: { idUser: 'dealer12', idMarket: 'OTHER' } }));
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('a user\'s changes, newest first, with by, byUsername and at; no personal value', async () => {
    const res = await auditor.get(`${AUDIT}?idUser=dealer11`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toMatchObject({ total: 5, limit: 20, offset: 0 });
    const items = res.body.items as { position: number; type: string; by: string; byUsername: string; at: string; streamId: string; details: Record<string, unknown> }[];
    expect(items.map((e) => [e.type, e.by, e.byUsername])).toEqual([
      ['UserPasswordResetRequested', 'customer', 'customer'],
      ['UserRolesChanged', 'admin', 'admin'],
      ['UserEditedByAdmin', 'customer', 'customer'],
      ['UserEnabledChanged', 'customer', 'customer'],
      ['UserEnabledChanged', 'admin', 'admin'],
    ]);
    expect(items.map((e) => e.position)).toEqual([...items.map((e) => e.position)].sort((a, b) => b - a));
    for (const e of items) {
      expect(e.streamId).toBe('user-dealer11');
      expect(Date.parse(e.at)).toBeGreaterThanOrEqual(started - 60_000);
      expect(e.details).not.toHaveProperty('by');
    }
    expect(items[1]!.details).toMatchObject({ roles: ['USER', 'BUYER', 'VISITOR'] });
    expect(items[2]!.details).toEqual({ idUser: 'dealer11', personalFields: ['phone', 'surname'] });
    expect(items[4]!.details).toMatchObject({ flgEnabled: false });
    expect(JSON.stringify(res.body)).not.toMatch(/Secretname|555 0101|@demo\.example/);
  });

  test('a dealer\'s trail holds its users\' changes; pages do not overlap', async () => {
    const all = await customer.get(`${AUDIT}?idDealer=D-1011`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(5);
    expect(all.body.items.some((e: { streamId: string }) => e.streamId === 'user-dealer11')).toBe(true);
    const first = await customer.get(`${AUDIT}?idDealer=D-1011&limit=2`);
    const second = await customer.get(`${AUDIT}?idDealer=D-1011&limit=2&offset=2`);
    expect(first.body.items).toHaveLength(2);
    expect(second.body.items[0].position).toBeLessThan(first.body.items[1].position);
    expect((await customer.get(`${AUDIT}?idUser=dealer13`)).body).toMatchObject({ total: 0, items: [] });
  });

  test('an anonymised actor reads anonymous-<id>: the trail never names them again', async () => {
    const ok = async (res: Promise<ApiResult>) => {
      const r = await res;
      expect({ status: r.status, body: r.status === 200 ? 'ok' : r.body }).toEqual({ status: 200, body: 'ok' });
    };
    await ok(admin.post('/api/v1/admin/user/permission', { body: { idUser: 'dealer14', permission: 'CUSTOMER_CENTER' } }));
    await ok(admin.put('/api/v1/admin/user', { body: { idUser: 'dealer14', adminEnabledMarket: ['IT'] } }));
    const staff = await ApiClient.login(server.baseUrl, 'dealer14');
    await ok(staff.patch('/api/v1/admin/user/enable-disable', { body: { idUser: 'dealer15', flgEnabled: false } }));
    expect((await admin.get(`${AUDIT}?idUser=dealer15`)).body.items[0]).toMatchObject({ by: 'dealer14', byUsername: 'dealer14' });
    await ok(admin.delete('/api/v1/admin/user/permission?permission=CUSTOMER_CENTER&userID=dealer14'));
    await ok(admin.patch('/api/v1/admin/user/enable-disable', { body: { idUser: 'dealer14', flgEnabled: false } }));
    await ok(admin.put('/api/v1/admin/user/anonymize', { body: { idUser: 'dealer14' } }));
    const after = await admin.get(`${AUDIT}?idUser=dealer15`);
    expect(after.body.items[0]).toMatchObject({ type: 'UserEnabledChanged', by: 'dealer14', byUsername: 'anonymous-dealer14' });
  });

  test('refusals: exactly one target (400), staff only (403001), market scope (403021), unknown 404060/404040', async () => {
    for (const q of ['', '?idUser=dealer11&idDealer=D-1011', '?idUser=', '?idUser=a%00b', '?idUser=dealer11&limit=0', '?idUser=dealer11&offset=x', `?idDealer=${'d'.repeat(65)}`]) {
      expect(isCleanError(await admin.get(`${AUDIT}${q}`), 400)).toBe(true);
    }
    refused(await dealer.get(`${AUDIT}?idUser=dealer1`), 403, 403001);
    refused(await ApiClient.anonymous(server.baseUrl).get(`${AUDIT}?idUser=dealer1`), 401, 401001);
    refused(await customer.get(`${AUDIT}?idUser=dealer12`), 403, 403021);
    expect((await admin.get(`${AUDIT}?idUser=dealer12`)).body.total).toBe(1);
    refused(await admin.get(`${AUDIT}?idUser=nobody-here`), 404, 404060);
    refused(await admin.get(`${AUDIT}?idDealer=D-NOPE`), 404, 404040);
  });
});
