/**
 * `PUT /admin/user` and `PUT /admin/dealer` write personal data beside the log and an event in the log: two stores.
 * The server is SIGKILLed between the two writes and after the event (a test-only hook, `TEST_CRASH_AT`), then
 * restarted on the same storage: the event (audit trail) and the data must agree, both there or neither.
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, createStorage, startServer, type RunningServer, type ServerStorage, type StorageMode,
} from '../../testing/server.test-support.js';

const A = '/api/v1/admin';

interface Case { readonly crashAt: string; readonly target: 'user' | 'dealer' }

/** What the log and the store say of the edit named by `value`. */
async function halves(admin: ApiClient, target: Case['target'], value: string): Promise<{ event: boolean; data: boolean }> {
  const audit = await admin.get(`${A}/audit?${target === 'user' ? 'idUser=dealer2' : 'idDealer=D-1001'}&limit=100`);
  expect(audit.status).toBe(200);
  const field = target === 'user' ? 'phone' : 'businessName';
  const type = target === 'user' ? 'UserEditedByAdmin' : 'DealerEditedByAdmin';
  const edits = (audit.body.items as { type: string; details: { personalFields?: string[] } }[])
    .filter((e) => e.type === type && e.details.personalFields?.includes(field));
  const card = target === 'user' ? await admin.get(`${A}/user?idUser=dealer2`) : await admin.get(`${A}/dealer?idDealer=D-1001`);
  expect(card.status).toBe(200);
  const stored = target === 'user' ? card.body.personal.phone : card.body.businessName;
  return { event: edits.length > 0, data: stored === value };
}

function crashBetweenWrites(mode: StorageMode) {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  // Each step's restart checks the previous crash and carries the next one's hook (five starts for four crashes).
  const cases: Case[] = [
    { crashAt: 'personal-change:before-event', target: 'user' },
    { crashAt: 'personal-change:before-event', target: 'dealer' },
    { crashAt: 'personal-change:after-event', target: 'user' },
    { crashAt: 'personal-change:after-event', target: 'dealer' },
  ];
  // Recovery at start resolves every pending change at once (no grace: nothing else is in flight). Three demo dealers, not
  // seventy: only dealer2 and D-1001 are edited, and each of the ten starts seeds (or checks) every demo user.
  const start = (crashAt?: string) => startServer(storage!, {
    PERSONAL_CHANGE_GRACE_MS: '0', DEMO_DEALERS: '3', ...(crashAt ? { TEST_CRASH_AT: crashAt, NODE_ENV: 'test' } : {}),
  });

  afterAll(async () => {
    await server?.kill();
    await storage?.dispose();
  });

  test('a crash between the personal data and the event, or after the event, leaves both halves or neither', async () => {
    storage = await createStorage(mode);
    const outcomes: string[] = [];
    let previous: { c: Case; value: string } | undefined;
    for (const c of [...cases, undefined]) {
      server = await start(c?.crashAt);
      const admin = await ApiClient.login(server.baseUrl, 'admin');
      if (previous) {
        const seen = await halves(admin, previous.c.target, previous.value);
        outcomes.push(`${previous.c.target} ${previous.c.crashAt}: event ${seen.event}, data ${seen.data}`);
      }
      if (!c) break;
      const value = c.target === 'user' ? `+39 02 ${Date.now() % 1_000_000}` : `Crash Motors ${Date.now() % 1_000_000}`;
      const body = c.target === 'user' ? { idUser: 'dealer2', phone: value } : { idDealer: 'D-1001', businessName: value };
      // No answer: the connection dies with the process (the test's fetch rejects).
      const answer = await admin.put(`${A}/${c.target}`, { body }).then((res) => res.status, () => 'none');
      const { signal } = await server.exited;
      expect({ crashed: signal, answer }).toEqual({ crashed: 'SIGKILL', answer: 'none' });
      previous = { c, value };
    }
    expect(outcomes).toEqual([
      'user personal-change:before-event: event false, data false',
      'dealer personal-change:before-event: event false, data false',
      'user personal-change:after-event: event true, data true',
      'dealer personal-change:after-event: event true, data true',
    ]);
  }, 1_200_000);
}

describe('a crash between an admin edit\'s personal data and its event (embedded)', () => crashBetweenWrites('embedded'));
describe('a crash between an admin edit\'s personal data and its event (PostgreSQL)', () => crashBetweenWrites('postgres'));
