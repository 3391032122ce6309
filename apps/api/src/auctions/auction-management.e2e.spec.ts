/**
 * `GET /api/v1/secure/auction-management` through HTTP against the real built server, on the embedded store and on
 * PostgreSQL: an auctioneer sees only the auctions they own, an administrator sees every one, newest start first,
 * filtered by status and text; other roles get 403 and a bad status 400, both with a numeric errorCode.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { API_ERROR_CODES } from '@auction/contracts';
import {
  ApiClient, type StorageMode, ServerClock, describeResult, sharedServer, type SharedServer,
} from '../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, eventually, paths, runTag } from '../testing/auction.test-support.js';

const MANAGEMENT = '/api/v1/secure/auction-management';
const HOUR = 3_600_000;

/** The fields of a managed auction the test reads. */
interface ManagedAuction {
  idAuction: string; auctionName: string; idOwner: string; status: string; startDate: string; lotsCount: number; lots?: unknown;
}

function managementSuite(mode: StorageMode) {
  let shared: SharedServer | undefined;
  const s = {} as {
    auctioneer: ApiClient; admin: ApiClient; dealer: ApiClient; anonymous: ApiClient; clock: ServerClock; tag: string;
    early: AuctionView; late: AuctionView; running: AuctionView; deleted: AuctionView; admins: AuctionView;
  };
  const list = async (client: ApiClient, query = '') => {
    const res = await client.get<{ items: ManagedAuction[]; total: number }>(`${MANAGEMENT}${query}${query ? '&' : '?'}limit=100`);
    if (res.status !== 200 || !Array.isArray(res.body.items)) throw new Error(`GET ${MANAGEMENT}${query}: ${describeResult(res)}`);
    // The whole list when it fits a page (every filtered one here); unfiltered, the shared server's other auctions may not.
    expect(res.body.items.length).toBe(Math.min(res.body.total, 100));
    return res.body.items;
  };
  const ids = (rows: ManagedAuction[]) => rows.map((r) => r.idAuction);
  const create = async (client: ApiClient, name: string, startMs: number, plates: string[]) => {
    const lots = plates.map((licensePlate) => ({ licensePlate, basePrice: 1000, minIncrement: 10 }));
    const body = createAuctionBody({ name, startMs, endMs: startMs + HOUR, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 }, lots });
    const res = await client.post<AuctionView>(paths.auctions, { body });
    if (res.status !== 201) throw new Error(`create ${name}: ${describeResult(res)}`);
    return res.body;
  };

  beforeAll(async () => {
    shared = await sharedServer(mode);
    const base = shared.server.baseUrl;
    s.anonymous = ApiClient.anonymous(base);
    [s.auctioneer, s.admin, s.dealer] = await Promise.all(['auctioneer', 'admin', 'dealer1'].map((u) => ApiClient.login(base, u)));
    s.clock = await ServerClock.sync(s.auctioneer);
    s.tag = runTag();
    const now = Math.ceil(s.clock.now() / 60_000) * 60_000;
    s.early = await create(s.auctioneer, `Mgmt ${s.tag} early`, now + 2 * HOUR, [`E${s.tag}1`, `E${s.tag}2`]);
    s.late = await create(s.auctioneer, `Mgmt ${s.tag} late`, now + 5 * HOUR, [`L${s.tag}1`]);
    s.running = await create(s.auctioneer, `Mgmt ${s.tag} running`, now - 10 * 60_000, [`R${s.tag}1`]);
    s.deleted = await create(s.auctioneer, `Mgmt ${s.tag} deleted`, now + 3 * HOUR, [`D${s.tag}1`]);
    s.admins = await create(s.admin, `Admin ${s.tag} own`, now + 4 * HOUR, [`A${s.tag}1`]);
    const removed = await s.auctioneer.delete(paths.auction(s.deleted.idAuction));
    if (removed.status !== 204) throw new Error(`delete: ${describeResult(removed)}`);
  }, 120_000);

  afterAll(async () => {
    await shared?.release();
  });

  test('an auctioneer sees only their own auctions, deleted ones left out, newest start first, with lotsCount', async () => {
    const rows = await list(s.auctioneer);
    expect(rows.every((r) => r.idOwner === 'auctioneer')).toBe(true);
    const starts = rows.map((r) => Date.parse(r.startDate));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    // Ours by their tag (the admin's and the deleted one carry it too): on the shared server other files' auctions may
    // push them past the first page of the whole list.
    const tagged = await list(s.auctioneer, `?toSearch=${s.tag}`);
    expect(tagged.every((r) => r.idOwner === 'auctioneer')).toBe(true);
    expect(ids(tagged)).toEqual(expect.arrayContaining([s.early.idAuction, s.late.idAuction, s.running.idAuction]));
    expect(ids(tagged)).not.toContain(s.admins.idAuction);
    expect(ids(tagged)).not.toContain(s.deleted.idAuction);
    const early = tagged.find((r) => r.idAuction === s.early.idAuction)!;
    expect(early).toMatchObject({ auctionName: `Mgmt ${s.tag} early`, status: 'SCH', lotsCount: 2 });
    expect(early.lots).toBeUndefined();
  });

  test('ADMIN sees every auction, its own and the auctioneer\'s', async () => {
    const { value } = await eventually(() => list(s.admin, `?toSearch=${s.tag}`), (rows) => {
      expect(ids(rows).sort()).toEqual([s.early.idAuction, s.late.idAuction, s.running.idAuction, s.admins.idAuction].sort());
    });
    expect(ids(value)).toEqual([s.late.idAuction, s.admins.idAuction, s.early.idAuction, s.running.idAuction]);
  });

  test('status and toSearch filter the list (an empty status means any)', async () => {
    const scheduled = await list(s.auctioneer, `?status=SCH&toSearch=${s.tag}`);
    expect(ids(scheduled)).toEqual([s.late.idAuction, s.early.idAuction]);
    const running = await list(s.auctioneer, `?status=RUN&toSearch=${s.tag.toLowerCase()}`);
    expect(ids(running)).toEqual([s.running.idAuction]);
    expect(await list(s.auctioneer, `?status=AWA&toSearch=${s.tag}`)).toEqual([]);
    expect(ids(await list(s.auctioneer, `?toSearch=E${s.tag}2`))).toEqual([s.early.idAuction]);
    expect(ids(await list(s.auctioneer, `?status=&toSearch=${s.tag}`))).toHaveLength(3);
  });

  test('a BUYER gets 403 with errorCode', async () => {
    const res = await s.dealer.get(MANAGEMENT);
    expect({ status: res.status, errorCode: res.body?.errorCode }).toEqual({ status: 403, errorCode: API_ERROR_CODES.FORBIDDEN_ROLE });
  });

  test('a bad status gets 400 with errorCode and the failing field', async () => {
    const res = await s.auctioneer.get(`${MANAGEMENT}?status=XYZ`);
    expect({ status: res.status, errorCode: res.body?.errorCode }).toEqual({ status: 400, errorCode: API_ERROR_CODES.BAD_REQUEST });
    expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'status' })]));
  });

  test('without login: 401 with errorCode', async () => {
    const res = await s.anonymous.get(MANAGEMENT);
    expect(res.status).toBe(401);
    expect(typeof res.body?.errorCode).toBe('number');
  });

  test('/metrics counts each call under its route pattern and status', async () => {
    const count = async (status: number) => {
      const res = await s.anonymous.get<string>('/metrics');
      const line = String(res.body).split('\n')
        .find((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('method="GET"') && l.includes(`route="${MANAGEMENT}"`) && l.includes(`status="${status}"`));
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    const [ok, forbidden] = [await count(200), await count(403)];
    for (let i = 0; i < 3; i++) await list(s.auctioneer);
    await s.dealer.get(MANAGEMENT);
    expect([await count(200), await count(403)]).toEqual([ok + 3, forbidden + 1]);
    expect(ok).toBeGreaterThan(0);
  });
}

describe.each<StorageMode>(['embedded', 'postgres'])('auction management list through HTTP (%s)', (mode) => managementSuite(mode));
