/**
 * Issue 22 items 5 and 6, the web calls spec 02 lists that no route served: `GET /api/v2/secure/auction/{id}` (the
 * auction with one page of its lots, sorted by the server on a documented field with the lot number as tie-breaker),
 * and the showcase's `showcase-full` and `showcase-enabled` (the web versions of the mobile calls, the same methods).
 * Through HTTP against the real built server, refusals included.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, ServerClock, okBody, sharedServer, type SharedServer,
} from '../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, eventually, paths, runTag } from '../testing/auction.test-support.js';
import { download } from '../vehicles/uploads/vehicle-uploads.test-support.js';

/** A multipart PATCH of one part `file` with the client's token. */
async function patchFile(client: ApiClient, path: string, bytes: Uint8Array, name: string): Promise<{ status: number; body: { errorCode?: unknown; fileMessage?: string } }> {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), name);
  const res = await fetch(`${client.baseUrl}${path}`, { method: 'PATCH', body: form, headers: { token: client.credentials.token ?? '', accept: 'application/json' } });
  return { status: res.status, body: JSON.parse(await res.text()) as { errorCode?: unknown; fileMessage?: string } };
}
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

const V2 = '/api/v2/secure/auction';
const S = '/api/v1/secure';
interface LotsPage { idAuction: string; lots: { idLot: string; lotNumber: number; basePrice: number }[]; lotsPage: { total: number; limit: number; offset: number } }
interface Page<T> { items: T[]; total: number; limit: number; offset: number }

describe('sorted auction lots and the web showcase calls (PostgreSQL)', () => {
  let shared: SharedServer | undefined;
  const s = {} as { auctioneer: ApiClient; multi: ApiClient; exhibitor: ApiClient; d1: ApiClient; tag: string; auction: AuctionView };
  const ok = okBody;

  beforeAll(async () => {
    shared = await sharedServer('postgres');
    const base = shared.server.baseUrl;
    [s.auctioneer, s.multi, s.exhibitor, s.d1] = await Promise.all(['auctioneer', 'multiauctioneer', 'exhibitor', 'dealer1'].map((u) => ApiClient.login(base, u)));
    const clock = await ServerClock.sync(s.auctioneer);
    s.tag = runTag();
    const now = Math.ceil(clock.now() / 1000) * 1000;
    const lots = [3000, 1000, 3000, 2000].map((basePrice, i) => ({ licensePlate: `SO${s.tag}${i}`, basePrice, minIncrement: 100 }));
    const body = createAuctionBody({ name: `Sorted ${s.tag}`, startMs: now - 60_000, endMs: now + 3_600_000, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 }, lots });
    s.auction = await ok(s.auctioneer.post<AuctionView>(paths.auctions, { body }), 'create auction');
    const vehicles = [1, 2].map((i) => ({ licensePlate: `SF${s.tag}${i}`, brand: 'Fiat', model: 'Panda', price: 5000 + i }));
    await ok(s.exhibitor.post(`${S}/showcase`, { body: { idMarket: 'IT', vehicles } }), 'showcase');
  }, 120_000);

  afterAll(async () => {
    await shared?.release();
  });

  test('v2 auction: lots paged and sorted by the server, lot number breaking ties', async () => {
    const id = s.auction.idAuction;
    const byNumber = await ok(s.d1.get<LotsPage>(`${V2}/${id}`), 'v2 default');
    expect(byNumber.lots.map((l) => l.lotNumber)).toEqual([1, 2, 3, 4]);
    expect(byNumber.lotsPage).toEqual({ total: 4, limit: 100, offset: 0 });
    const desc = await ok(s.d1.get<LotsPage>(`${V2}/${id}?sortField=basePrice&sortOrder=DESC&limit=3&offset=0`), 'v2 desc');
    expect(desc.lots.map((l) => [l.lotNumber, l.basePrice])).toEqual([[1, 3000], [3, 3000], [4, 2000]]);
    const next = await ok(s.d1.get<LotsPage>(`${V2}/${id}?sortField=basePrice&sortOrder=desc&limit=3&offset=3`), 'v2 next');
    expect(next.lots.map((l) => l.lotNumber)).toEqual([2]);
    expect(next.lotsPage).toEqual({ total: 4, limit: 3, offset: 3 });
    const asc = await ok(s.d1.get<LotsPage>(`${V2}/${id}?sortField=basePrice&sortOrder=asc`), 'v2 asc');
    expect(asc.lots.map((l) => l.lotNumber)).toEqual([2, 4, 1, 3]);
  });

  test('v2 auction: bad sort, bounds and an unknown auction are refused with a code', async () => {
    const id = s.auction.idAuction;
    for (const bad of ['sortField=password', 'sortOrder=up', 'limit=0', 'limit=101', 'offset=-1']) {
      const res = await s.d1.get<{ errorCode?: unknown }>(`${V2}/${id}?${bad}`);
      expect(`${bad}: ${res.status} ${typeof res.body.errorCode}`).toBe(`${bad}: 400 number`);
    }
    const unknown = await s.d1.get<{ errorCode?: unknown }>(`${V2}/no-such-auction`);
    expect(`${unknown.status} ${unknown.body.errorCode}`).toBe('404 404020');
  });

  test('lot-detail: one lot with its auction; unknown lots, unknown auctions and bad ids are refused with a code', async () => {
    const id = s.auction.idAuction;
    const lot = s.auction.lots[1]!;
    const detail = await ok(s.d1.get<{ idAuction: string; auctionName: string; lot: { idLot: string; lotNumber: number }; vehicle: unknown; idPhotos: string[] }>(
      `${S}/auction/${id}/lot-detail/${lot.idLot}`), 'lot-detail');
    expect(detail).toMatchObject({ idAuction: id, auctionName: `Sorted ${s.tag}`, lot: { idLot: lot.idLot, lotNumber: 2 }, vehicle: null, idPhotos: [] });
    for (const [path, expected] of [
      [`${id}/lot-detail/no-such-lot`, '404 404021'], [`no-such-auction/lot-detail/${lot.idLot}`, '404 404020'], [`${id}/lot-detail/bad.id`, '400 number'],
    ] as const) {
      const res = await s.d1.get<{ errorCode?: unknown }>(`${S}/auction/${path}`);
      const code = expected.endsWith('number') ? typeof res.body.errorCode : res.body.errorCode;
      expect(`${path.slice(0, 40)}: ${res.status} ${code}`).toBe(`${path.slice(0, 40)}: ${expected}`);
    }
  });

  test('auction-message: the owner sets it, dealers see it with the auction; others, bad text and unknown auctions are refused', async () => {
    const id = s.auction.idAuction;
    const path = `${S}/auction/${id}/auction-message`;
    const set = await ok(s.auctioneer.patch<{ message: string | null }>(path, { body: { message: '  Pick-up in Milan\nwithin 10 days ' } }), 'set message');
    expect(set).toEqual({ message: 'Pick-up in Milan\nwithin 10 days' });
    await eventually(() => s.d1.get<{ message: string | null }>(`${S}/auctionFull?idAuction=${id}`), (r) => expect(r.body.message).toBe('Pick-up in Milan\nwithin 10 days'));
    await eventually(() => s.d1.get<{ message: string | null }>(paths.auction(id)), (r) => expect(r.body.message).toBe('Pick-up in Milan\nwithin 10 days'));
    for (const [client, body, target, expected] of [
      [s.d1, { message: 'mine' }, id, '403 number'], [s.multi, { message: 'mine' }, id, '403 403002'],
      [s.auctioneer, { message: 'invoice\u202Efdp.exe' }, id, '422 422270'], [s.auctioneer, { message: 'x'.repeat(2001) }, id, '422 422270'],
      [s.auctioneer, { message: 42 }, id, '400 number'], [s.auctioneer, { message: 'hi' }, 'no-such-auction', '404 404020'],
    ] as const) {
      const res = await client.patch<{ errorCode?: unknown }>(`${S}/auction/${target}/auction-message`, { body });
      const code = expected.endsWith('number') ? typeof res.body.errorCode : res.body.errorCode;
      expect(`${JSON.stringify(body).slice(0, 30)}: ${res.status} ${code}`).toBe(`${JSON.stringify(body).slice(0, 30)}: ${expected}`);
    }
    expect(await ok(s.auctioneer.patch(path, { body: { message: ' ' } }), 'clear')).toEqual({ message: null });
    await eventually(() => s.d1.get<{ message: string | null }>(paths.auction(id)), (r) => expect(r.body.message).toBeNull());
  });

  test('file-message: the owner uploads a PDF, a dealer downloads it; others, other content and unknown auctions are refused; DELETE removes it', async () => {
    const id = s.auction.idAuction;
    const path = `${S}/auction/${id}/file-message`;
    expect(await patchFile(s.auctioneer, path, pdf('first'), 'rules.pdf')).toEqual({ status: 200, body: { fileMessage: path } });
    await eventually(() => s.d1.get<{ fileMessage: string | null }>(`${S}/auctionFull?idAuction=${id}`), (r) => expect(r.body.fileMessage).toBe(path));
    const got = await download(s.d1, path);
    expect([got.status, got.headers.get('content-type'), got.bytes.toString()]).toEqual([200, 'application/pdf', pdf('first').toString()]);
    for (const [client, bytes, target, expected] of [
      [s.d1, pdf('x'), id, '403 number'], [s.multi, pdf('x'), id, '403 403002'], [s.auctioneer, Buffer.from('<html><script>alert(1)</script>'), id, '415 415200'],
      [s.auctioneer, Buffer.from('<html>%PDF-1.4</html>'), id, '415 415200'],
      [s.auctioneer, pdf('x'), 'no-such-auction', '404 404020'],
    ] as const) {
      const res = await patchFile(client, `${S}/auction/${target}/file-message`, bytes, 'rules.pdf');
      const code = expected.endsWith('number') ? typeof res.body.errorCode : res.body.errorCode;
      expect(`${client.username} ${target}: ${res.status} ${code}`).toBe(`${client.username} ${target}: ${expected}`);
    }
    const notMultipart = await s.auctioneer.patch<{ errorCode?: unknown }>(path, { body: { file: 'x' } });
    expect(`${notMultipart.status} ${notMultipart.body.errorCode}`).toBe('415 415201');
    expect((await patchFile(s.auctioneer, path, pdf('second'), 'rules.pdf')).status).toBe(200);
    await eventually(() => download(s.d1, path), (r) => expect(r.bytes.toString()).toBe(pdf('second').toString()));
    const foreign = await s.multi.delete<{ errorCode?: unknown }>(path);
    expect(`${foreign.status} ${foreign.body.errorCode}`).toBe('403 403002');
    expect((await s.auctioneer.delete(path)).status).toBe(204);
    await eventually(() => s.d1.get<{ fileMessage: string | null }>(paths.auction(id)), (r) => expect(r.body.fileMessage).toBeNull());
    const gone = await s.d1.get<{ errorCode?: unknown }>(path);
    expect(`${gone.status} ${gone.body.errorCode}`).toBe('404 404230');
  });

  test('web showcase-enabled and showcase-full answer as the mobile calls do', async () => {
    expect((await ok(s.d1.get(`${S}/showcase/showcase-enabled?idMarket=IT`), 'enabled'))).toEqual({ enabled: true });
    expect((await ok(s.d1.get(`${S}/showcase/showcase-enabled?idMarket=PL`), 'enabled PL'))).toEqual({ enabled: false });
    const catalogue = await ok(s.d1.get<Page<{ licensePlate: string }>>(`${S}/showcase?idMarket=IT&limit=100`), 'catalogue');
    // The catalogue lists the oldest first: on the shared server other files' vehicles may put ours past the first page.
    const plates = catalogue.items.map((v) => v.licensePlate);
    for (let offset = 100, page = catalogue; page.items.length === 100; offset += 100) {
      page = await ok(s.d1.get<Page<{ licensePlate: string }>>(`${S}/showcase?idMarket=IT&limit=100&offset=${offset}`), 'catalogue');
      plates.push(...page.items.map((v) => v.licensePlate));
    }
    expect(plates).toEqual(expect.arrayContaining([`SF${s.tag}1`, `SF${s.tag}2`]));
    const full = await ok(s.d1.get<Page<{ licensePlate: string }>>(`${S}/showcase/showcase-full?idMarket=IT&limit=1&offset=1`), 'full');
    expect(full).toEqual({ ...catalogue, items: catalogue.items.slice(1, 2), limit: 1, offset: 1 });
    for (const bad of ['idMarket=XX', 'limit=101']) {
      for (const path of ['showcase-full', 'showcase-enabled']) {
        if (path === 'showcase-enabled' && bad.startsWith('limit')) continue;
        const res = await s.d1.get<{ errorCode?: unknown }>(`${S}/showcase/${path}?${bad}`);
        expect(`${path} ${bad}: ${res.status} ${typeof res.body.errorCode}`).toBe(`${path} ${bad}: 400 number`);
      }
    }
  });
});
