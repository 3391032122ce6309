/**
 * `Idempotency-Key` on every command (issue 11 item 4), through HTTP against the real built server, on the embedded
 * store and on PostgreSQL: a repeat with the same key, user, call and body answers the first answer and changes
 * nothing (also after the resource was deleted); the same key on another body or call is 409100; concurrent sends
 * of one key run once; keys are per user.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, type ApiResult, type RunningServer, type ServerStorage, type StorageMode, ServerClock, createStorage, describeResult, startServer,
} from '../../testing/server.test-support.js';
import { type AuctionView, type LotSpec, createAuctionBody, getAuction, paths, runTag } from '../../testing/auction.test-support.js';

const SHOWCASE = '/api/v1/secure/showcase';
const HOUR = 3_600_000;

const expectReused = (res: ApiResult) => expect(`${res.status} ${res.body?.errorCode}`).toBe('409 409100');

function idempotencySuite(mode: StorageMode) {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  const s = {} as { auctioneer: ApiClient; admin: ApiClient; exhibitor: ApiClient; dealers: ApiClient[]; clock: ServerClock; tag: string; key: (n: string) => string };
  const lot = (licensePlate: string): LotSpec => ({ licensePlate, basePrice: 1000, minIncrement: 10 });
  const body = (name: string, plates: string[], startMs = s.clock.now() + 2 * HOUR, endMs = startMs + HOUR) =>
    createAuctionBody({ name, startMs, endMs, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 }, lots: plates.map(lot) });

  beforeAll(async () => {
    storage = await createStorage(mode);
    server = await startServer(storage);
    [s.auctioneer, s.admin, s.exhibitor, ...s.dealers] = await Promise.all(
      ['auctioneer', 'admin', 'exhibitor', 'dealer1', 'dealer2'].map((u) => ApiClient.login(server!.baseUrl, u)));
    s.clock = await ServerClock.sync(s.auctioneer);
    s.tag = runTag();
    s.key = (n) => `${n}-${s.tag}`;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('create: a repeat answers the first auction; 3 lots instead of 1 under the same key → 409100, no orphan lot', async () => {
    const first = body(`Idem ${s.tag} one`, [`I${s.tag}1`]);
    const a = await s.auctioneer.post<AuctionView>(paths.auctions, { body: first, idempotencyKey: s.key('create') });
    expect(a.status).toBe(201);
    const again = await s.auctioneer.post<AuctionView>(paths.auctions, { body: first, idempotencyKey: s.key('create') });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(a.body);
    const bigger = { ...first, lots: [...first.lots, ...body('x', [`I${s.tag}2`, `I${s.tag}3`]).lots] };
    expectReused(await s.auctioneer.post(paths.auctions, { body: bigger, idempotencyKey: s.key('create') }));
    expect((await getAuction(s.auctioneer, a.body.idAuction)).lots).toHaveLength(1);
  });

  test('the same key from another user is that user\'s own key', async () => {
    const res = await s.admin.post<AuctionView>(paths.auctions, { body: body(`Idem ${s.tag} admin`, [`J${s.tag}1`]), idempotencyKey: s.key('create') });
    expect(res.status).toBe(201);
  });

  test('create, delete, then the create and the delete repeated: the first answers, nothing recreated', async () => {
    const b = body(`Idem ${s.tag} deleted`, [`D${s.tag}1`]);
    const created = await s.auctioneer.post<AuctionView>(paths.auctions, { body: b, idempotencyKey: s.key('create-del') });
    expect(created.status).toBe(201);
    const del = () => s.auctioneer.delete(paths.auction(created.body.idAuction), { idempotencyKey: s.key('del') });
    expect((await del()).status).toBe(204);
    expect((await del()).status).toBe(204);
    const again = await s.auctioneer.post<AuctionView>(paths.auctions, { body: b, idempotencyKey: s.key('create-del') });
    expect(describeResult(again)).toBe(describeResult(created));
    expect((await s.auctioneer.get(paths.auction(created.body.idAuction))).status).toBe(404);
    // The delete key on another auction is another call (an auction that exists: one that does not is refused before,
    // as a hidden one is, 404020).
    const other = await s.auctioneer.post<AuctionView>(paths.auctions, { body: body(`Idem ${s.tag} other`, [`X${s.tag}9`]) });
    expect(other.status).toBe(201);
    expectReused(await s.auctioneer.delete(paths.auction(other.body.idAuction), { idempotencyKey: s.key('del') }));
    expect((await s.auctioneer.delete(paths.auction('someOtherAuction'), { idempotencyKey: s.key('del') })).status).toBe(404);
  });

  test('PUT /auction and PATCH resize-time repeated under one key run once; another body → 409100', async () => {
    const created = await s.auctioneer.post<AuctionView>(paths.auctions, { body: body(`Idem ${s.tag} edit`, [`E${s.tag}1`]) });
    const { idAuction } = created.body;
    const edit = (name: string) => s.auctioneer.put<AuctionView>(paths.auctions, {
      body: { ...body(name, [`E${s.tag}1`], Date.parse(created.body.startDate), Date.parse(created.body.endDate)), idAuction },
      idempotencyKey: s.key('edit'),
    });
    const first = await edit(`Idem ${s.tag} edited`);
    expect(first.status).toBe(200);
    expect(await edit(`Idem ${s.tag} edited`)).toMatchObject({ status: 200, body: first.body });
    expectReused(await edit(`Idem ${s.tag} other`));
    expect(((await getAuction(s.auctioneer, idAuction)) as unknown as { auctionName: string }).auctionName).toBe(`Idem ${s.tag} edited`);
    const resize = (endMs: number) => s.auctioneer.patch<AuctionView>(paths.resizeTime(idAuction), {
      body: { endDate: new Date(endMs).toISOString() }, idempotencyKey: s.key('resize'),
    });
    const later = Date.parse(created.body.endDate) + HOUR;
    expect((await resize(later)).status).toBe(200);
    expect((await resize(later)).status).toBe(200);
    expectReused(await resize(later + HOUR));
    expect(Date.parse((await getAuction(s.auctioneer, idAuction)).endDate)).toBe(later);
  });

  test('offers: a repeat answers the first offer; the key on another lot or amount → 409100', async () => {
    const now = s.clock.now();
    const created = await s.auctioneer.post<AuctionView>(paths.auctions, {
      body: body(`Idem ${s.tag} run`, [`O${s.tag}1`, `O${s.tag}2`], now - 1000, now + HOUR),
    });
    const [a, b] = created.body.lots;
    const offer = (idLot: string, amount: number) =>
      s.dealers[0]!.post(paths.offer(created.body.idAuction, idLot), { body: { offer: amount }, idempotencyKey: s.key('offer') });
    const first = await offer(a!.idLot, 1000);
    expect(first.status).toBe(201);
    expect(await offer(a!.idLot, 1000)).toMatchObject({ status: 201, body: first.body });
    expectReused(await offer(a!.idLot, 2000));
    expectReused(await offer(b!.idLot, 1000));
    const view = await getAuction(s.dealers[0]!, created.body.idAuction);
    expect(view.lots.map((l) => l.offersCount)).toEqual([1, 0]);
  });

  test('a burst of refused offers frees every key: each key then carries an accepted offer (refusals released in batches)', async () => {
    const now = s.clock.now();
    const created = await s.auctioneer.post<AuctionView>(paths.auctions, { body: body(`Idem ${s.tag} refused`, [`R${s.tag}1`], now - 1000, now + HOUR) });
    const idLot = created.body.lots[0]!.idLot;
    const keys = Array.from({ length: 12 }, (_, i) => s.key(`refused-${i}`));
    const offer = (key: string, amount: number) =>
      s.dealers[1]!.post(paths.offer(created.body.idAuction, idLot), { body: { offer: amount }, idempotencyKey: key });
    // Concurrent, so the refusals' keys are forgotten together; below the base price: refused, nothing stored.
    const refused = await Promise.all(keys.map((k) => offer(k, 500)));
    expect(refused.map((r) => r.status)).toEqual(keys.map(() => 422));
    // The same key and body runs again (it was forgotten, not replayed), and is refused again.
    expect((await offer(keys[0]!, 500)).status).toBe(422);
    for (const [i, k] of keys.entries()) {
      const res = await offer(k, 1000 + i * 10);
      expect(`${k} ${res.status}`).toBe(`${k} 201`);
    }
    expect((await getAuction(s.dealers[1]!, created.body.idAuction)).lots[0]!.offersCount).toBe(keys.length);
  });

  test('showcase buy repeated with other vehicles under one key → 409100, nothing bought', async () => {
    const list = [1, 2].map((i) => ({ licensePlate: `B${s.tag}${i}`, brand: 'Fiat', model: 'Panda', price: 5000 }));
    const showcase = await s.exhibitor.post<{ vehicles: { idVehicle: string }[] }>(SHOWCASE, { body: { idMarket: 'IT', vehicles: list } });
    const [v1, v2] = showcase.body.vehicles.map((v) => v.idVehicle);
    expect((await s.dealers[1]!.patch(`${SHOWCASE}/accept-regulation`)).status).toBe(204);
    const buy = (id: string) => s.dealers[1]!.put(`${SHOWCASE}/buy`, { body: { idVehicles: [id] }, idempotencyKey: s.key('buy') });
    const first = await buy(v1!);
    expect(describeResult(first)).toMatch(/^200 .*"ok":true/);
    expect(await buy(v1!)).toMatchObject({ status: 200, body: first.body });
    expectReused(await buy(v2!));
    const myLot = await s.dealers[0]!.get<{ items: { idVehicle: string; state: string }[] }>(`${SHOWCASE}/search-vehicles?licensePlate=B${s.tag}2`);
    expect(myLot.body.items.map((v) => v.idVehicle)).toEqual([v2]);
  });

  test('five concurrent creates under one key make one auction; with five bodies, one runs and the others get 409100', async () => {
    const same = body(`Idem ${s.tag} twins`, [`T${s.tag}1`]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => s.auctioneer.post<AuctionView>(paths.auctions, { body: same, idempotencyKey: s.key('twins') })));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.body.idAuction)).size).toBe(1);
    const bodies = [1, 2, 3, 4, 5].map((i) => body(`Idem ${s.tag} race ${i}`, [`Q${s.tag}${i}`]));
    const race = await Promise.all(bodies.map((b) => s.auctioneer.post(paths.auctions, { body: b, idempotencyKey: s.key('race') })));
    expect(race.map((r) => `${r.status} ${r.body?.errorCode ?? ''}`).sort()).toEqual(['201 ', '409 409100', '409 409100', '409 409100', '409 409100']);
  });

  test('keys are durable: after a restart a repeat still answers the first answer and another body is 409100', async () => {
    const b = body(`Idem ${s.tag} durable`, [`U${s.tag}1`]);
    const first = await s.auctioneer.post<AuctionView>(paths.auctions, { body: b, idempotencyKey: s.key('durable') });
    expect(first.status).toBe(201);
    await server!.stop();
    server = await startServer(storage!);
    const auctioneer = await ApiClient.login(server.baseUrl, 'auctioneer');
    const again = await auctioneer.post<AuctionView>(paths.auctions, { body: b, idempotencyKey: s.key('durable') });
    expect(again).toMatchObject({ status: 201, body: first.body });
    expectReused(await auctioneer.post(paths.auctions, { body: { ...b, auctionName: 'other' }, idempotencyKey: s.key('durable') }));
  }, 120_000);
}

describe('Idempotency-Key (embedded)', () => idempotencySuite('embedded'));
describe('Idempotency-Key (postgres)', () => idempotencySuite('postgres'));
