/**
 * Issue 21, items 1, 2, 4 and 8: the attack review of the one access guard. What an administrator narrowed to one
 * market, or a user of a dealer not enabled, still reached after the guard landed, each by a real request.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, createStorage, startServer, type ApiResult, type RunningServer, type ServerStorage } from '../testing/server.test-support.js';

let storage: ServerStorage;
let server: RunningServer;
let admin: ApiClient;
/** The read-only administrator, narrowed to the market FR (every demo dealer and user is of IT). */
let auditorFr: ApiClient;

beforeAll(async () => {
  storage = await createStorage('postgres');
  server = await startServer(storage, { DEMO_DEALERS: '2' });
  admin = await ApiClient.login(server.baseUrl, 'admin');
  expect((await admin.put('/api/v1/admin/user', { body: { idUser: 'auditor', adminEnabledMarket: ['FR'] } })).status).toBe(200);
  auditorFr = await ApiClient.login(server.baseUrl, 'auditor');
}, 300_000);

afterAll(async () => {
  await server?.stop();
  await storage?.dispose();
});

const refusal = (res: ApiResult) => [res.status, (res.body as { errorCode?: number } | null)?.errorCode];

describe('the event view of an administrator narrowed to one market', () => {
  it('refuses the stream of a dealer or user of another market (403021), as the dealer and user routes do', async () => {
    expect(refusal(await auditorFr.get('/api/v1/admin/dealer?idDealer=D-1001'))).toEqual([403, 403021]);
    expect(refusal(await auditorFr.get('/api/v1/admin/events/stream/dealer-D-1001'))).toEqual([403, 403021]);
    expect(refusal(await auditorFr.get('/api/v1/admin/events/stream/user-dealer1'))).toEqual([403, 403021]);
    // An administrator of every market still reads them, and any narrowed one its own account's.
    expect((await admin.get<unknown[]>('/api/v1/admin/events/stream/dealer-D-1001')).body).toHaveLength(1);
    expect((await auditorFr.get<unknown[]>('/api/v1/admin/events/stream/user-auditor')).status).toBe(200);
  });

  it('refuses the stream of a deleted dealer of another market too (its history keeps its market; review of #21 item 4)', async () => {
    const deleted = await admin.delete('/api/v1/admin/dealer?idDealer=D-DAC-1');
    expect([deleted.status, deleted.body]).toEqual([204, null]);
    expect(refusal(await auditorFr.get('/api/v1/admin/events/stream/dealer-D-DAC-1'))).toEqual([403, 403021]);
    expect((await admin.get<unknown[]>('/api/v1/admin/events/stream/dealer-D-DAC-1')).status).toBe(200);
  });

  it('reads a stream a page at a time, 1,000 events at most (#21 item 10)', async () => {
    type Ev = { streamVersion: number; type: string };
    const whole = (await admin.get<Ev[]>('/api/v1/admin/events/stream/user-auditor')).body;
    expect(whole.length).toBeGreaterThanOrEqual(2);
    const first = await admin.get<Ev[]>('/api/v1/admin/events/stream/user-auditor?limit=1');
    const next = await admin.get<Ev[]>('/api/v1/admin/events/stream/user-auditor?fromVersion=2&limit=1');
    expect([first.body, next.body]).toEqual([[whole[0]], [whole[1]]]);
    expect(refusal(await admin.get('/api/v1/admin/events/stream/user-auditor?limit=1001'))).toEqual([400, 400001]);
  });

  it('refuses the global log, which holds every market\'s dealers and users (403021)', async () => {
    expect(refusal(await auditorFr.get('/api/v1/admin/events/log?limit=5'))).toEqual([403, 403021]);
    expect((await admin.get<unknown[]>('/api/v1/admin/events/log?limit=5')).body).toHaveLength(5);
  });
});

describe('a user enabled alone inside a registration waiting for approval', () => {
  it('gets no password link from the staff (403060) while its dealer is PENDING, and one once the dealer is enabled', async () => {
    // The careless administrator enables the reference user of a pending registration alone...
    expect((await admin.patch('/api/v1/admin/user/enable-disable', { body: { idUser: 'pending-1', flgEnabled: true } })).status).toBe(200);
    // ...and sends it a recovery link: that would give it a password before its dealer may use the portal.
    expect(refusal(await admin.patch('/api/v1/admin/user/reset-pwd', { body: { idUser: 'pending-1' } }))).toEqual([403, 403060]);
    expect((await admin.get<{ total: number }>('/api/v1/admin/mail?to=pending1@demo.example')).body.total).toBe(0);
    // Once the registration is approved, the link is the user's to have.
    expect((await admin.put('/api/v1/admin/enable-dealer', { body: { idDealer: 'D-PEND-1', flgEnabled: true } })).status).toBe(200);
    expect((await admin.patch('/api/v1/admin/user/reset-pwd', { body: { idUser: 'pending-1' } })).status).toBe(200);
  });
});
