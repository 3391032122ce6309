/**
 * Issue 22, attacked through HTTP against the real built server on the demo stock (LEASYS-IT of D-AUCT: V-DEMO-1..6
 * published; RENT-IT of D-EXHB: V-DEMO-R1 published; D-AUCT also supplies LEASYS-DE). Each test is a finding of the
 * attack on vehicles in auctions and showcases: it failed before its fix.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, ServerClock, type RunningServer, type ServerStorage, createStorage, okBody, startServer, statusAndCode,
} from '../testing/server.test-support.js';
import { eventually, paths, pollStatus, runTag, wholeSecondAfter } from '../testing/auction.test-support.js';

const S = '/api/v1/secure';
type Row = Record<string, any>;

describe('vehicles attacked (PostgreSQL)', () => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  const c = {} as Record<'auctioneer' | 'exhibitor' | 'admin' | 'dealer1', ApiClient>;
  const tag = runTag();
  const ok = okBody;
  const code = statusAndCode;

  let clock: ServerClock;
  const auctionBody = (name: string, idMarket: string, idVehicles: string[], start = Date.now() + 3600_000, end = start + 3600_000) => {
    return {
      auctionName: `${name} ${tag}`, idMarket, auctionType: 'OTH', regulationRequired: false,
      startDate: new Date(start).toISOString(), endDate: new Date(end).toISOString(), extension: { windowSeconds: 0, extendSeconds: 0 },
      lots: idVehicles.map((idVehicle, i) => ({ idVehicle, licensePlate: `TYPED${i}`, brand: 'Typed', model: 'Typed', basePrice: 5000, minIncrement: 100 })),
    };
  };
  const vehicle = (id: string, who: ApiClient = c.admin) => ok<Row>(who.get(`${S}/vehicle/${id}`), `vehicle ${id}`);

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage);
    await Promise.all((['auctioneer', 'exhibitor', 'admin', 'dealer1'] as const).map(async (u) => { c[u] = await ApiClient.login(server!.baseUrl, u); }));
    clock = await ServerClock.sync(c.auctioneer);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('a vehicle sells in its provenance\'s market only: an auction, an edit or a showcase of another market is 422222, nothing written', async () => {
    // The auctioneer of D-AUCT (which supplies IT and DE) puts an Italian vehicle in a German auction.
    expect(await code(c.auctioneer.post(paths.auctions, { body: auctionBody('Wrong market', 'DE', ['V-DEMO-1']) }))).toEqual([422, 422222]);
    expect((await vehicle('V-DEMO-1')).status).toBe('STOCK');
    // An Italian auction takes it; an edit moving the auction to Germany with the vehicle kept is refused.
    const created = await ok<Row>(c.auctioneer.post(paths.auctions, { body: auctionBody('Right market', 'IT', ['V-DEMO-1']) }), 'create IT');
    const moved = { ...auctionBody('Right market', 'DE', ['V-DEMO-1']), idAuction: created.idAuction };
    moved.lots = moved.lots.map((l) => ({ ...l, idLot: created.lots[0].idLot as string }));
    expect(await code(c.auctioneer.put(paths.auctions, { body: moved }))).toEqual([422, 422222]);
    const after = await vehicle('V-DEMO-1');
    expect([after.status, after.idAuction]).toEqual(['IN_AUCTION', created.idAuction]);
    expect((await ok<Row>(c.auctioneer.get(paths.auction(created.idAuction)), 'auction')).idMarket).toBe('IT');
    // The exhibitor of D-EXHB lists its Italian vehicle in the German showcase; the admin of both markets neither.
    const showcase = (who: ApiClient, idMarket: string, idVehicle: string) =>
      who.post(`${S}/showcase`, { body: { idMarket, vehicles: [{ idVehicle, price: 1000 }] } });
    const refused = await showcase(c.exhibitor, 'DE', 'V-DEMO-R1');
    expect([refused.status, refused.body.errorCode, refused.body.details]).toEqual([422, 422222, [{ field: 'vehicles.0.idVehicle', rule: '422222' }]]);
    expect(await code(showcase(c.admin, 'DE', 'V-DEMO-2'))).toEqual([422, 422222]);
    expect([(await vehicle('V-DEMO-R1')).status, (await vehicle('V-DEMO-2')).status]).toEqual(['STOCK', 'STOCK']);
    const { items } = await ok<{ items: Row[] }>(c.dealer1.get(`${S}/showcase?idMarket=DE`), 'DE catalogue');
    expect(items.map((v) => v.idVehicle)).not.toContain('V-DEMO-R1');
    // Its own market takes it.
    const listed = await ok<Row>(showcase(c.exhibitor, 'IT', 'V-DEMO-R1'), 'IT showcase');
    expect(listed.vehicles.map((v: Row) => [v.idVehicle, v.idMarket])).toEqual([['V-DEMO-R1', 'IT']]);
  });

  test('a not-award reverted after its vehicle went elsewhere is refused (the lot is never awarded for a vehicle in a showcase); a dealer reads no auctions history', async () => {
    const start = wholeSecondAfter(clock, 1500);
    const end = start + 6000;
    const created = await ok<Row>(c.auctioneer.post(paths.auctions, { body: auctionBody('Not awarded', 'IT', ['V-DEMO-5', 'V-DEMO-6'], start, end) }), 'create');
    const [lot, second] = created.lots as Row[];
    await eventually(() => c.dealer1.get<Row>(paths.auction(created.idAuction)), (r) => expect(r.body.status).toBe('RUN'), 10_000);
    const offer = await ok<Row>(c.dealer1.post(paths.offer(created.idAuction, lot!.idLot), { body: { offer: 5001, clickAndBuy: false } }), 'offer');
    await ok(c.dealer1.post(paths.offer(created.idAuction, second!.idLot), { body: { offer: 5001, clickAndBuy: false } }), 'offer 2');
    await pollStatus(c.auctioneer, clock, created.idAuction, 'CLD', end + 15_000, 100);
    await ok(c.auctioneer.post(paths.notAward(created.idAuction), { body: { idLots: [lot!.idLot, second!.idLot] } }), 'not-award');
    await eventually(() => vehicle('V-DEMO-5'), (v) => expect([v.status, v.idAuction]).toEqual(['STOCK', null]), 10_000);
    await eventually(() => vehicle('V-DEMO-6'), (v) => expect(v.status).toBe('STOCK'), 10_000);
    // Back in stock, the vehicle goes into a showcase; reverting the not-award would award the lot for it.
    await ok(c.admin.post(`${S}/showcase`, { body: { idMarket: 'IT', vehicles: [{ idVehicle: 'V-DEMO-5', price: 3000 }] } }), 'showcase');
    expect(await code(c.auctioneer.patch(paths.revertAward(created.idAuction, lot!.idLot)))).toEqual([409, 409202]);
    const lots = (await ok<Row>(c.auctioneer.get(paths.auction(created.idAuction)), 'auction')).lots as Row[];
    expect(lots.map((l) => [l.idLot, l.awardStatus])).toEqual([[lot!.idLot, 'NAW'], [second!.idLot, 'NAW']]);
    expect(await code(c.auctioneer.patch(paths.awardOne(created.idAuction, lot!.idLot, offer.idOffer)))).toEqual([409, 409006]);
    expect((await vehicle('V-DEMO-5')).status).toBe('LISTED');
    // A dealer sees the vehicle in the showcase, not the back office's history with the earlier auction's best offer.
    expect((await ok<Row>(c.dealer1.get(`${S}/vehicle/V-DEMO-5`), 'dealer sees')).status).toBe('LISTED');
    expect(await code(c.dealer1.get(`${S}/vehicle/V-DEMO-5/auctions`))).toEqual([403, 403001]);
    const history = await ok<Row>(c.admin.get(`${S}/vehicle/V-DEMO-5/auctions`), 'history');
    expect(history.items.map((h: Row) => [h.idAuction, h.maxOffer])).toEqual([[created.idAuction, 5001]]);
    // A vehicle still in stock comes back into its lot with the revert, in the same append, and can be awarded.
    await ok(c.auctioneer.patch(paths.revertAward(created.idAuction, second!.idLot)), 'revert');
    await eventually(() => vehicle('V-DEMO-6'), (v) => expect([v.status, v.idAuction, v.idLot]).toEqual(['IN_AUCTION', created.idAuction, second!.idLot]), 10_000);
  }, 60_000);
});
