/**
 * Issue 21 item 10, the lists left unpaged: observed lots, purchases, a lot's bid history, the offers report and the
 * showcase's catalogue, search and my lot answer one page `{items, total, limit, offset}` (bids: `bids` with the same
 * counts) through HTTP against the real built server: at most 100 a page (more: 400 with a code), 50 by default,
 * `total` over every page, pages that put together give the list in the server's order, and never another dealer's
 * rows. The offers report files still hold every offer (streamed).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, type RunningServer, type ServerStorage, type StorageMode, ServerClock, createStorage, startServer, okBody,
} from '../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, eventually, paths, runTag } from '../testing/auction.test-support.js';
import { xlsxSheets } from '../testing/xlsx.test-support.js';

const S = '/api/v1/secure';
interface Page<T> { items: T[]; total: number; limit: number; offset: number }
interface Bid { amount: number; mine: boolean; bidder: number | null }
interface BidPage { bids: Bid[]; total: number; limit: number; offset: number }
type Row = Record<string, unknown>;

function listPagingSuite(mode: StorageMode) {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  const s = {} as {
    auctioneer: ApiClient; exhibitor: ApiClient; d1: ApiClient; d2: ApiClient; tag: string; auction: AuctionView; vehicles: string[]; idShowcase: string;
  };
  const ok = okBody;
  const bidsPath = () => `${S}/auction/${s.auction.idAuction}/lot/${s.auction.lots[0]!.idLot}/bids`;
  const search = () => `${S}/showcase/search-vehicles?licensePlate=${s.tag}`;
  /** Every page of a list, `limit` at a time. */
  const allPages = async (client: ApiClient, path: string, limit: number) => {
    const items: Row[] = [];
    for (let offset = 0; ; offset += limit) {
      const page = await ok(client.get<Page<Row>>(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}&offset=${offset}`), path);
      items.push(...page.items);
      if (page.items.length < limit) return { items, total: page.total };
    }
  };

  beforeAll(async () => {
    storage = await createStorage(mode);
    server = await startServer(storage);
    const base = server.baseUrl;
    [s.auctioneer, s.exhibitor, s.d1, s.d2] = await Promise.all(['auctioneer', 'exhibitor', 'dealer1', 'dealer2'].map((u) => ApiClient.login(base, u)));
    const clock = await ServerClock.sync(s.auctioneer);
    s.tag = runTag();
    const now = Math.ceil(clock.now() / 1000) * 1000;
    const lots = [1, 2, 3].map((i) => ({ licensePlate: `PG${s.tag}${i}`, basePrice: 1000, minIncrement: 100 }));
    const body = createAuctionBody({ name: `Paging ${s.tag}`, startMs: now - 60_000, endMs: now + 3_600_000, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 }, lots });
    s.auction = await ok(s.auctioneer.post<AuctionView>(paths.auctions, { body }), 'create auction');
    const idLot = s.auction.lots[0]!.idLot;
    for (const [client, amount] of [[s.d1, 1000], [s.d2, 1100], [s.d1, 1200], [s.d2, 1300], [s.d1, 1400]] as const) {
      await ok(client.post(paths.offer(s.auction.idAuction, idLot), { body: { offer: amount, clickAndBuy: false } }), `offer ${amount}`);
    }
    for (const lot of s.auction.lots) await ok(s.d1.post(`${S}/auction/${s.auction.idAuction}/observe/${lot.idLot}`), 'observe');
    await ok(s.d2.post(`${S}/auction/${s.auction.idAuction}/observe/${s.auction.lots[1]!.idLot}`), 'observe');
    const vehicles = [1, 2, 3, 4, 5, 6].map((i) => ({ licensePlate: `SC${s.tag}${i}`, brand: 'Fiat', model: 'Panda', price: 5000 + i }));
    const showcase = await ok(s.exhibitor.post<{ idShowcase: string; vehicles: { idVehicle: string }[] }>(`${S}/showcase`, { body: { idMarket: 'IT', vehicles } }), 'showcase');
    s.vehicles = showcase.vehicles.map((v) => v.idVehicle);
    s.idShowcase = showcase.idShowcase;
    await ok(s.d1.patch(`${S}/showcase/accept-regulation`), 'regulation');
    await ok(s.d2.patch(`${S}/showcase/accept-regulation`), 'regulation');
    await ok(s.d1.put(`${S}/showcase/buy`, { body: { idVehicles: s.vehicles.slice(0, 3) } }), 'buy');
    await ok(s.d2.put(`${S}/showcase/buy`, { body: { idVehicles: [s.vehicles[3]] } }), 'buy');
    await ok(s.d1.post(`${S}/showcase/add-to-myLot`, { body: { idVehicles: s.vehicles.slice(4) } }), 'my lot');
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('every list refuses a page over 100 (400 with a code) and answers 50 by default', async () => {
    const lists: [ApiClient, string][] = [
      [s.d1, `${S}/auction/observed`], [s.d1, paths.purchases], [s.d1, bidsPath()], [s.auctioneer, paths.report(s.auction.idAuction)],
      [s.d1, `${S}/showcase`], [s.d1, search()], [s.d1, `${S}/showcase/myLot`],
    ];
    for (const [client, path] of lists) {
      const join = path.includes('?') ? '&' : '?';
      for (const bad of ['limit=101', 'limit=0', 'offset=-1', 'limit=x']) {
        const res = await client.get<{ errorCode?: unknown }>(`${path}${join}${bad}`);
        expect(`${path} ${bad}: ${res.status} ${typeof res.body.errorCode}`).toBe(`${path} ${bad}: 400 number`);
      }
      const page = await client.get<{ limit: number; offset: number; total: number }>(path);
      expect(`${path}: ${page.status} ${page.body.limit} ${page.body.offset} ${typeof page.body.total}`).toBe(`${path}: 200 50 0 number`);
      expect((await client.get<{ limit: number }>(`${path}${join}limit=100`)).body.limit).toBe(100);
    }
  });

  test('observed lots: pages of the caller\'s own, in the lots\' order, total over all pages', async () => {
    const { value: full } = await eventually(() => s.d1.get<Page<Row>>(`${S}/auction/observed`), (r) => expect(r.body.total).toBe(3));
    expect(full.body.items.map((l) => l['idLot'])).toEqual(s.auction.lots.map((l) => l.idLot));
    expect(full.body.items[0]).toMatchObject({ auctionName: `Paging ${s.tag}`, myBestOffer: 1400, leading: true });
    const paged = await allPages(s.d1, `${S}/auction/observed`, 2);
    expect(paged).toEqual({ items: full.body.items, total: 3 });
    const other = await s.d2.get<Page<Row>>(`${S}/auction/observed`);
    expect(other.body).toMatchObject({ total: 1, items: [expect.objectContaining({ idLot: s.auction.lots[1]!.idLot })] });
  });

  test('purchases: pages of the caller\'s own, newest first, with the filters; another dealer\'s never', async () => {
    const { value: full } = await eventually(() => s.d1.get<Page<Row>>(`${paths.purchases}?licensePlate=SC${s.tag}`), (r) => expect(r.body.total).toBe(3));
    expect(full.body.items.map((p) => p['idVehicle']).sort()).toEqual(s.vehicles.slice(0, 3).sort());
    const dates = full.body.items.map((p) => Date.parse(String(p['date'])));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(await allPages(s.d1, `${paths.purchases}?licensePlate=SC${s.tag}`, 2)).toEqual({ items: full.body.items, total: 3 });
    const other = await s.d2.get<Page<Row>>(`${paths.purchases}?licensePlate=SC${s.tag}`);
    expect(other.body.items.map((p) => p['idVehicle'])).toEqual([s.vehicles[3]]);
    expect((await s.d1.get<Page<Row>>(`${paths.purchases}?licensePlate=SC${s.tag}&channel=AUCTION`)).body).toMatchObject({ total: 0, items: [] });
    expect((await s.d1.get<Page<Row>>(`${paths.purchases}?licensePlate=SC${s.tag}&offset=10`)).body).toMatchObject({ total: 3, items: [] });
  });

  test('a lot\'s bids: pages newest first, bidder numbers counted over every bid, not the page', async () => {
    const { value: full } = await eventually(() => s.d2.get<BidPage>(bidsPath()), (r) => expect(r.body.total).toBe(5));
    expect(full.body.bids.map((b) => [b.amount, b.mine, b.bidder])).toEqual([[1400, false, 1], [1300, true, null], [1200, false, 1], [1100, true, null], [1000, false, 1]]);
    const second = await s.d2.get<BidPage>(`${bidsPath()}?limit=2&offset=2`);
    expect(second.body).toMatchObject({ bids: full.body.bids.slice(2, 4), total: 5, limit: 2, offset: 2 });
    const past = await s.d2.get<BidPage>(`${bidsPath()}?offset=9`);
    expect(past.body).toMatchObject({ bids: [], total: 5 });
  });

  test('offers report: pages in stored order for the owner; the CSV and XLSX files still hold every offer', async () => {
    const path = paths.report(s.auction.idAuction);
    const full = await ok(s.auctioneer.get<Page<Row>>(path), 'report');
    expect(full.total).toBe(5);
    expect(full.items.map((o) => o['offer'])).toEqual([1000, 1100, 1200, 1300, 1400]);
    expect(await allPages(s.auctioneer, path, 2)).toEqual({ items: full.items, total: 5 });
    expect((await s.d1.get(path)).status).toBe(403);
    // Each offer names its lot's number and plate; idLot keeps one lot's offers (the offer-detail screen), paged too.
    const [first, second] = s.auction.lots;
    expect(full.items.map((o) => [o['lotNumber'], o['licensePlate']])).toEqual(Array(5).fill([1, first!.licensePlate]));
    const ofLot = await ok(s.auctioneer.get<Page<Row>>(`${path}?idLot=${first!.idLot}&limit=2&offset=1`), 'report of a lot');
    expect(ofLot).toMatchObject({ items: full.items.slice(1, 3), total: 5, limit: 2, offset: 1 });
    expect(await ok(s.auctioneer.get<Page<Row>>(`${path}?idLot=${second!.idLot}`), 'report of a lot without offers')).toMatchObject({ items: [], total: 0 });
    const bad = await s.auctioneer.get<{ errorCode: unknown }>(`${path}?idLot=bad.id`);
    expect(`${bad.status} ${typeof bad.body.errorCode}`).toBe('400 number');
    expect((await s.d1.get(`${path}?idLot=${first!.idLot}`)).status).toBe(403);
    const file = async (type: string) => {
      const res = await fetch(`${server!.baseUrl}${S}/auction/${s.auction.idAuction}/create-report?typeExport=${type}&lang=en`, {
        headers: { token: s.auctioneer.credentials.token! },
      });
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const csv = await file('CSV');
    expect(csv.status).toBe(200);
    expect(csv.bytes.toString('utf8').trim().split('\r\n')).toHaveLength(6);
    const xlsx = await file('XLSX');
    expect(xlsx.status).toBe(200);
    expect((await xlsxSheets(xlsx.bytes))[0]!.rows).toHaveLength(6);
  });

  test('an auction\'s lots (auctionFull, GET auction): a page of at most 100 (100 by default), lotsPage counting all, the end over every lot', async () => {
    type Full = AuctionView & { lotsPage: { total: number; limit: number; offset: number } };
    const full = `${S}/auctionFull?idAuction=${s.auction.idAuction}`;
    for (const path of [full, paths.auction(s.auction.idAuction)]) {
      const join = path.includes('?') ? '&' : '?';
      const whole = await ok(s.d1.get<Full>(path), path);
      expect(whole.lotsPage).toEqual({ total: 3, limit: 100, offset: 0 });
      expect(whole.lots.map((l) => l.idLot)).toEqual(s.auction.lots.map((l) => l.idLot));
      const page = await ok(s.d1.get<Full>(`${path}${join}limit=1&offset=2`), path);
      expect(page.lotsPage).toEqual({ total: 3, limit: 1, offset: 2 });
      expect(page.lots.map((l) => l.idLot)).toEqual([s.auction.lots[2]!.idLot]);
      expect({ endDate: page.endDate, status: page.status, idAuction: page.idAuction }).toEqual({ endDate: whole.endDate, status: whole.status, idAuction: whole.idAuction });
      const tooBig = await s.d1.get<{ errorCode?: unknown }>(`${path}${join}limit=101`);
      expect(`${tooBig.status} ${typeof tooBig.body.errorCode}`).toBe('400 number');
    }
    const mine = await ok(s.d1.get<Full>(`${full}&limit=1`), 'auctionFull');
    expect(mine.lots[0]).toMatchObject({ myBestOffer: 1400, leading: true, observed: true });
    const one = await ok(s.d1.get<Full>(`${full}&idLot=${s.auction.lots[1]!.idLot}`), 'auctionFull of a lot');
    expect({ lots: one.lots.map((l) => l.idLot), page: one.lotsPage }).toEqual({ lots: [s.auction.lots[1]!.idLot], page: { total: 1, limit: 100, offset: 0 } });
  });

  test('a showcase\'s sold vehicles: pages of at most 100 (50 by default) in the order asked, for its owner', async () => {
    const path = `${S}/showcase/sold/${s.idShowcase}?sortField=price&sortOrder=asc`;
    const tooBig = await s.exhibitor.get<{ errorCode?: unknown }>(`${path}&limit=101`);
    expect(`${tooBig.status} ${typeof tooBig.body.errorCode}`).toBe('400 number');
    const full = await ok(s.exhibitor.get<Page<Row>>(path), 'sold');
    expect(full).toMatchObject({ total: 4, limit: 50, offset: 0 });
    expect(full.items.map((v) => v['idVehicle'])).toEqual(s.vehicles.slice(0, 4));
    expect(await allPages(s.exhibitor, path, 3)).toEqual({ items: full.items, total: 4 });
    expect((await s.d1.get(path)).status).toBe(403);
    // An unknown showcase is the showcase's 404, not the code of a path that does not exist (404001).
    const unknown = await s.exhibitor.get<{ errorCode?: unknown }>(`${S}/showcase/sold/no-such-showcase`);
    expect(`${unknown.status} ${String(unknown.body.errorCode)}`).toBe('404 404024');
  });

  test('showcase catalogue, search and my lot: pages in listing order, the caller\'s own my lot only', async () => {
    const found = await ok(s.d1.get<Page<Row>>(search()), 'search');
    expect(found).toMatchObject({ total: 2, limit: 50, offset: 0 });
    expect(found.items.map((v) => v['idVehicle'])).toEqual(s.vehicles.slice(4));
    expect(await allPages(s.d1, search(), 1)).toEqual({ items: found.items, total: 2 });
    const catalogue = await ok(s.d1.get<Page<Row>>(`${S}/showcase?limit=1`), 'catalogue');
    expect(catalogue.items).toHaveLength(1);
    expect(catalogue.total).toBeGreaterThanOrEqual(2);
    const mine = await ok(s.d1.get<Page<Row>>(`${S}/showcase/myLot?limit=1&offset=1`), 'my lot');
    expect(mine).toMatchObject({ total: 2, limit: 1, offset: 1, items: [expect.objectContaining({ idVehicle: s.vehicles[5] })] });
    expect((await ok(s.d2.get<Page<Row>>(`${S}/showcase/myLot`), 'my lot')).items.some((v) => s.vehicles.includes(String(v['idVehicle'])))).toBe(false);
  });
}

describe('list paging (embedded)', () => listPagingSuite('embedded'));
describe('list paging (PostgreSQL)', () => listPagingSuite('postgres'));
