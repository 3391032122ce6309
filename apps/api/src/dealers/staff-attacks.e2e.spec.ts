/**
 * The attack review of the staff protection (issue 21 items 3, 7, 8, 21) against the real built server on PostgreSQL:
 * the last acting ADMIN cannot lock itself (and so everyone) out of the back-office, and a sign-up with a taken e-mail
 * answers as a new one does, in comparable time (the figures are printed; no timing is asserted on a shared machine).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { ApiClient, createStorage, startServer, type ApiResult, type RunningServer, type ServerStorage } from '../testing/server.test-support.js';
import { filesFor, registrationFor, signUp } from '../identity/registration/registration.test-support.js';

const USER = '/api/v1/admin/user';
const run = randomBytes(4).toString('hex');
const refused = (res: ApiResult, status: number, code: number) => expect({ status: res.status, code: res.body?.errorCode }).toEqual({ status, code });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('staff protection, attack review (PostgreSQL)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let base: string;
  let admin: ApiClient;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage, { SIGN_UP_ADDRESS_MAX_ATTEMPTS: '1000' });
    base = server.baseUrl;
    admin = await ApiClient.login(base, 'admin');
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('the last acting ADMIN cannot give itself no market, only other markets (409160), or move into a dealer that is not enabled (409170)', async () => {
    // The demo's other ADMIN, `auditor`, is read-only: `admin` is the last one who administers.
    refused(await admin.put(USER, { body: { idUser: 'admin', adminEnabledMarket: [] } }), 409, 409160);
    refused(await admin.put(USER, { body: { idUser: 'admin', adminEnabledMarket: ['FR'] } }), 409, 409160);
    // Into a pending dealer: refused for every staff account already (409170), the last ADMIN's case included.
    refused(await admin.put(USER, { body: { idUser: 'admin', idDealer: 'D-PEND-1' } }), 409, 409170);
    // Still the administrator of its market: it reaches its own card and changes others.
    const card = await admin.get(`${USER}?idUser=admin`);
    expect([card.status, card.body.idDealer, card.body.adminEnabledMarket.includes('IT')]).toEqual([200, null, true]);
    expect((await admin.patch(`${USER}/enable-disable`, { body: { idUser: 'dealer1', flgEnabled: true } })).status).toBe(200);
    // With a second acting ADMIN it may narrow its markets (the other can undo it).
    expect((await admin.put(USER, { body: { idUser: 'auditor', readOnly: false } })).status).toBe(200);
    const narrowed = await admin.put(USER, { body: { idUser: 'admin', adminEnabledMarket: ['IT'] } });
    expect([narrowed.status, narrowed.body.adminEnabledMarket]).toEqual([200, ['IT']]);
  });

  test('the customer centre\'s dealer disable racing an ADMIN\'s move of a MULTI_AUCTIONEER into that dealer never leaves it locked out in a disabled dealer (403041 / 409170)', async () => {
    const customer = await ApiClient.login(base, 'customer');
    const auditor = await ApiClient.login(base, 'auditor');
    // An ADMIN moving such an account into a dealer that is not enabled is refused outright (it could do nothing there).
    expect((await admin.put('/api/v1/admin/enable-dealer', { body: { idDealer: 'D-1060', flgEnabled: false } })).status).toBe(200);
    refused(await admin.put(USER, { body: { idUser: 'multiauctioneer', idDealer: 'D-1060' } }), 409, 409170);
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round++) {
      const [move, disable] = await Promise.all([
        admin.put(USER, { body: { idUser: 'multiauctioneer', idDealer: 'D-1061' } }),
        customer.put('/api/v1/admin/enable-dealer', { body: { idDealer: 'D-1061', flgEnabled: false } }),
      ]);
      const dealer = (await auditor.get('/api/v1/admin/dealer?idDealer=D-1061')).body.status as string;
      const user = (await auditor.get(`${USER}?idUser=multiauctioneer`)).body;
      outcomes.push(`move ${move.status}${move.body?.errorCode ? `/${move.body.errorCode}` : ''}, disable ${disable.status}${disable.body?.errorCode ? `/${disable.body.errorCode}` : ''}`);
      // Never: the auction manager inside a dealer the customer centre disabled (every call of it 403004 from then on).
      expect([round, user.idDealer === 'D-1061' && dealer === 'DISABLED']).toEqual([round, false]);
      await admin.put(USER, { body: { idUser: 'multiauctioneer', idDealer: 'D-AUCT' } });
      if (dealer === 'DISABLED') await admin.put('/api/v1/admin/enable-dealer', { body: { idDealer: 'D-1061', flgEnabled: true } });
    }
    console.log(`move/disable races: ${outcomes.join('; ')}`);
  }, 120_000);

  test('a sign-up with a taken e-mail, a dealer\'s username or a staff account\'s e-mail, answers as a new one, in comparable time (item 8; figures printed)', async () => {
    const times = { created: [] as number[], taken: [] as number[] };
    const shapes = new Set<string>();
    // Alternating, so both see the same load; the first of each warms up and is not counted.
    for (let i = 0; i < 9; i++) {
      for (const kind of ['created', 'taken'] as const) {
        const dto = registrationFor('IT', `t${kind[0]}${i}${run}`);
        // A taken one: the username of a dealer's account, or the e-mail of a staff account (whose username is not its
        // e-mail: answered 409111 "this e-mail belongs to another user" before, naming the staff's addresses).
        if (kind === 'taken') dto.referenceEmail = i % 2 === 0 ? 'dac1@demo.example' : ['admin', 'multiauctioneer', 'customer'][i % 3] + '@demo.example';
        const started = performance.now();
        const res = await signUp(base, dto, filesFor('IT'));
        const ms = performance.now() - started;
        shapes.add(JSON.stringify([res.status, Object.keys(res.body ?? {}).sort(), /^[0-9a-f-]{36}$/.test(String(res.body?.idDealer))]));
        if (i > 0) times[kind].push(ms);
      }
    }
    const figures = (values: number[]) => `median ${median(values).toFixed(0)} ms, min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}`;
    console.log(`sign-up answer times (8 each): new e-mail ${figures(times.created)}; taken e-mail ${figures(times.taken)}`);
    expect([...shapes]).toEqual([JSON.stringify([201, ['idDealer'], true])]);
  }, 120_000);
});
