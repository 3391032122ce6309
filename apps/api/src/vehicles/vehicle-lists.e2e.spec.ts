/**
 * Issue 22 item 4 (API): the vehicle lists, their filters, paging and sorting, the auctions history, short
 * descriptions, a plate's dossier, the CSV export and the provenances, through HTTP against the real built server on
 * the demo stock (V-DEMO-1..10 of LEASYS-IT, D-AUCT, the first six published; V-DEMO-R1 (published) and R2 of RENT-IT,
 * D-EXHB), the demo showcase's eight (V-SHOW-1..8 of RENT-IT, loaded after them, listed) and the running demo auction's
 * eight vehicles (LEASYS-IT, loaded last, each in one auction: `live`).
 * Bad input answers a numeric code, never 500.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, type RunningServer, type ServerStorage, type StorageMode, createStorage, startServer, okBody, statusAndCode,
} from '../testing/server.test-support.js';

const S = '/api/v1/secure';
type Row = Record<string, any>;
interface Page { items: Row[]; total: number; limit: number; offset: number }
const DEMO = Array.from({ length: 10 }, (_, i) => `V-DEMO-${i + 1}`);
/** D-EXHB's RENT-IT vehicles: its loader's two, then the demo showcase's eight, in load order. */
const RENT = ['V-DEMO-R1', 'V-DEMO-R2', ...Array.from({ length: 8 }, (_, i) => `V-SHOW-${i + 1}`)];

function vehicleListsSuite(mode: StorageMode) {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  const c = {} as Record<'loader' | 'loader2' | 'auctioneer' | 'dealer1' | 'admin', ApiClient>;
  const ok = okBody;
  const code = statusAndCode;
  const ids = async (client: ApiClient, path: string) => (await ok<Page>(client.get(path), path)).items.map((v) => v.idVehicle);
  /** The demo auction's vehicles, in load order. */
  let live: string[] = [];

  beforeAll(async () => {
    storage = await createStorage(mode);
    server = await startServer(storage);
    await Promise.all((['loader', 'loader2', 'auctioneer', 'dealer1', 'admin'] as const).map(async (u) => { c[u] = await ApiClient.login(server!.baseUrl, u); }));
    live = await ids(c.loader, `${S}/vehicle?minAuctions=1&sortOrder=asc`);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test('a loader\'s list: its dealer\'s vehicles only, 50 by default, newest load first, pages that put together give the list', async () => {
    const all = await ok<Page>(c.loader.get(`${S}/vehicle`), 'list');
    expect(live).toHaveLength(8);
    expect({ total: all.total, limit: all.limit, offset: all.offset }).toEqual({ total: 18, limit: 50, offset: 0 });
    expect(all.items.map((v) => v.idVehicle)).toEqual([...DEMO, ...live].reverse());
    const paged: string[] = [];
    for (let offset = 0; offset < 21; offset += 3) paged.push(...await ids(c.loader, `${S}/vehicle?limit=3&offset=${offset}`));
    expect(paged).toEqual([...DEMO, ...live].reverse());
    expect(await ids(c.loader, `${S}/vehicle?sortOrder=ASC&limit=2`)).toEqual(['V-DEMO-1', 'V-DEMO-2']);
    const brands = (await ok<Page>(c.loader.get(`${S}/vehicle?sortField=brand&sortOrder=asc`), 'brand')).items.map((v) => v.brand);
    expect(brands).toEqual([...brands].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const damage = (await ok<Page>(c.loader.get(`${S}/vehicle?sortField=damageTotal&sortOrder=desc`), 'damage')).items.map((v) => v.damageTotal);
    expect(damage).toEqual([...damage].sort((a, b) => b - a));
    expect((await ok<Page>(c.loader2.get(`${S}/vehicle`), 'loader2')).items.map((v) => v.idVehicle)).toEqual([...RENT].reverse());
    expect((await ok<Page>(c.admin.get(`${S}/vehicle?limit=1`), 'admin')).total).toBe(28);
  });

  test('bounds of paging and sorting, and crossing filter bounds, answer 400 with a code', async () => {
    for (const q of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc', 'limit=1e2', 'sortField=owner', 'sortOrder=up', 'minDamage=-1', 'minPrice=1.234', 'minAuctions=x', 'insertDate=yesterday', 'unknown=1']) {
      expect([q, ...(await code(c.loader.get(`${S}/vehicle?${q}`)))]).toEqual([q, 400, 400001]);
    }
    for (const q of ['minDamage=500&maxDamage=100', 'minPrice=10&maxPrice=9', 'minAuctions=2&maxAuctions=1', 'insertDate=2026-02-02&insertDateTo=2026-02-01']) {
      expect([q, ...(await code(c.loader.get(`${S}/vehicle?${q}`)))]).toEqual([q, 400, 400200]);
    }
    expect((await ok<Page>(c.loader.get(`${S}/vehicle?limit=100&idTemplate=T1`), 'max')).limit).toBe(100);
  });

  test('every filter of spec 02 narrows the list', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const q = (s: string) => ids(c.loader, `${S}/vehicle?sortOrder=asc&${s}`);
    expect(await q('brand=FIAT')).toEqual(['V-DEMO-1', live[0]]);
    expect(await q('model=niro')).toEqual(['V-DEMO-9']);
    expect(await q('licensePlate=gd 105')).toEqual(['V-DEMO-6']);
    expect(await q('vehicleFrame=200003')).toEqual(['V-DEMO-4']);
    expect(await q('vehicleCode=V-DEMO-7')).toEqual(['V-DEMO-7']);
    expect(await q('minDamage=450&maxDamage=450')).toEqual(['V-DEMO-2', 'V-DEMO-5', 'V-DEMO-8']);
    expect(await q('channel=remark')).toEqual(['V-DEMO-2', 'V-DEMO-4', 'V-DEMO-6', 'V-DEMO-8', 'V-DEMO-10']);
    expect(await q('provenance=RENT-IT')).toEqual([]);
    expect(await q('provenance=LEASYS-IT&provenance=RENT-IT&limit=1')).toEqual(['V-DEMO-1']);
    expect(await q(`insertDate=${today}&insertDateTo=${today}&limit=1`)).toEqual(['V-DEMO-1']);
    expect(await q('insertDateTo=2000-01-01')).toEqual([]);
    expect(await q('minAuctions=0&maxAuctions=0&limit=1')).toEqual(['V-DEMO-1']);
    expect(await q('minAuctions=1')).toEqual(live);
    expect(await q('minPrice=1')).toEqual([]);
    expect((await ok<Page>(c.admin.get(`${S}/vehicle?provenance=LEASYS-IT,RENT-IT`), 'admin')).total).toBe(28);
    expect((await ok<Page>(c.admin.get(`${S}/vehicle?provenance=RENT-IT`), 'admin RENT-IT')).total).toBe(RENT.length);
  });

  test('area, region and state (spec 02): whole names any case, one or many; the status, one or many; a wrong status is 400', async () => {
    const q = (s: string) => ids(c.loader, `${S}/vehicle?sortOrder=asc&${s}`);
    // The demo stock's locations go Nord/Lombardia, Centro/Lazio, Nord/Piemonte, Sud/Campania in turn.
    expect(await q('area=sud')).toEqual(['V-DEMO-4', 'V-DEMO-8']);
    expect(await q('area=SU')).toEqual([]);
    expect(await q('region=piemonte&region=CAMPANIA')).toEqual(['V-DEMO-3', 'V-DEMO-4', 'V-DEMO-7', 'V-DEMO-8']);
    expect(await q('area=Nord,Sud&region=Piemonte')).toEqual(['V-DEMO-3', 'V-DEMO-7']);
    expect(await q('state=IN_AUCTION')).toEqual(live);
    expect(await q('state=STOCK')).toEqual(DEMO);
    expect(await q('state=STOCK,IN_AUCTION&limit=100')).toEqual([...DEMO, ...live]);
    expect(await q('state=SOLD&state=WITHDRAWN')).toEqual([]);
    expect(await q('state=IN_AUCTION&area=sud')).toEqual([]);
    expect(await ids(c.auctioneer, `${S}/vehicle-for-auction?sortOrder=asc&region=lazio`)).toEqual(['V-DEMO-2', 'V-DEMO-6']);
    expect(await ids(c.auctioneer, `${S}/vehicle-for-auction?state=IN_AUCTION`)).toEqual([]);
    // RENT-IT's Centro vehicles: V-DEMO-R2 and every other car of the demo showcase.
    expect(await ids(c.loader2, `${S}/vehicle-by-provenance?provenance=RENT-IT&area=centro&sortOrder=asc`)).toEqual(['V-DEMO-R2', 'V-SHOW-2', 'V-SHOW-4', 'V-SHOW-6', 'V-SHOW-8']);
    for (const bad of ['state=sold', 'state=NEW', 'state=STOCK,ANY', `area=${'x'.repeat(2001)}`]) {
      expect([bad.slice(0, 20), ...(await code(c.loader.get(`${S}/vehicle?${bad}`)))]).toEqual([bad.slice(0, 20), 400, 400001]);
    }
    const csv = await fetch(`${server!.baseUrl}${S}/export-vehicle?sortOrder=asc`, {
      method: 'POST', headers: { token: c.loader.credentials.token!, 'content-type': 'application/json' }, body: JSON.stringify({ region: 'campania', state: 'STOCK' }),
    });
    expect((await csv.text()).split('\r\n').filter(Boolean).slice(1).map((l) => l.split(',')[0])).toEqual(['V-DEMO-4', 'V-DEMO-8']);
    // A body that is not an object of filters (the fuzz sent [null,null] and got the whole list): refused, not ignored.
    for (const body of ['[null,null]', 'null', '7', '"x"']) {
      const res = await fetch(`${server!.baseUrl}${S}/export-vehicle`, {
        method: 'POST', headers: { token: c.loader.credentials.token!, 'content-type': 'application/json' }, body,
      });
      expect([body, res.status, ((await res.json()) as { errorCode: number }).errorCode]).toEqual([body, 400, 400001]);
    }
  });

  test('vehicle-for-auction: published vehicles in stock; by-provenance needs a provenance; the roles of each list', async () => {
    expect(await ids(c.auctioneer, `${S}/vehicle-for-auction?sortOrder=asc`)).toEqual(DEMO.slice(0, 6));
    expect((await ok<Page>(c.admin.get(`${S}/vehicle-for-auction`), 'admin')).total).toBe(7);
    expect(await code(c.loader.get(`${S}/vehicle-for-auction`))).toEqual([403, 403001]);
    expect(await ids(c.loader2, `${S}/vehicle-by-provenance?provenance=RENT-IT&sortOrder=asc`)).toEqual(RENT);
    expect(await ids(c.loader, `${S}/vehicle-by-provenance?provenance=RENT-IT`)).toEqual([]);
    expect(await code(c.loader.get(`${S}/vehicle-by-provenance`))).toEqual([400, 400001]);
    for (const path of ['vehicle', 'vehicle-for-auction', 'vehicle-by-provenance?provenance=LEASYS-IT', 'dossier?licensePlate=GD100LS']) {
      expect([path, ...(await code(c.dealer1.get(`${S}/${path}`)))]).toEqual([path, 403, 403001]);
    }
    expect(await code(c.dealer1.post(`${S}/export-vehicle`))).toEqual([403, 403001]);
  });

  test('a vehicle\'s auctions history: one page, 30 by default, sorted by the dialog\'s columns', async () => {
    expect(await ok(c.loader.get(`${S}/vehicle/V-DEMO-1/auctions`), 'history')).toEqual({ items: [], total: 0, limit: 30, offset: 0 });
    expect((await ok<Page>(c.loader.get(`${S}/vehicle/V-DEMO-1/auctions?limit=10&sortField=maxOffer&sortOrder=asc`), 'sorted')).limit).toBe(10);
    expect(await code(c.loader.get(`${S}/vehicle/V-DEMO-1/auctions?limit=101`))).toEqual([400, 400001]);
    expect(await code(c.loader.get(`${S}/vehicle/V-DEMO-1/auctions?sortField=owner`))).toEqual([400, 400001]);
    expect(await code(c.loader2.get(`${S}/vehicle/V-DEMO-1/auctions`))).toEqual([404, 404200]);
  });

  test('vehicle-desc leaves out what the caller may not see; the dossier of a plate; the provenances', async () => {
    expect(await ok(c.loader.get(`${S}/vehicle-desc?ids=V-DEMO-1&ids=V-DEMO-R1&ids=NOPE`), 'desc')).toEqual([
      { idVehicle: 'V-DEMO-1', licensePlate: 'GD100LS', frame: 'ZFA31200000200000', description: 'Fiat Tipo 1.6 MJT (GD100LS)' },
    ]);
    expect(await code(c.loader.get(`${S}/vehicle-desc`))).toEqual([400, 400001]);
    expect(await code(c.loader.get(`${S}/vehicle-desc?ids=A,A`))).toEqual([400, 400001]);
    const dossier = await ok<Row>(c.loader.get(`${S}/dossier?licensePlate=gd-100 ls&vatCode=IT00000000101`), 'dossier');
    expect([dossier.licensePlate, dossier.vehicles.map((v: Row) => v.idVehicle)]).toEqual(['GD100LS', ['V-DEMO-1']]);
    expect((await ok<Row>(c.loader2.get(`${S}/dossier?licensePlate=GD100LS`), 'other dealer')).vehicles).toEqual([]);
    expect(await code(c.loader.get(`${S}/dossier`))).toEqual([400, 400001]);
    expect((await ok<Row[]>(c.dealer1.get(`${S}/provenance?idMarket=DE`), 'DE')).map((p) => p.code)).toEqual(['LEASYS-DE']);
    expect(await code(c.dealer1.get(`${S}/provenance?idMarket=XX`))).toEqual([400, 400001]);
  });

  test('export-vehicle streams the list as CSV with the same filters; a cell that starts like a formula is written as text', async () => {
    await ok(c.loader.put(`${S}/vehicle`, { body: { idVehicle: 'V-DEMO-3', version: '=HYPERLINK("http://x")' } }), 'edit');
    const res = await fetch(`${server!.baseUrl}${S}/export-vehicle?sortOrder=asc`, { method: 'POST', headers: { token: c.loader.credentials.token! } });
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/csv; charset=utf-8']);
    expect(res.headers.get('content-disposition')).toContain('vehicles.csv');
    // Read as bytes: a text decoder would drop the byte-order mark the file starts with.
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('\uFEFFidVehicle,provenance,status,published,licensePlate,frame,brand,model,version,firstRegistration,mileageKm,fuel,gearbox,powerKw,colour,damageTotal,channel,area,region,price,auctionsCount,insertDate');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([...DEMO, ...live]);
    expect(lines[3]).toContain(`"'=HYPERLINK(""http://x"")"`);
    const filtered = await fetch(`${server!.baseUrl}${S}/export-vehicle`, {
      method: 'POST', headers: { token: c.loader.credentials.token!, 'content-type': 'application/json' }, body: JSON.stringify({ brand: 'kia' }),
    });
    expect((await filtered.text()).split('\r\n').filter(Boolean).slice(1).map((l) => l.split(',')[0])).toEqual(['V-DEMO-9']);
    expect(await code(c.loader.post(`${S}/export-vehicle`, { body: { minDamage: '9', maxDamage: '1' } }))).toEqual([400, 400200]);
    // An export only reads: a repeat with the same Idempotency-Key reads again (it waited for a record that never came).
    for (let i = 0; i < 2; i++) {
      const again = await fetch(`${server!.baseUrl}${S}/export-vehicle?brand=fiat`, {
        method: 'POST', headers: { token: c.loader.credentials.token!, 'idempotency-key': 'export-twice' }, signal: AbortSignal.timeout(20_000),
      });
      expect([again.status, (await again.text()).split('\r\n').filter(Boolean).length]).toEqual([200, 3]);
    }
  });
}

// The lists are SQL over the read-model tables: run on both databases the product uses.
describe('vehicle lists (embedded)', () => vehicleListsSuite('embedded'));
describe('vehicle lists (PostgreSQL)', () => vehicleListsSuite('postgres'));
