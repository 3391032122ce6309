/**
 * One request cannot stall the API for everyone: id lists are capped by the contracts (400 with a numeric code,
 * nothing changed), and the commands of one multi-vehicle call run a few at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MAX_IDS_PER_CALL } from '@auction/contracts';
import { ApiClient, sharedServer, type SharedServer } from '../../testing/server.test-support.js';

describe('request limits', () => {
  let shared: SharedServer | undefined;
  let server: SharedServer['server'];
  let dealer: ApiClient;
  let exhibitor: ApiClient;

  beforeAll(async () => {
    shared = await sharedServer('postgres');
    server = shared.server;
    dealer = await ApiClient.login(server.baseUrl, 'dealer1');
    exhibitor = await ApiClient.login(server.baseUrl, 'exhibitor');
  });

  afterAll(async () => {
    await shared?.release();
  });

  it('refuses 2,500 ids in remove-from-myLot with 400 and a numeric errorCode, and changes nothing', async () => {
    const ids = Array.from({ length: 2_500 }, (_, i) => `v${i}`).join(',');
    const before = await dealer.get('/api/v1/secure/showcase/myLot');
    const answer = await dealer.delete(`/api/v1/secure/showcase/remove-from-myLot?idVehicles=${ids}`);
    expect(answer.status).toBe(400);
    expect(typeof answer.body.errorCode).toBe('number');
    expect((await dealer.get('/api/v1/secure/showcase/myLot')).body).toEqual(before.body);
  });

  it('refuses more than the maximum in a body list too', async () => {
    const idVehicles = Array.from({ length: MAX_IDS_PER_CALL + 1 }, (_, i) => `v${i}`);
    const answer = await dealer.post('/api/v1/secure/showcase/add-to-myLot', { body: { idVehicles } });
    expect(answer.status).toBe(400);
    expect(typeof answer.body.errorCode).toBe('number');
  });

  it('serves other callers while one call works on the maximum number of vehicles (longest stall printed)', async () => {
    const vehicles = Array.from({ length: MAX_IDS_PER_CALL }, (_, i) => ({ licensePlate: `RL${String(i).padStart(4, '0')}X${Date.now() % 1000}`, brand: 'Fiat', model: 'Panda', price: 5000 }));
    const created = await exhibitor.post('/api/v1/secure/showcase', { body: { idMarket: 'IT', vehicles } });
    expect(created.status).toBe(201);
    const ids: string[] = created.body.vehicles.map((v: { idVehicle: string }) => v.idVehicle);
    const added = await dealer.post('/api/v1/secure/showcase/add-to-myLot', { body: { idVehicles: ids } });
    expect(added.status).toBe(200);
    let done = false;
    let longest = 0;
    const probe = (async () => {
      while (!done) {
        const t = Date.now();
        expect((await dealer.get('/api/v1/secure/time')).status).toBe(200);
        longest = Math.max(longest, Date.now() - t);
      }
    })();
    const removed = await dealer.delete(`/api/v1/secure/showcase/remove-from-myLot?idVehicles=${ids.join(',')}`);
    done = true;
    await probe;
    expect(removed.status).toBe(200);
    expect(removed.body.filter((o: { ok: boolean }) => o.ok)).toHaveLength(MAX_IDS_PER_CALL);
    process.stdout.write(`request-limits: remove-from-myLot of ${MAX_IDS_PER_CALL} vehicles; longest GET /secure/time meanwhile ${longest} ms\n`);
  });
});
