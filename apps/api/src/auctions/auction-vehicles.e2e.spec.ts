/**
 * Issue 22 item 5: auctions made of vehicles, through HTTP against the real built server, on the demo stock
 * (LEASYS-IT of D-AUCT: V-DEMO-1..6 published, V-DEMO-7..10 not; RENT-IT of D-EXHB: V-DEMO-R1 published). A lot naming
 * a vehicle takes its data and puts it in the auction in the same append, or nothing is written; its outcome moves the
 * vehicle (the lot-outcome reactor): unsold or not awarded back to stock, awarded sold, a revert undone.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, ServerClock, type RunningServer, type ServerStorage, type StorageMode, createStorage, okBody, startServer, statusAndCode,
} from '../testing/server.test-support.js';
import { eventually, paths, pollStatus, runTag, wholeSecondAfter } from '../testing/auction.test-support.js';

const S = '/api/v1/secure';
type Row = Record<string, any>;

describe.each<StorageMode>(['embedded', 'postgres'])('auctions made of vehicles (%s)', (mode) => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  const c = {} as Record<'auctioneer' | 'loader' | 'dealer1' | 'dealer2' | 'admin', ApiClient>;
  let clock: ServerClock;
  const tag = runTag();
  const ok = okBody;
  const code = statusAndCode;

  /** A create body; each lot a vehicle (typed data the server must not use) or a typed plate. */
  const body = (name: string, lots: ({ idVehicle: string } | { licensePlate: string })[], startMs = Date.now() + 3600_000, endMs = startMs + 3600_000) => ({
    auctionName: `${name} ${tag}`, idMarket: 'IT', auctionType: 'OTH', regulationRequired: false,
    startDate: new Date(startMs).toISOString(), endDate: new Date(endMs).toISOString(), extension: { windowSeconds: 0, extendSeconds: 0 },
    lots: lots.map((l, i) => ({
      licensePlate: `TYPED${i}`, brand: 'Typed', model: 'Typed', ...l, basePrice: 5000 + i, minIncrement: 100,
    })),
  });
  const vehicle = (id: string) => ok<Row>(c.auctioneer.get(`${S}/vehicle/${id}`), `vehicle ${id}`);
  const statusOf = async (id: string) => (await vehicle(id)).status as string;
  beforeAll(async () => {
    storage = await createStorage(mode);
    server = await startServer(storage);
    const names = { auctioneer: 'auctioneer', loader: 'loader', dealer1: 'dealer1', dealer2: 'dealer2', admin: 'admin' };
    await Promise.all(Object.entries(names).map(async ([k, u]) => { c[k as keyof typeof c] = await ApiClient.login(server!.baseUrl, u); }));
    clock = await ServerClock.sync(c.auctioneer);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('the demo auction is made of loaded vehicles: every lot names its vehicle, in that auction', async () => {
    const { items: running } = await ok<{ items: Row[] }>(c.dealer1.get(`${S}/running-auctions?limit=100`), 'running');
    const demo = running.find((a: Row) => String(a.auctionName).startsWith('Demo live auction'))!;
    const view = await ok<Row>(c.dealer1.get(paths.auction(demo.idAuction)), 'demo');
    expect(view.lots).toHaveLength(8);
    expect(view.lots.every((l: Row) => typeof l.idVehicle === 'string' && 'idCoverPhoto' in l)).toBe(true);
    const first = await ok<Row>(c.dealer1.get(`${S}/vehicle/${view.lots[0]!.idVehicle}`), 'a dealer sees a vehicle in a running auction');
    expect([first.status, first.idAuction, first.idLot, first.licensePlate]).toEqual(['IN_AUCTION', demo.idAuction, view.lots[0]!.idLot, view.lots[0]!.licensePlate]);
  });

  test('create with vehicles: lots take the vehicle\'s data, the vehicles are in the auction, a typed lot works as before', async () => {
    const created = await ok<Row>(c.auctioneer.post(paths.auctions, { body: body('With vehicles', [{ idVehicle: 'V-DEMO-1' }, { idVehicle: 'V-DEMO-2' }, { licensePlate: `TP${tag}` }]) }), 'create');
    const [l1, l2, l3] = created.lots as Row[];
    expect([l1!.idVehicle, l1!.licensePlate, l1!.brand, l1!.model, l1!.frame, l1!.idCoverPhoto]).toEqual(['V-DEMO-1', 'GD100LS', 'Fiat', 'Tipo 1.6 MJT', 'ZFA31200000200000', null]);
    expect([l2!.idVehicle, l2!.licensePlate]).toEqual(['V-DEMO-2', 'GD101LS']);
    expect([l3!.idVehicle, l3!.licensePlate, l3!.brand, l3!.idCoverPhoto]).toEqual([null, `TP${tag}`, 'Typed', null]);
    // The key data shown beside the thumbnail is the vehicle's; a typed lot has none.
    expect([l1!.firstRegistration, l1!.mileageKm, l1!.fuel]).toEqual(['2019-01-15', 25_000, 'DIESEL']);
    expect(['firstRegistration' in l3!, 'mileageKm' in l3!, 'fuel' in l3!]).toEqual([false, false, false]);
    const v1 = await vehicle('V-DEMO-1');
    expect([v1.status, v1.idAuction, v1.idLot, v1.auctionsCount]).toEqual(['IN_AUCTION', created.idAuction, l1!.idLot, 1]);
    // The vehicle's own views show the auction: its history, and the refusal naming where it is.
    const history = await ok<Row>(c.loader.get(`${S}/vehicle/V-DEMO-1/auctions`), 'history');
    expect(history.items.map((h: Row) => [h.idAuction, h.idLot, h.auctionName])).toEqual([[created.idAuction, l1!.idLot, `With vehicles ${tag}`]]);
    const again = await c.auctioneer.post(paths.auctions, { body: body('Again', [{ idVehicle: 'V-DEMO-1' }]) });
    expect([again.status, again.body.errorCode]).toEqual([409, 409201]);
    const forAuction = await ok<Row>(c.auctioneer.get(`${S}/vehicle-for-auction?limit=100`), 'for auction');
    expect(forAuction.items.map((v: Row) => v.idVehicle)).not.toContain('V-DEMO-1');
    // The auction's views (GET /auction/{id}, auctionFull, lot-detail) carry it; lot-detail gives the sheet to a dealer.
    const full = await ok<Row>(c.dealer1.get(`${S}/auctionFull?idAuction=${created.idAuction}`), 'auctionFull');
    expect(full.lots.map((l: Row) => [l.idVehicle, l.mileageKm ?? null])).toEqual([['V-DEMO-1', 25_000], ['V-DEMO-2', 34_500], [null, null]]);
    const detail = await ok<Row>(c.dealer1.get(`${S}/auction/${created.idAuction}/lot-detail/${l1!.idLot}`), 'lot-detail');
    expect([detail.lot.idVehicle, detail.vehicle?.idVehicle, detail.vehicle?.licensePlate, detail.idPhotos, detail.idDocuments]).toEqual(['V-DEMO-1', 'V-DEMO-1', 'GD100LS', [], []]);
    const typed = await ok<Row>(c.dealer1.get(`${S}/auction/${created.idAuction}/lot-detail/${l3!.idLot}`), 'typed lot-detail');
    expect([typed.vehicle, typed.idPhotos]).toEqual([null, []]);
  });

  test('refusals, and nothing is written: unpublished 409203, not visible 404200, placed 409201, twice 422014, a loader 403001', async () => {
    const refused = async (lots: ({ idVehicle: string } | { licensePlate: string })[], who = c.auctioneer) =>
      code(who.post(paths.auctions, { body: body('Refused', lots) }));
    expect(await refused([{ idVehicle: 'V-DEMO-3' }, { idVehicle: 'V-DEMO-7' }])).toEqual([409, 409203]);
    expect(await refused([{ idVehicle: 'V-DEMO-3' }, { idVehicle: 'V-DEMO-R1' }])).toEqual([404, 404200]);
    expect(await refused([{ idVehicle: 'V-DEMO-3' }, { idVehicle: 'NO-SUCH-VEHICLE' }])).toEqual([404, 404200]);
    expect(await refused([{ idVehicle: 'V-DEMO-3' }, { idVehicle: 'V-DEMO-2' }])).toEqual([409, 409201]);
    expect(await refused([{ idVehicle: 'V-DEMO-3' }, { idVehicle: 'V-DEMO-3' }])).toEqual([422, 422014]);
    expect(await refused([{ idVehicle: 'V-DEMO-3' }], c.loader)).toEqual([403, 403001]);
    // V-DEMO-3 was named first each time: never placed, and no auction of these was created.
    const v3 = await vehicle('V-DEMO-3');
    expect([v3.status, v3.idAuction, v3.auctionsCount]).toEqual(['STOCK', null, 0]);
    const mine = await ok<Row>(c.auctioneer.get(`${S}/auction-management?toSearch=Refused ${tag}`), 'management');
    expect(mine.total ?? mine.length).toBe(0);
  });

  test('two creations naming one vehicle at once: exactly one wins, the other is 409201', async () => {
    const [a, b] = await Promise.all([1, 2].map((n) => c.auctioneer.post(paths.auctions, { body: body(`Race ${n}`, [{ idVehicle: 'V-DEMO-3' }]) })));
    const statuses = [a!, b!].map((r) => [r.status, r.body.errorCode ?? null]);
    expect(statuses.filter(([s]) => s === 200 || s === 201)).toHaveLength(1);
    expect(statuses.filter(([s, e]) => s === 409 && e === 409201)).toHaveLength(1);
    const winner = [a!, b!].find((r) => r.status < 300)!.body;
    expect((await vehicle('V-DEMO-3')).idAuction).toBe(winner.idAuction);
    const history = await ok<Row>(c.loader.get(`${S}/vehicle/V-DEMO-3/auctions`), 'history');
    expect(history.total).toBe(1);
  });

  test('edit removing a lot and swapping a vehicle: those go back to stock, the new one is in; delete: all back', async () => {
    const created = await ok<Row>(c.auctioneer.post(paths.auctions, { body: body('Edited', [{ idVehicle: 'V-DEMO-4' }, { idVehicle: 'V-DEMO-5' }]) }), 'create');
    const [l4] = created.lots as Row[];
    const base = body('Edited', [{ idVehicle: 'V-DEMO-6' }]);
    const edit = { ...base, idAuction: created.idAuction, lots: base.lots.map((l) => ({ ...l, idLot: l4!.idLot as string })) };
    const edited = await ok<Row>(c.auctioneer.put(paths.auctions, { body: edit }), 'edit');
    expect(edited.lots.map((l: Row) => [l.idLot, l.idVehicle, l.licensePlate])).toEqual([[l4!.idLot, 'V-DEMO-6', 'GD105LS']]);
    expect([await statusOf('V-DEMO-4'), await statusOf('V-DEMO-5'), await statusOf('V-DEMO-6')]).toEqual(['STOCK', 'STOCK', 'IN_AUCTION']);
    // An edit naming a vehicle placed elsewhere changes nothing.
    const refused = { ...edit, lots: [...edit.lots, { ...base.lots[0]!, idVehicle: 'V-DEMO-1', licensePlate: 'X1' }] };
    expect(await code(c.auctioneer.put(paths.auctions, { body: refused }))).toEqual([409, 409201]);
    expect(await statusOf('V-DEMO-6')).toBe('IN_AUCTION');
    expect((await ok<Row>(c.auctioneer.delete(paths.auction(created.idAuction)), 'delete')) ?? null).toBeDefined();
    expect(await statusOf('V-DEMO-6')).toBe('STOCK');
    const v6 = await vehicle('V-DEMO-6');
    expect([v6.idAuction, v6.idLot]).toEqual([null, null]);
  });

  test('DELETE lot-detail/{lot}/{vehicle} withdraws one lot: its vehicle back to stock; wrong vehicle 404025, last lot 422006, running 409001', async () => {
    const created = await ok<Row>(c.auctioneer.post(paths.auctions, { body: body('Withdrawn', [{ idVehicle: 'V-DEMO-4' }, { idVehicle: 'V-DEMO-5' }, { licensePlate: `WD${tag}` }]) }), 'create');
    const [l4, l5, typed] = created.lots as Row[];
    const withdraw = (idLot: string, idVehicle: string, who = c.auctioneer, idAuction = created.idAuction as string) =>
      who.delete<Row>(`${S}/auction/${idAuction}/lot-detail/${idLot}/${idVehicle}`);
    // Refusals change nothing: a dealer, another vehicle than the lot's, a typed lot named by a vehicle, odd or unknown ids.
    expect(await code(withdraw(l4!.idLot, 'V-DEMO-4', c.dealer1))).toEqual([403, 403001]);
    expect(await code(withdraw(l4!.idLot, 'V-DEMO-5'))).toEqual([404, 404025]);
    expect(await code(withdraw(l4!.idLot, '-'))).toEqual([404, 404025]);
    expect(await code(withdraw(typed!.idLot, 'V-DEMO-4'))).toEqual([404, 404025]);
    expect(await code(withdraw('NO-SUCH-LOT', 'V-DEMO-4'))).toEqual([404, 404021]);
    expect(await code(withdraw(l4!.idLot, 'V-DEMO-4', c.auctioneer, 'NO-SUCH-AUCTION'))).toEqual([404, 404020]);
    for (const odd of ['a.b', '%20', 'x'.repeat(65), '%E2%82%AC']) expect((await withdraw(l4!.idLot, odd)).status).toBe(400);
    expect((await withdraw('a.b', 'V-DEMO-4')).status).toBe(400);
    expect([await statusOf('V-DEMO-4'), await statusOf('V-DEMO-5')]).toEqual(['IN_AUCTION', 'IN_AUCTION']);
    // The typed lot (named by `-` or `0`), then V-DEMO-4's lot: the auction keeps the others, the vehicle is in stock.
    const afterTyped = await ok<Row>(withdraw(typed!.idLot, '0'), 'withdraw the typed lot');
    expect(afterTyped.lots.map((l: Row) => l.idLot)).toEqual([l4!.idLot, l5!.idLot]);
    const after = await ok<Row>(withdraw(l4!.idLot, 'V-DEMO-4'), 'withdraw');
    expect([after.status, after.lots.map((l: Row) => [l.idLot, l.idVehicle])]).toEqual(['SCH', [[l5!.idLot, 'V-DEMO-5']]]);
    const v4 = await vehicle('V-DEMO-4');
    expect([v4.status, v4.idAuction, v4.idLot]).toEqual(['STOCK', null, null]);
    expect(await code(withdraw(l4!.idLot, 'V-DEMO-4'))).toEqual([404, 404021]); // withdrawn already
    expect(await code(c.dealer1.get(`${S}/auction/${created.idAuction}/lot-detail/${l4!.idLot}`))).toEqual([404, 404021]);
    // The last lot stays (an ADMIN too: an auction keeps at least one lot).
    expect(await code(withdraw(l5!.idLot, 'V-DEMO-5', c.admin))).toEqual([422, 422006]);
    expect(await statusOf('V-DEMO-5')).toBe('IN_AUCTION');
    await ok(c.auctioneer.delete(paths.auction(created.idAuction)), 'delete');
    expect(await statusOf('V-DEMO-5')).toBe('STOCK');
    // A running auction (the demo's) refuses: only a scheduled auction is edited.
    const { items: running } = await ok<{ items: Row[] }>(c.admin.get(`${S}/running-auctions?limit=100`), 'running');
    const demo = await ok<Row>(c.admin.get(paths.auction(running.find((a: Row) => String(a.auctionName).startsWith('Demo live auction'))!.idAuction)), 'demo');
    const lot = demo.lots[0] as Row;
    expect(await code(withdraw(lot.idLot, lot.idVehicle, c.admin, demo.idAuction))).toEqual([409, 409001]);
    expect((await vehicle(lot.idVehicle)).status).toBe('IN_AUCTION');
  });

  test('after the end: a lot without an offer puts its vehicle back (UNSOLD); awarded: sold; revert: in the lot again; not awarded: back', async () => {
    const start = wholeSecondAfter(clock, 1500);
    const end = start + 6000;
    const created = await ok<Row>(c.auctioneer.post(paths.auctions, {
      body: body('Short', [{ idVehicle: 'V-DEMO-4' }, { idVehicle: 'V-DEMO-5' }], start, end),
    }), 'create');
    const [unsold, bid] = created.lots as Row[];
    await eventually(() => c.dealer1.get<Row>(paths.auction(created.idAuction)), (r) => expect(r.body.status).toBe('RUN'), 10_000);
    const offer = await ok<Row>(c.dealer1.post(paths.offer(created.idAuction, bid!.idLot), { body: { offer: 5001, clickAndBuy: false } }), 'offer');
    // While the lot runs, a dealer reads its vehicle (and would read its files) through the vehicles' rule.
    expect((await ok<Row>(c.dealer2.get(`${S}/vehicle/V-DEMO-5`), 'dealer sees')).status).toBe('IN_AUCTION');
    await pollStatus(c.auctioneer, clock, created.idAuction, 'CLD', end + 15_000, 100);
    await eventually(() => vehicle('V-DEMO-4'), (v) => expect([v.status, v.idAuction]).toEqual(['STOCK', null]), 10_000);
    expect(await statusOf('V-DEMO-5')).toBe('IN_AUCTION'); // an offer waits for the auctioneer's decision

    await ok(c.auctioneer.patch(paths.awardOne(created.idAuction, bid!.idLot, offer.idOffer)), 'award');
    await eventually(() => vehicle('V-DEMO-5'), (v) => expect(v.status).toBe('SOLD'), 10_000);
    const purchases = await ok<Row>(c.dealer1.get(`${paths.purchases}?idVehicle=V-DEMO-5`), 'purchases');
    expect((purchases.items ?? purchases).map((p: Row) => [p.idVehicle, p.price])).toEqual([['V-DEMO-5', 5001]]);
    expect((await ok<Row>(c.dealer1.get(`${S}/vehicle/V-DEMO-5`), 'the buyer sees it')).status).toBe('SOLD');

    await ok(c.auctioneer.patch(paths.revertAward(created.idAuction, bid!.idLot)), 'revert');
    await eventually(() => vehicle('V-DEMO-5'), (v) => expect([v.status, v.idLot]).toEqual(['IN_AUCTION', bid!.idLot]), 10_000);

    await ok(c.auctioneer.post(paths.notAward(created.idAuction), { body: { idLots: [bid!.idLot] } }), 'not-award');
    await eventually(() => vehicle('V-DEMO-5'), (v) => expect([v.status, v.idAuction]).toEqual(['STOCK', null]), 10_000);
    // Back in stock, a dealer no longer sees it, nor its lot's vehicle sheet.
    expect(await code(c.dealer2.get(`${S}/vehicle/V-DEMO-5`))).toEqual([404, 404200]);
    const detail = await ok<Row>(c.dealer2.get(`${S}/auction/${created.idAuction}/lot-detail/${bid!.idLot}`), 'lot-detail');
    expect([detail.lot.idVehicle, detail.vehicle]).toEqual(['V-DEMO-5', null]);
    // The history keeps the auction; the unsold lot's vehicle can go into another auction.
    expect((await ok<Row>(c.loader.get(`${S}/vehicle/V-DEMO-5/auctions`), 'history')).items.map((h: Row) => h.idAuction)).toContain(created.idAuction);
    expect(unsold!.idVehicle).toBe('V-DEMO-4');
    await ok(c.auctioneer.post(paths.auctions, { body: body('Second life', [{ idVehicle: 'V-DEMO-4' }]) }), 'again');
    expect(await statusOf('V-DEMO-4')).toBe('IN_AUCTION');
  }, 60_000);

  test('a restart: what the reactor did stays as it is; a lot that ended while the server was down puts its vehicle back', async () => {
    const before = await Promise.all(['V-DEMO-4', 'V-DEMO-5'].map(statusOf));
    const start = wholeSecondAfter(clock, 1500);
    const end = start + 5000;
    const created = await ok<Row>(c.auctioneer.post(paths.auctions, { body: body('Down', [{ idVehicle: 'V-DEMO-6' }], start, end) }), 'create');
    await server!.stop();
    await new Promise((r) => setTimeout(r, Math.max(0, end - clock.now() + 500)));
    server = await startServer(storage!);
    c.auctioneer = await ApiClient.login(server.baseUrl, 'auctioneer');
    c.loader = await ApiClient.login(server.baseUrl, 'loader');
    await eventually(() => vehicle('V-DEMO-6'), (v) => expect([v.status, v.idAuction]).toEqual(['STOCK', null]), 15_000);
    expect((await ok<Row>(c.loader.get(`${S}/vehicle/V-DEMO-6/auctions`), 'history')).items.map((h: Row) => h.idAuction)).toContain(created.idAuction);
    expect(await Promise.all(['V-DEMO-4', 'V-DEMO-5'].map(statusOf))).toEqual(before);
  }, 180_000);
});
