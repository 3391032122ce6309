/**
 * The kept answers of idempotent calls are copies of what the API said: a staff's keyed PATCH answered the user's card
 * with its e-mail, and a replay of that key must not give it back after the user was anonymised (found by the users
 * review: the answer was replayed, e-mail and all, for 24 hours).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, createStorage, describeResult, startServer, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';

let storage: ServerStorage;
let server: RunningServer;

beforeAll(async () => {
  storage = await createStorage('postgres');
  server = await startServer(storage, { DEMO_DEALERS: '6' });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await storage?.dispose();
});

describe('anonymisation and kept idempotent answers', () => {
  it('a replayed key answers without the erased personal data; the key still does not run twice', async () => {
    const admin = await ApiClient.login(server.baseUrl, 'admin');
    const key = `erase-${Date.now()}`;
    const body = { idUser: 'dealer6', flgEnabled: false };
    const first = await admin.patch('/api/v1/admin/user/enable-disable', { body, idempotencyKey: key });
    expect(first.status).toBeLessThan(300);
    expect(JSON.stringify(first.body)).toContain('dealer6@demo.example');
    const again = await admin.patch('/api/v1/admin/user/enable-disable', { body, idempotencyKey: key });
    expect(JSON.stringify(again.body)).toContain('dealer6@demo.example');

    const erased = await admin.put('/api/v1/admin/user/anonymize', { body: { idUser: 'dealer6' } });
    expect(erased.status).toBe(200);
    expect(erased.body.erased.idempotentAnswers).toBeGreaterThanOrEqual(1);

    const replay = await admin.patch('/api/v1/admin/user/enable-disable', { body, idempotencyKey: key });
    expect(replay.status).toBe(first.status);
    expect(JSON.stringify(replay.body)).not.toContain('dealer6@demo.example');
    expect(replay.body).toEqual({ erased: true });
    // The audit shows one disable: the replay ran nothing.
    const audit = await admin.get('/api/v1/admin/audit?idUser=dealer6');
    expect(audit.body.items.filter((e: { type: string }) => e.type === 'UserEnabledChanged')).toHaveLength(1);
    expect(describeResult(audit)).not.toContain('dealer6@demo.example');
  });
});
