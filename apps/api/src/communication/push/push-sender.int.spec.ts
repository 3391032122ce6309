/**
 * The push sender against the local FCM-protocol test double (real HTTP, real google-auth-library token grant) and a
 * PGlite outbox: delivery, retries with back-off, UNREGISTERED dropping the token, and no second send after a crash
 * between FCM's answer and its record.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import type { ReadModelDb } from '@auction/read-models';
import { PushTokenStore } from '../../identity/profile/push-tokens.js';
import { withFreshReadModelDb } from '../../testing/read-model-db.test-support.js';
import { FcmClient } from './fcm-client.js';
import { FcmTestDouble } from './fcm-test-double.js';
import { PushOutbox, type PushNotificationRecord } from './push-outbox.js';
import { PushSender, type FcmPort } from './push-sender.js';

let db: ReadModelDb;
withFreshReadModelDb('pglite', ([opened]) => { db = opened!; });

let double: FcmTestDouble;
let client: FcmClient;
let now = 1_000_000;
beforeAll(async () => {
  double = await FcmTestDouble.start({ projectId: 'unit-project' });
  client = new FcmClient(double.serviceAccount(), double.projectId, double.url);
});
afterAll(() => double.close());

const note = (id: string, title = 'Hello'): PushNotificationRecord => ({
  id, title, body: 'New vehicles', type: 'info', source: 'ADMIN', createdBy: 'admin', createdAt: now, recipients: 1, data: { type: 'info', route: '/private', click_action: '/private' },
});

function setup(fcm: FcmPort = client) {
  const outbox = new PushOutbox(db);
  const tokens = new PushTokenStore(db);
  const sender = new PushSender({ outbox, fcm, now: () => now, dropToken: (t) => tokens.drop(t), backoffMs: 1_000, maxAttempts: 3 });
  return { outbox, tokens, sender };
}

describe('push sender', () => {
  test('delivers a notification to the double with a valid bearer token and its data', async () => {
    const { outbox, tokens, sender } = setup();
    await tokens.register('u1', 'tok-u1-phone');
    double.addDevice('tok-u1-phone');
    expect(await outbox.record(note('n1'), ['u1'])).toBe(1);
    expect(await outbox.record(note('n1'), ['u1'])).toBe(0);
    await sender.round();
    const got = double.received.filter((m) => m.token === 'tok-u1-phone');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ notification: { title: 'Hello', body: 'New vehicles' }, data: { route: '/private', click_action: '/private', type: 'info' } });
    expect(got[0]!.accessToken).toMatch(/^ya29\.double-/);
    const [d] = (await outbox.deliveries('n1', 10, 0)).items;
    expect(d).toMatchObject({ state: 'SENT', attempts: 1, errorCode: null, fcmMessage: got[0]!.name });
  });

  test('429 and 503 are retried after a back-off, and sent once', async () => {
    const { outbox, tokens, sender } = setup();
    await tokens.register('u2', 'tok-u2');
    double.addDevice('tok-u2');
    double.failNext({ status: 503 }, { status: 429, retryAfter: 30 });
    await outbox.record(note('n2'), ['u2']);
    await sender.round();
    expect((await outbox.deliveries('n2', 10, 0)).items[0]).toMatchObject({ state: 'QUEUED', attempts: 1, errorCode: 502410 });
    now += 999;
    await sender.round();
    expect((await outbox.deliveries('n2', 10, 0)).items[0]).toMatchObject({ state: 'QUEUED', attempts: 1 });
    now += 1;
    await sender.round();
    // The 429 said Retry-After 30 s: longer than the 2 s back-off.
    expect((await outbox.deliveries('n2', 10, 0)).items[0]).toMatchObject({ state: 'QUEUED', attempts: 2, errorCode: 502410 });
    now += 29_000;
    await sender.round();
    expect((await outbox.deliveries('n2', 10, 0)).items[0]).toMatchObject({ state: 'QUEUED', attempts: 2 });
    now += 1_000;
    await sender.round();
    expect((await outbox.deliveries('n2', 10, 0)).items[0]).toMatchObject({ state: 'SENT', attempts: 3 });
    expect(double.received.filter((m) => m.token === 'tok-u2')).toHaveLength(1);
  });

  test('gives up after the last attempt: FAILED 502410', async () => {
    const { outbox, tokens, sender } = setup();
    await tokens.register('u5', 'tok-u5');
    double.addDevice('tok-u5');
    double.failNext({ status: 503 }, { status: 503 }, { status: 503 });
    await outbox.record(note('n5'), ['u5']);
    for (let i = 0; i < 3; i++) {
      await sender.round();
      now += 10_000;
    }
    expect((await outbox.deliveries('n5', 10, 0)).items[0]).toMatchObject({ state: 'FAILED', attempts: 3, errorCode: 502410 });
    expect(double.received.filter((m) => m.token === 'tok-u5')).toHaveLength(0);
  });

  test('UNREGISTERED drops the token; a token that left its user is not sent', async () => {
    const { outbox, tokens, sender } = setup();
    await tokens.register('u3', 'tok-u3-gone');
    await tokens.register('u3', 'tok-u3-moved');
    double.addDevice('tok-u3-moved');
    double.removeDevice('tok-u3-gone');
    await outbox.record(note('n3'), ['u3']);
    await tokens.register('u4', 'tok-u3-moved');
    await sender.round();
    const states = (await outbox.deliveries('n3', 10, 0)).items.map((d) => [d.token, d.state, d.errorCode]);
    expect(states).toEqual(expect.arrayContaining([['tok-u3-gone', 'DROPPED', 404412], ['tok-u3-moved', 'DROPPED', null]]));
    expect(await tokens.tokensOf('u3')).toEqual([]);
    expect(await tokens.tokensOf('u4')).toEqual(['tok-u3-moved']);
    expect(double.received.filter((m) => m.token.startsWith('tok-u3'))).toHaveLength(0);
  });

  test('a crash between FCM accepting and the record: UNKNOWN, never sent again', async () => {
    const crashing: FcmPort = {
      send: async (m) => {
        await client.send(m);
        throw new Error('process killed before the outcome was recorded');
      },
    };
    const first = setup(crashing);
    await first.tokens.register('u6', 'tok-u6');
    double.addDevice('tok-u6');
    await first.outbox.record(note('n6'), ['u6']);
    await expect(first.sender.round()).rejects.toThrow(/process killed/);
    expect((await first.outbox.deliveries('n6', 10, 0)).items[0]).toMatchObject({ state: 'SENDING', attempts: 1 });
    const restarted = setup();
    await restarted.sender.round();
    expect((await restarted.outbox.deliveries('n6', 10, 0)).items[0]).toMatchObject({ state: 'SENDING' });
    now += 120_001;
    await restarted.sender.round();
    expect((await restarted.outbox.deliveries('n6', 10, 0)).items[0]).toMatchObject({ state: 'UNKNOWN', errorCode: 409410 });
    expect(double.received.filter((m) => m.token === 'tok-u6')).toHaveLength(1);
  });

  test('the double refuses a forged bearer token and a bad message shape', async () => {
    const url = `${double.url}/v1/projects/${double.projectId}/messages:send`;
    const forged = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer ya29.forged' }, body: '{}' });
    expect(forged.status).toBe(401);
    const { outbox, tokens, sender } = setup();
    await tokens.register('u7', 'tok-u7');
    double.addDevice('tok-u7');
    await outbox.record(note('n7-first'), ['u7']);
    await sender.round();
    expect((await outbox.deliveries('n7-first', 10, 0)).items[0]).toMatchObject({ state: 'SENT' });
    double.expireAccessTokens();
    await outbox.record(note('n7'), ['u7']);
    await sender.round();
    // The old access token was refused (401): renewed on the next attempt.
    expect((await outbox.deliveries('n7', 10, 0)).items[0]).toMatchObject({ state: 'QUEUED', errorCode: 502412 });
    now += 2_000;
    await sender.round();
    expect((await outbox.deliveries('n7', 10, 0)).items[0]).toMatchObject({ state: 'SENT' });
    const issued = double.tokensIssued;
    expect(issued).toBeGreaterThanOrEqual(2);
    const token = double.received.at(-1)!.accessToken;
    const bad = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify({ message: { token: 'tok-u7', data: { n: 1 } } }) });
    expect([bad.status, ((await bad.json()) as { error: { status: string } }).error.status]).toEqual([400, 'INVALID_ARGUMENT']);
  });
});
