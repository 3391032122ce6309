/**
 * Issue 21 item 21, the back-office's loose ends, through HTTP against the built server on PostgreSQL: an unknown
 * target user has its own code (not the spec's "your account is gone" 404010), a user created by staff has an audit
 * stamp, `GET /admin/dealer` applies the search's filters, and two administrators removing each other's ADMIN at
 * once leave one (a real race: both calls in flight together).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { runTag } from '../../testing/auction.test-support.js';
import { ApiClient, createStorage, isCleanError, startServer, type ApiResult, type RunningServer, type ServerStorage } from '../../testing/server.test-support.js';

const A = '/api/v1/admin';
const PERMISSION = `${A}/user/permission`;
const ENABLE = `${A}/user/enable-disable`;

const refused = (res: ApiResult, status: number, code: number) => {
  expect({ status: res.status, code: res.body?.errorCode }).toEqual({ status, code });
  expect(isCleanError(res, status)).toBe(true);
};

describe('back-office integrity (issue 21 item 21, PostgreSQL)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let admin: ApiClient;
  let customer: ApiClient;
  const tag = runTag().toLowerCase();

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage);
    admin = await ApiClient.login(server.baseUrl, 'admin');
    customer = await ApiClient.login(server.baseUrl, 'customer');
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('an unknown target user is 404060 on every back-office call that names one, never the own-account 404010', async () => {
    const nobody = 'nobody-here';
    refused(await admin.get(`${A}/user?idUser=${nobody}`), 404, 404060);
    refused(await admin.put(`${A}/user`, { body: { idUser: nobody, name: 'X' } }), 404, 404060);
    refused(await admin.patch(ENABLE, { body: { idUser: nobody, flgEnabled: false } }), 404, 404060);
    refused(await admin.patch(`${A}/user/reset-pwd`, { body: { idUser: nobody } }), 404, 404060);
    refused(await admin.post(PERMISSION, { body: { idUser: nobody, permission: 'BUYER' } }), 404, 404060);
    refused(await admin.delete(`${A}/user?idUser=${nobody}`), 404, 404060);
    refused(await admin.get(`${A}/audit?idUser=${nobody}`), 404, 404060);
    refused(await admin.put(`${A}/user/anonymize`, { body: { idUser: nobody } }), 404, 404060);
    expect((await admin.get('/api/v1/secure/user')).status).toBe(200); // still logged in
  });

  test('POST /secure/user and POST /admin/dealer record who created the user, and when: the audit trail\'s first entry', async () => {
    const before = Date.now();
    const created = await customer.post('/api/v1/secure/user', {
      body: { email: `staff-made-${tag}@integrity.example`, roles: ['USER', 'BUYER'], idMarket: 'IT', preferredLanguage: 'IT', name: 'Ada', surname: 'Lovelace' },
    });
    expect(created.status).toBe(201);
    const trail = await admin.get(`${A}/audit?idUser=${created.body.idUser}`);
    expect(trail.status).toBe(200);
    expect(trail.body.items).toEqual([expect.objectContaining({ type: 'UserRegistered', by: 'customer', byUsername: 'customer' })]);
    expect(Date.parse(trail.body.items[0].at)).toBeGreaterThanOrEqual(before - 1_000);
    expect(JSON.stringify(trail.body.items[0].details)).not.toContain('Lovelace');

    const dealer = await admin.post(`${A}/dealer`, {
      body: {
        businessName: `Integrity ${tag} srl`, vatCode: '00743110157', address: 'Via Nuova 3', city: 'Pavia', postalCode: '27100', email: `office-${tag}@integrity.example`,
        country: 'IT', region: 'PV', referenceName: 'Bea', referenceSurname: 'Rossi', referenceEmail: `ref-${tag}@integrity.example`,
      },
    });
    expect(dealer.status).toBe(201);
    const reference = await admin.get(`${A}/dealer-reference?idDealer=${dealer.body.idDealer}`);
    const refTrail = await admin.get(`${A}/audit?idUser=${reference.body.idUser}`);
    expect(refTrail.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'UserRegistered', by: 'admin' })]));
  });

  test('GET /admin/dealer applies the search\'s filters ("similar filters", spec 02 §7); idDealer alone is the card', async () => {
    const card = await admin.get(`${A}/dealer?idDealer=D-1001`);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ idDealer: 'D-1001', users: expect.any(Array) });

    const byName = await admin.get(`${A}/dealer?businessName=${encodeURIComponent('motors 1001')}`);
    expect(byName.status).toBe(200);
    expect(byName.body.items.map((d: { idDealer: string }) => d.idDealer)).toEqual(['D-1001']);
    expect(byName.body.total).toBe(1);

    const none = await admin.get(`${A}/dealer?idDealer=D-1001&city=${encodeURIComponent('no such city')}`);
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ items: [], total: 0 });

    const pending = await customer.get(`${A}/dealer?status=PENDING&limit=100`);
    expect(pending.status).toBe(200);
    expect(pending.body.items.length).toBeGreaterThan(0);
    expect(pending.body.items.every((d: { status: string }) => d.status === 'PENDING')).toBe(true);
    expect(isCleanError(await admin.get(`${A}/dealer?limit=0`), 400)).toBe(true);
    refused(await customer.get(`${A}/dealer?idMarket=OTHER`), 403, 403021);
  });

  test('two administrators removing each other\'s ADMIN at once (then making each other read-only) leave one: the other is 409160', async () => {
    // The customer-centre user becomes a second administrator (its session's roles follow its user at once).
    expect((await admin.post(PERMISSION, { body: { idUser: 'customer', permission: 'ADMIN' } })).status).toBe(200);
    const race = await Promise.all([
      admin.delete(`${PERMISSION}?userID=customer&permission=ADMIN`),
      customer.delete(`${PERMISSION}?userID=admin&permission=ADMIN`),
    ]);
    // The loser: the last-admin rule (409160), or, when the winner's change landed while the loser's command waited for
    // its turn, the actor check in the turn: the ADMIN its session had is gone (403001).
    expect(race.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    const lost = race.find((r) => r.status !== 200)!;
    expect([[403, 403001], [409, 409160]]).toContainEqual([lost.status, lost.body?.errorCode]);
    const roles = async (idUser: string) => ((await admin.get(`${A}/user?idUser=${idUser}`)).body?.roles ?? (await customer.get(`${A}/user?idUser=${idUser}`)).body.roles) as string[];
    const left = [await roles('admin'), await roles('customer')].filter((r) => r.includes('ADMIN'));
    expect(left).toHaveLength(1);

    // The one left grants ADMIN again, and both make each other read-only at once (a read-only ADMIN administers nothing).
    const [winner, other, otherId] = (await roles('admin')).includes('ADMIN') ? [admin, customer, 'customer'] : [customer, admin, 'admin'];
    expect((await winner.post(PERMISSION, { body: { idUser: otherId, permission: 'ADMIN' } })).status).toBe(200);
    const winnerId = otherId === 'customer' ? 'admin' : 'customer';
    const readOnly = await Promise.all([
      winner.put(`${A}/user`, { body: { idUser: otherId, readOnly: true } }),
      other.put(`${A}/user`, { body: { idUser: winnerId, readOnly: true } }),
    ]);
    // The loser is refused either by the last-admin rule (409160) or, when the winner's change landed while the loser's
    // command waited for its turn, by the actor check in the turn: a read-only user changes nothing (403020).
    expect(readOnly.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    const loser = readOnly.find((r) => r.status !== 200)!;
    expect([[403, 403020], [409, 409160]]).toContainEqual([loser.status, loser.body?.errorCode]);
    const flags = [(await winner.get(`${A}/user?idUser=admin`)).body.readOnly, (await winner.get(`${A}/user?idUser=customer`)).body.readOnly];
    expect(flags.sort()).toEqual([false, true]);
  });

  test('two administrators disabling each other\'s dealer at once leave one acting administrator (review of #21 item 21)', async () => {
    // dealer41 (D-1041) and dealer42 (D-1042) become the only acting administrators: the two staff administrators of the
    // test above lose ADMIN (one of them is read-only by now and administers nothing).
    const self = await admin.get(`${A}/user?idUser=admin`);
    const boss = self.status === 200 && self.body.readOnly === false && self.body.roles.includes('ADMIN') ? admin : customer;
    // Markets the boss manages whichever of the two it is (the customer-centre user manages no OTHER: 403021).
    for (const idUser of ['dealer41', 'dealer42']) {
      expect((await boss.post(PERMISSION, { body: { idUser, permission: 'ADMIN' } })).status).toBe(200);
      expect((await boss.put(`${A}/user`, { body: { idUser, adminEnabledMarket: ['IT'] } })).status).toBe(200);
    }
    const [a, b] = await Promise.all(['dealer41', 'dealer42'].map((u) => ApiClient.login(server.baseUrl, u)));
    for (const idUser of ['admin', 'customer']) {
      const res = await a!.delete(`${PERMISSION}?userID=${idUser}&permission=ADMIN`);
      expect(`${idUser}: ${[200, 409].includes(res.status) ? 'ok' : `${res.status} ${JSON.stringify(res.body)}`}`).toBe(`${idUser}: ok`); // 409: no ADMIN left
    }
    // Each disables the other's dealer, both calls in flight together: disjoint dealers and users, but one write must
    // see the other's result, or no acting administrator is left.
    const race = await Promise.all([
      a!.put(`${A}/enable-dealer`, { body: { idDealer: 'D-1042', flgEnabled: false } }),
      b!.put(`${A}/enable-dealer`, { body: { idDealer: 'D-1041', flgEnabled: false } }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    const loser = race.find((r) => r.status !== 200)!;
    // Refused by the last-admin rule, or by the actor check in the turn when the winner's write had switched it off.
    expect([[409, 409160], [403, 403011], [403, 403004]]).toContainEqual([loser.status, loser.body?.errorCode]);
    const winner = race[0]!.status === 200 ? a! : b!;
    const acting = [];
    for (const idUser of ['dealer41', 'dealer42']) {
      const user = (await winner.get(`${A}/user?idUser=${idUser}`)).body;
      if (user.flgEnabled && user.roles.includes('ADMIN')) acting.push(idUser);
    }
    expect(acting).toHaveLength(1);
  });
});
