/**
 * The dealer's views of issue 11 item 23 through HTTP against the real built server, on the embedded store and on
 * PostgreSQL: a lot's bid history (amount, time, "you" or an anonymous bidder number, never another dealer's name or
 * id) with whether the reserve is met; the dealer's own bids and wins; scheduled auctions with their start. Dealers
 * only (403 for other roles), unknown lots 404, bad ids 400, all with a numeric errorCode.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, type StorageMode, ServerClock, describeResult, sharedServer, type SharedServer,
} from '../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, eventually, paths, runTag } from '../testing/auction.test-support.js';

const HOUR = 3_600_000;
const bidsPath = (idAuction: string, idLot: string) => `/api/v1/secure/auction/${idAuction}/lot/${idLot}/bids`;
const MY_BIDS = '/api/v1/secure/my-bids';
const SCHEDULED = '/api/v1/secure/scheduled-auctions';

interface BidHistory {
  idAuction: string; idLot: string; hasReserve: boolean; reserveMet: boolean;
  bids: { amount: number; placedAt: string; mine: boolean; bidder: number | null; clickAndBuy: boolean }[];
}
interface MyBid { idAuction: string; idLot: string; auctionName: string; myBestOffer: number; leading: boolean; won: boolean; status: string }
/** One page of a list answer (`PageQuery` of the contracts). */
interface Page<T> { items: T[]; total: number; limit: number; offset: number }

function dealerViewsSuite(mode: StorageMode) {
  let shared: SharedServer | undefined;
  const s = {} as {
    auctioneer: ApiClient; d1: ApiClient; d2: ApiClient; d3: ApiClient; clock: ServerClock; tag: string;
    running: AuctionView; later: AuctionView; soon: AuctionView;
  };
  const create = async (name: string, startMs: number, endMs: number, reservePrice?: number) => {
    const lots = [{ licensePlate: `V${s.tag}${name.slice(0, 2).toUpperCase()}`, basePrice: 5000, minIncrement: 100, ...(reservePrice ? { reservePrice } : {}) }];
    const body = createAuctionBody({ name: `Views ${s.tag} ${name}`, startMs, endMs, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 }, lots });
    const res = await s.auctioneer.post<AuctionView>(paths.auctions, { body });
    if (res.status !== 201) throw new Error(`create ${name}: ${describeResult(res)}`);
    return res.body;
  };
  /** Every page of a list, 100 at a time: the server is shared with other files, whose rows may come before ours. */
  const allPages = async <T>(client: ApiClient, path: string): Promise<{ status: number; items: T[] }> => {
    const items: T[] = [];
    for (let offset = 0; ; offset += 100) {
      const res = await client.get<Page<T>>(`${path}?limit=100&offset=${offset}`);
      if (res.status !== 200) return { status: res.status, items };
      items.push(...res.body.items);
      if (res.body.items.length < 100) return { status: 200, items };
    }
  };
  const offer = async (client: ApiClient, amount: number) => {
    const res = await client.post(paths.offer(s.running.idAuction, s.running.lots[0]!.idLot), { body: { offer: amount, clickAndBuy: false } });
    if (res.status !== 201) throw new Error(`offer ${amount}: ${describeResult(res)}`);
  };

  beforeAll(async () => {
    shared = await sharedServer(mode);
    const base = shared.server.baseUrl;
    [s.auctioneer, s.d1, s.d2, s.d3] = await Promise.all(['auctioneer', 'dealer1', 'dealer2', 'dealer3'].map((u) => ApiClient.login(base, u)));
    s.clock = await ServerClock.sync(s.auctioneer);
    s.tag = runTag();
    const now = Math.ceil(s.clock.now() / 1000) * 1000;
    s.running = await create('running', now - 2 * 60_000, now + HOUR, 5150);
    s.later = await create('later', now + 3 * HOUR, now + 4 * HOUR);
    s.soon = await create('soon', now + 2 * HOUR, now + 5 * HOUR);
    await offer(s.d1, 5000);
    await offer(s.d2, 5100);
    await offer(s.d1, 5200);
  }, 120_000);

  afterAll(async () => {
    await shared?.release();
  });

  test('a dealer sees the bids of a lot, newest first: amount, time, its own as mine, others as anonymous numbers', async () => {
    const idLot = s.running.lots[0]!.idLot;
    const { value: res } = await eventually(() => s.d1.get<BidHistory>(bidsPath(s.running.idAuction, idLot)), (r) => {
      expect(r.status).toBe(200);
      expect(r.body.bids).toHaveLength(3);
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('dealer2');
    expect(text).not.toContain('username');
    expect(text).not.toContain('idUser');
    expect(res.body).toMatchObject({ idAuction: s.running.idAuction, idLot, hasReserve: true, reserveMet: true });
    expect(res.body.bids.map((b) => [b.amount, b.mine, b.bidder])).toEqual([[5200, true, null], [5100, false, 1], [5000, true, null]]);
    expect(res.body.bids.every((b) => /Z$/.test(b.placedAt))).toBe(true);
    const other = await s.d3.get<BidHistory>(bidsPath(s.running.idAuction, idLot));
    expect(other.status).toBe(200);
    // Other bidders are numbered in the order of their first bid on the lot, the caller left out.
    expect(other.body.bids.map((b) => [b.amount, b.mine, b.bidder])).toEqual([[5200, false, 1], [5100, false, 2], [5000, false, 1]]);
  });

  test('the reserve is not met below it; a lot without offers has none met', async () => {
    const idLot = s.soon.lots[0]!.idLot;
    const res = await s.d1.get<BidHistory>(bidsPath(s.soon.idAuction, idLot));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hasReserve: false, reserveMet: false, bids: [] });
  });

  test('bid history: dealers only (403), unknown lot 404, bad id 400, with numeric codes', async () => {
    const idLot = s.running.lots[0]!.idLot;
    const forbidden = await s.auctioneer.get(bidsPath(s.running.idAuction, idLot));
    expect(forbidden.status).toBe(403);
    expect(typeof (forbidden.body as { errorCode?: unknown }).errorCode).toBe('number');
    const unknown = await s.d1.get(bidsPath(s.running.idAuction, 'nope-1'));
    expect(unknown.status).toBe(404);
    expect(typeof (unknown.body as { errorCode?: unknown }).errorCode).toBe('number');
    const otherAuction = await s.d1.get(bidsPath(s.later.idAuction, idLot));
    expect(otherAuction.status).toBe(404);
    const bad = await s.d1.get(bidsPath(s.running.idAuction, 'bad.id'));
    expect(bad.status).toBe(400);
    expect(typeof (bad.body as { errorCode?: unknown }).errorCode).toBe('number');
  });

  test('my bids and wins: the lots a dealer bid on, with its best offer and whether it leads; nobody else\'s', async () => {
    const idLot = s.running.lots[0]!.idLot;
    const { value: mine } = await eventually(() => allPages<MyBid>(s.d1, MY_BIDS), (r) => {
      expect(r.status).toBe(200);
      expect(r.items.some((b) => b.idLot === idLot)).toBe(true);
    });
    expect(mine.items.find((b) => b.idLot === idLot)).toMatchObject({
      idAuction: s.running.idAuction, auctionName: `Views ${s.tag} running`, myBestOffer: 5200, leading: true, won: false, status: 'RUN',
    });
    const d2 = await allPages<MyBid>(s.d2, MY_BIDS);
    expect(d2.items.find((b) => b.idLot === idLot)).toMatchObject({ myBestOffer: 5100, leading: false });
    const d3 = await allPages<MyBid>(s.d3, MY_BIDS);
    expect(d3.status).toBe(200);
    expect(d3.items.some((b) => b.idLot === idLot)).toBe(false);
    expect((await s.auctioneer.get(MY_BIDS)).status).toBe(403);
  });

  test('my bids, running and scheduled auctions are pages of at most 100, in the server\'s order', async () => {
    const all = (await s.d1.get<Page<MyBid>>(MY_BIDS)).body;
    expect(all).toMatchObject({ limit: 50, offset: 0 });
    // A full page, or the whole list: on the shared server dealer1 may hold other files' bids too, more than a page.
    expect(all.items.length).toBe(Math.min(all.total, 50));
    const second = await s.d1.get<Page<MyBid>>(`${MY_BIDS}?limit=1&offset=1`);
    expect(second.body).toEqual({ items: all.items.slice(1, 2), total: all.total, limit: 1, offset: 1 });
    for (const path of [MY_BIDS, SCHEDULED, '/api/v1/secure/running-auctions', '/api/v1/secure/running-auctions/search']) {
      const tooBig = await s.d1.get(`${path}?limit=101`);
      expect(`${path} ${tooBig.status} ${typeof (tooBig.body as { errorCode?: unknown }).errorCode}`).toBe(`${path} 400 number`);
      expect((await s.d1.get<Page<unknown>>(`${path}?limit=100`)).body.limit).toBe(100);
    }
    const running = await s.d1.get<Page<AuctionView & { lotsCount: number }>>(`/api/v1/secure/running-auctions?toSearch=${encodeURIComponent(`Views ${s.tag}`)}`);
    expect(running.body.items.find((a) => a.idAuction === s.running.idAuction)).toMatchObject({ lotsCount: s.running.lots.length });
    expect(running.body.items.every((a) => !('lots' in a))).toBe(true);
  });

  test('scheduled auctions: only SCH, soonest start first, with their start', async () => {
    const page = await allPages<AuctionView & { auctionName: string }>(s.d1, SCHEDULED);
    expect(page.status).toBe(200);
    const res = { body: page.items };
    const ours = res.body.filter((a) => a.auctionName.startsWith(`Views ${s.tag}`));
    expect(ours.map((a) => a.idAuction)).toEqual([s.soon.idAuction, s.later.idAuction]);
    expect(res.body.every((a) => a.status === 'SCH')).toBe(true);
    const starts = res.body.map((a) => Date.parse(a.startDate));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
}

describe('dealer views (embedded)', () => dealerViewsSuite('embedded'));
describe('dealer views (PostgreSQL)', () => dealerViewsSuite('postgres'));
