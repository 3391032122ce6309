/**
 * Issue 22 item 6 (API): a showcase made of loaded vehicles, against the real built server on the demo stock with its
 * drawn photos (RENT-IT of dealer D-EXHB: loader `loader2`, exhibitor `exhibitor`; V-DEMO-R1 published, R2 not;
 * LEASYS-IT of D-AUCT: `loader`). Each vehicle is put in the showcase on its own stream through the one access rule;
 * a refused vehicle refuses the whole call; a dealer sees the cards with their data sheet and reads their photos.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ApiClient, type RunningServer, type ServerStorage, createStorage, okBody, startServer, statusAndCode } from '../testing/server.test-support.js';
import { download } from '../vehicles/uploads/vehicle-uploads.test-support.js';

const S = '/api/v1/secure';
type Row = Record<string, any>;
interface Page { items: Row[]; total: number }

describe('a showcase of loaded vehicles (PostgreSQL, DEMO_PHOTOS=true)', () => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  const c = {} as Record<'loader' | 'loader2' | 'exhibitor' | 'dealer1' | 'dealer2' | 'dealer3' | 'admin' | 'auctioneer' | 'customer', ApiClient>;
  const ok = okBody;
  const code = statusAndCode;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage, { DEMO_PHOTOS: 'true' });
    await Promise.all((Object.keys({ loader: 0, loader2: 0, exhibitor: 0, dealer1: 0, dealer2: 0, dealer3: 0, admin: 0, auctioneer: 0, customer: 0 }) as (keyof typeof c)[])
      .map(async (u) => { c[u] = await ApiClient.login(server!.baseUrl, u); }));
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  const status = async (idVehicle: string, who: ApiClient = c.loader2) => (await ok<Row>(who.get(`${S}/vehicle/${idVehicle}`), idVehicle)).status;

  test('vehicle-for-showcase: the exhibitor\'s dealer\'s published vehicles in stock, with photos; not for a dealer or a loader', async () => {
    const page = await ok<Page>(c.exhibitor.get(`${S}/vehicle-for-showcase`), 'for showcase');
    expect(page.items.map((v) => v.idVehicle)).toEqual(['V-DEMO-R1']);
    expect(page.items[0]!.photos).toHaveLength(3);
    expect(await code(c.dealer1.get(`${S}/vehicle-for-showcase`))).toEqual([403, 403001]);
    expect(await code(c.loader2.get(`${S}/vehicle-for-showcase`))).toEqual([403, 403001]);
  });

  test('a vehicle in an auction does not go into a showcase (409201), nor one in a showcase into an auction (409202)', async () => {
    const { items: running } = await ok<{ items: Row[] }>(c.dealer1.get(`${S}/running-auctions?limit=100`), 'running');
    const demo = running.find((a) => String(a['auctionName']).startsWith('Demo live auction'))!;
    const lot = (await ok<Row>(c.dealer1.get(`${S}/auction/${demo['idAuction']}`), 'demo auction'))['lots'][0];
    const inAuction = await c.admin.post<Row>(`${S}/showcase`, { body: { idMarket: 'IT', vehicles: [{ idVehicle: 'V-DEMO-2', price: 5000 }, { idVehicle: lot.idVehicle, price: 5000 }] } });
    expect([inAuction.status, inAuction.body['errorCode'], inAuction.body['details']]).toEqual([409, 409201, [{ field: 'vehicles.1.idVehicle', rule: '409201' }]]);
    expect(await status('V-DEMO-2', c.loader)).toBe('STOCK');

    const listed = await ok<Row>(c.admin.post(`${S}/showcase`, { body: { idMarket: 'IT', vehicles: [{ idVehicle: 'V-DEMO-2', price: 5000 }] } }), 'admin lists V-DEMO-2');
    const start = Date.now() + 3600_000;
    const auction = {
      auctionName: 'Showcase vehicle in an auction', idMarket: 'IT', auctionType: 'OTH', regulationRequired: false,
      startDate: new Date(start).toISOString(), endDate: new Date(start + 3600_000).toISOString(), extension: { windowSeconds: 0, extendSeconds: 0 },
      lots: [{ idVehicle: 'V-DEMO-2', licensePlate: 'TYPED0', brand: 'Typed', model: 'Typed', basePrice: 5000, minIncrement: 100 }],
    };
    expect(await code(c.auctioneer.post(`${S}/auction`, { body: auction }))).toEqual([409, 409202]);
    // Withdrawn from the showcase, it may go into the auction.
    expect(await ok(c.admin.delete(`${S}/showcase/vehicle/V-DEMO-2`), 'withdraw')).toEqual({ idVehicle: 'V-DEMO-2', ok: true });
    // Its only vehicle withdrawn, the showcase has none left: not found.
    expect(await code(c.admin.get(`${S}/showcase/sold/${listed['idShowcase']}`))).toEqual([404, 404024]);
    await ok(c.auctioneer.post(`${S}/auction`, { body: auction }), 'auction with V-DEMO-2');
    expect(await status('V-DEMO-2', c.loader)).toBe('IN_AUCTION');
  });

  test('refusals name every refused vehicle with its code and list nothing: unpublished, another dealer\'s, unknown; a dealer may not create', async () => {
    const refused = await c.exhibitor.post<Row>(`${S}/showcase`, {
      body: { idMarket: 'IT', vehicles: [{ idVehicle: 'V-DEMO-R1', price: 9000 }, { idVehicle: 'V-DEMO-R2', price: 8000 }, { idVehicle: 'V-DEMO-1', price: 7000 }, { idVehicle: 'NOPE', price: 1 }] },
    });
    expect([refused.status, refused.body['errorCode']]).toEqual([409, 409203]);
    expect(refused.body['details']).toEqual([
      { field: 'vehicles.1.idVehicle', rule: '409203' }, { field: 'vehicles.2.idVehicle', rule: '404200' }, { field: 'vehicles.3.idVehicle', rule: '404200' },
    ]);
    // Nothing half-done: the vehicle that could go in is still in stock.
    expect(await status('V-DEMO-R1')).toBe('STOCK');
    expect(await code(c.dealer1.post(`${S}/showcase`, { body: { idMarket: 'IT', vehicles: [{ idVehicle: 'V-DEMO-R1', price: 9000 }] } }))).toEqual([403, expect.any(Number)]);
    expect(await code(c.loader2.post(`${S}/showcase`, { body: { idMarket: 'IT', vehicles: [{ idVehicle: 'V-DEMO-R1', price: 9000 }] } }))).toEqual([403, expect.any(Number)]);
    expect(await code(c.exhibitor.post(`${S}/showcase`, { body: { idMarket: 'IT', vehicles: [{ idVehicle: 'V-DEMO-R1', price: 0 }] } }))).toEqual([400, 400001]);
    expect(await code(c.exhibitor.post(`${S}/showcase`, { body: { idMarket: 'IT', vehicles: [{ idVehicle: 'V-DEMO-R1', price: 1 }, { idVehicle: 'V-DEMO-R1', price: 2 }] } })))
      .toEqual([400, 400001]);
  });

  test('two creations at once naming the same vehicle: one wins, the other gets 409202; the loser lists nothing', async () => {
    await ok(c.loader2.put(`${S}/vehicle/pubUnpubVehicle`, { body: { idVehicles: ['V-DEMO-R2'], published: true } }), 'publish R2');
    const body = (price: number) => ({ body: { idMarket: 'IT', vehicles: [{ idVehicle: 'V-DEMO-R2', price }] } });
    const [a, b] = await Promise.all([c.exhibitor.post<Row>(`${S}/showcase`, body(8000)), c.exhibitor.post<Row>(`${S}/showcase`, body(8500))]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    const winner = a.status === 201 ? a : b;
    expect(loser.body['errorCode']).toBe(409202);
    expect(winner.body['vehicles']).toEqual([expect.objectContaining({ idVehicle: 'V-DEMO-R2', idShowcase: winner.body['idShowcase'], state: 'AVAILABLE' })]);
    expect(await status('V-DEMO-R2')).toBe('LISTED');
    // Withdrawn by the exhibitor: back in stock, out of the catalogue.
    expect(await ok(c.exhibitor.delete(`${S}/showcase/vehicle/V-DEMO-R2`), 'withdraw')).toEqual({ idVehicle: 'V-DEMO-R2', ok: true });
    expect(await status('V-DEMO-R2')).toBe('STOCK');
    expect((await ok<Page>(c.dealer1.get(`${S}/showcase?limit=100`), 'catalogue')).items.map((v) => v.idVehicle)).not.toContain('V-DEMO-R2');
    expect(await code(c.exhibitor.delete(`${S}/showcase/vehicle/V-DEMO-R2`))).toEqual([409, 409204]);
    expect(await code(c.dealer1.delete(`${S}/showcase/vehicle/V-DEMO-R2`))).toEqual([403, expect.any(Number)]);
  });

  test('the exhibitor creates a showcase of two stock vehicles; a dealer sees their sheet and cover, reads the photos, books and buys one', async () => {
    const created = await ok<Row>(c.exhibitor.post(`${S}/showcase`, {
      body: { idMarket: 'IT', vehicles: [{ idVehicle: 'V-DEMO-R1', price: 9100 }, { idVehicle: 'V-DEMO-R2', price: 8200.5 }] },
    }), 'create');
    expect(created.vehicles.map((v: Row) => [v.idVehicle, v.price, v.state])).toEqual([['V-DEMO-R1', 9100, 'AVAILABLE'], ['V-DEMO-R2', 8200.5, 'AVAILABLE']]);
    expect(await status('V-DEMO-R1')).toBe('LISTED');

    const catalogue = await ok<Page>(c.dealer1.get(`${S}/showcase/showcase-full?idMarket=IT&limit=100`), 'full');
    const card = catalogue.items.find((v) => v.idVehicle === 'V-DEMO-R1')!;
    expect(card).toMatchObject({ idShowcase: created.idShowcase, licensePlate: 'GR300RT', brand: 'Fiat', price: 9100, coverPhoto: expect.any(String) });
    expect(card.sheet).toMatchObject({ fuel: 'DIESEL', gearbox: 'MANUAL', powerKw: 88, mileageKm: 25000, area: 'Nord', region: 'Lombardia' });
    expect(card.sheet.photos).toHaveLength(3);
    expect(card.coverPhoto).toBe(card.sheet.photos[0]);
    // The demo showcase is made of loaded vehicles too: each of its eight cards has its sheet and cover photo.
    const demo = catalogue.items.filter((v) => v.idVehicle.startsWith('V-SHOW-'));
    expect(demo.map((v) => [v.coverPhoto, v.sheet?.photos.length])).toEqual(demo.map((v) => [v.sheet.photos[0], 3]));
    expect(demo).toHaveLength(8);
    expect((await ok<Row>(c.dealer1.get(`${S}/showcase/showcase-enabled?idMarket=IT`), 'enabled')).enabled).toBe(true);

    // The dealer reads the photo and the sheet of a showcase vehicle through the vehicle calls (the one access rule).
    const photo = await download(c.dealer1, `${S}/image?idImage=${card.coverPhoto}&size=thumb`, { accept: 'image/webp' });
    expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/webp']);
    const sheet = await ok<Row>(c.dealer1.get(`${S}/vehicle/V-DEMO-R1/details`), 'sheet');
    const appraisal = (sheet.documents as Row[]).find((d) => d.kind === 'APPRAISAL')!;
    expect((await download(c.dealer1, `${S}/pdf?idPdf=${appraisal.idBlob}`)).status).toBe(200);
    // A vehicle still in stock is not a dealer's: its photos are not either.
    const stockPhoto = (await ok<Row>(c.loader.get(`${S}/vehicle/V-DEMO-8/details`), 'stock')).photos[0];
    expect((await download(c.dealer1, `${S}/image?idImage=${stockPhoto}`)).status).toBe(404);

    await ok(c.dealer1.patch(`${S}/showcase/accept-regulation`), 'regulation');
    await ok(c.dealer1.post(`${S}/showcase/add-to-myLot`, { body: { idVehicles: ['V-DEMO-R1'] } }), 'my lot');
    const [booked] = await ok<Row[]>(c.dealer1.patch(`${S}/showcase/book-myLot`), 'book');
    expect(booked).toMatchObject({ idVehicle: 'V-DEMO-R1', ok: true, holdUntil: expect.any(String) });
    // Held by a dealer: the exhibitor cannot withdraw it, another dealer cannot buy it.
    expect(await code(c.exhibitor.delete(`${S}/showcase/vehicle/V-DEMO-R1`))).toEqual([409, 409011]);
    expect(await code(c.dealer2.put(`${S}/showcase/buy`, { body: { idVehicles: ['V-DEMO-R1'] } }))).toEqual([409, 409011]);
    expect(await ok(c.dealer1.put(`${S}/showcase/buy`, { body: { idVehicles: ['V-DEMO-R1'] } }), 'buy')).toEqual([{ idVehicle: 'V-DEMO-R1', ok: true }]);
    expect(await status('V-DEMO-R1')).toBe('SOLD');

    // The exhibitor's management list and the sold list agree.
    const mine = await ok<Page>(c.exhibitor.get(`${S}/showcase/mine`), 'mine');
    expect(mine.items.filter((v) => v.idShowcase === created.idShowcase).map((v) => [v.idVehicle, v.state])).toEqual([['V-DEMO-R2', 'AVAILABLE'], ['V-DEMO-R1', 'SOLD']]);
    const sold = await ok<Page>(c.exhibitor.get(`${S}/showcase/sold/${created.idShowcase}`), 'sold');
    expect(sold.items.map((v) => [v.idVehicle, v.idUser, v.price])).toEqual([['V-DEMO-R1', 'dealer1', 9100]]);
    expect(await code(c.exhibitor.delete(`${S}/showcase/vehicle/V-DEMO-R1`))).toEqual([409, 409010]);
    // The buyer rates the purchase: the showcase is found from the vehicle (its id does not name it).
    await ok(c.dealer1.post(`${S}/showcase/feedback/V-DEMO-R1`, { body: { rating: 5, idAuctioneer: 'exhibitor' } }), 'feedback');
    // Sold or placed, a vehicle does not go into another showcase.
    expect(await code(c.exhibitor.post(`${S}/showcase`, { body: { idMarket: 'IT', vehicles: [{ idVehicle: 'V-DEMO-R2', price: 1 }] } }))).toEqual([409, 409202]);
    expect(await code(c.admin.post(`${S}/showcase`, { body: { idMarket: 'IT', vehicles: [{ idVehicle: 'V-DEMO-R1', price: 1 }] } }))).toEqual([409, expect.any(Number)]);
  }, 60_000);

  test('user-showcase: staff and the exhibitor see a dealer user\'s my lot, holds and purchases as cards with their cover, as far as their rule goes', async () => {
    // dealer3: two demo showcase vehicles in its my lot, booked; one pre-empted; one bought; and an admin's LEASYS-IT listing in its my lot.
    const listed = await ok<Row>(c.admin.post(`${S}/showcase`, { body: { idMarket: 'IT', vehicles: [{ idVehicle: 'V-DEMO-4', price: 6100 }] } }), 'admin lists V-DEMO-4');
    await ok(c.dealer3.patch(`${S}/showcase/accept-regulation`), 'regulation');
    await ok(c.dealer3.post(`${S}/showcase/add-to-myLot`, { body: { idVehicles: ['V-SHOW-1', 'V-SHOW-2', 'V-DEMO-4'] } }), 'my lot');
    const booked = await ok<Row[]>(c.dealer3.patch(`${S}/showcase/book-myLot`), 'book');
    expect(booked.every((o) => o.ok)).toBe(true);
    await ok(c.dealer3.patch(`${S}/showcase/preempt-vehicle`, { body: { idVehicle: 'V-SHOW-3' } }), 'preempt');
    await ok(c.dealer3.put(`${S}/showcase/buy`, { body: { idVehicles: ['V-SHOW-4'] } }), 'buy');
    const user = (who: ApiClient, query = '') => who.get<Row>(`${S}/showcase/user-showcase?idUser=dealer3${query}`);

    const all = await ok<Row>(user(c.admin, '&sortField=licensePlate&sortOrder=asc'), 'admin');
    expect([all.idUser, all.username, all.total, all.limit, all.offset]).toEqual(['dealer3', 'dealer3', 5, 50, 0]);
    expect(all.items.map((v: Row) => [v.idVehicle, v.inMyLot, v.heldByMe, v.holdKind, v.boughtByMe])).toEqual([
      ['V-DEMO-4', true, true, 'BOOKING', false],
      ['V-SHOW-1', true, true, 'BOOKING', false], ['V-SHOW-2', true, true, 'BOOKING', false],
      ['V-SHOW-3', false, true, 'PREEMPTION', false], ['V-SHOW-4', false, false, null, true],
    ]);
    for (const v of all.items as Row[]) {
      expect(v.coverPhoto).toBe(v.sheet.photos[0]);
      if (v.heldByMe) expect(Date.parse(v.holdUntil)).toBeGreaterThan(Date.now());
    }
    expect((all.items as Row[]).find((v) => v.idVehicle === 'V-SHOW-4')!.soldAt).toEqual(expect.any(String));
    // Server paging and sorting: the most expensive first, one at a time.
    const prices = (all.items as Row[]).map((v) => v.price as number).sort((a, b) => b - a);
    const second = await ok<Row>(user(c.admin, '&sortField=price&sortOrder=DESC&limit=1&offset=1'), 'page 2');
    expect([second.total, second.items.map((v: Row) => v.price)]).toEqual([5, [prices[1]]]);
    // The customer centre sees the same in its markets; the exhibitor only its own dealer's vehicles (not the LEASYS-IT one).
    expect((await ok<Row>(user(c.customer), 'customer')).total).toBe(5);
    const exhibitor = await ok<Row>(user(c.exhibitor, '&sortField=licensePlate&sortOrder=asc'), 'exhibitor');
    expect(exhibitor.items.map((v: Row) => v.idVehicle)).toEqual(['V-SHOW-1', 'V-SHOW-2', 'V-SHOW-3', 'V-SHOW-4']);
    // Nothing of another dealer user's: dealer1 booked and bought V-DEMO-R1 above, not dealer3.
    expect(all.items.map((v: Row) => v.idVehicle)).not.toContain('V-DEMO-R1');

    // Refusals: a dealer or a loader may not ask (403001); an unknown user 404060; a user who is not a dealer's 422223;
    // bad paging or sort 400; a customer centre narrowed to DE asks about an IT user: 403021.
    expect(await code(user(c.dealer1))).toEqual([403, 403001]);
    expect(await code(user(c.loader2))).toEqual([403, 403001]);
    expect(await code(c.admin.get(`${S}/showcase/user-showcase?idUser=nobody`))).toEqual([404, 404060]);
    expect(await code(c.admin.get(`${S}/showcase/user-showcase?idUser=exhibitor`))).toEqual([422, 422223]);
    for (const bad of ['', '?idUser=dealer3&limit=101', '?idUser=dealer3&sortField=owner', '?idUser=bad%20id']) {
      expect([bad, ...(await code(c.admin.get(`${S}/showcase/user-showcase${bad}`)))]).toEqual([bad, 400, 400001]);
    }
    await ok(c.admin.put('/api/v1/admin/user', { body: { idUser: 'customer', adminEnabledMarket: ['DE'] } }), 'narrow customer');
    const narrowed = await ApiClient.login(server!.baseUrl, 'customer');
    expect(await code(narrowed.get(`${S}/showcase/user-showcase?idUser=dealer3`))).toEqual([403, 403021]);
    expect(listed.vehicles).toHaveLength(1);
  }, 60_000);
});
