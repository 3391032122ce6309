/**
 * Issue 21 item 9 through HTTP against the real built server on PostgreSQL: an instant outside years 0001-9999 is 400
 * in every contract that takes one; an event already in the log that a projection fails on (written by an earlier
 * release, as the year-0 auctions were) is parked while every later event is projected, counted in health and metrics,
 * listed to administrators, and retried by a rebuild, which (like a restart) no longer stops on it.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createEventStore } from '@auction/event-store';
import { ApiClient, type RunningServer, type ServerStorage, createStorage, describeResult, startServer } from '../../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, paths, runTag } from '../../testing/auction.test-support.js';

const PARKED = '/api/v1/admin/read-models/parked';
const OUT_OF_RANGE = ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00', '0001-01-01T00:00:00+01:00', '+010000-01-01T00:00:00Z'];

interface Health {
  status: string; readModelLag: number | null; headPosition: number; readModelPosition: number;
  projector: { failing: boolean; parkedEvents: number; failedBatches: number };
}

async function until<T>(what: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('one event a projection fails on stops nothing (postgres)', () => {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  const c = {} as { admin: ApiClient; auctioneer: ApiClient; dealer: ApiClient };

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage);
    [c.admin, c.auctioneer, c.dealer] = await Promise.all(['admin', 'auctioneer', 'dealer1'].map((u) => ApiClient.login(server!.baseUrl, u)));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  const body = (tag: string, startDate: string, endDate: string) => ({
    ...createAuctionBody({ name: `Range ${tag}`, startMs: 0, endMs: 0, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 },
      lots: [{ licensePlate: `R${tag}`, basePrice: 1000, minIncrement: 10 }] }),
    startDate, endDate,
  });
  const health = async () => (await fetch(`${server!.baseUrl}/api/health`).then((r) => r.json())) as Health;

  test('an instant outside years 0001-9999 (after its offset) is 400 in create, edit, resize-time and the purchase filters', async () => {
    const tag = runTag();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const scheduled = await c.auctioneer.post<AuctionView>(paths.auctions, { body: body(tag, future, later) });
    expect(describeResult(scheduled)).toMatch(/^201 /);
    for (const bad of OUT_OF_RANGE) {
      const answers = {
        start: await c.auctioneer.post(paths.auctions, { body: body(`${tag}s`, bad, later) }),
        end: await c.auctioneer.post(paths.auctions, { body: body(`${tag}e`, future, bad) }),
        edit: await c.auctioneer.put(paths.auctions, { body: { ...body(tag, bad, later), idAuction: scheduled.body.idAuction } }),
        resize: await c.auctioneer.patch(paths.resizeTime(scheduled.body.idAuction), { body: { endDate: bad } }),
        from: await c.dealer.get(`${paths.purchases}?fromDate=${encodeURIComponent(bad)}`),
        to: await c.dealer.get(`${paths.purchases}?toDate=${encodeURIComponent(bad)}`),
      };
      for (const [call, res] of Object.entries(answers)) {
        expect({ bad, call, status: res.status, code: res.body?.errorCode }).toEqual({ bad, call, status: 400, code: 400001 });
      }
    }
    expect((await health()).status).toBe('ok');
  });

  test('an event the database refuses is parked: later auctions reach dealers, health and metrics count it, admins list and retry it, a restart goes on', async () => {
    const tag = runTag();
    const store = await createEventStore({ databaseUrl: storage!.databaseUrl });
    await store.init();
    const idAuction = `bad${tag}`;
    const idLot = `${idAuction}-1`;
    const timing = { startDate: '0000-01-01T00:00:00.000Z', endDate: '2099-01-01T00:00:00.000Z', windowSeconds: 0, extendSeconds: 0 };
    await store.appendMulti([
      { streamId: `auction-${idAuction}`, expectedVersion: 'any', events: [{ type: 'AuctionScheduled', data: {
        idAuction, idOwner: 'nobody', auctionName: `Year zero ${tag}`, idMarket: 'IT', auctionType: 'OTH', regulationRequired: false, lotIds: [idLot], ...timing,
      } }] },
      { streamId: `lot-${idLot}`, expectedVersion: 'any', events: [{ type: 'LotScheduled', data: {
        idLot, idAuction, idOwner: 'nobody', lotNumber: 1, licensePlate: `Y${tag}`, frame: null, brand: 'Fiat', model: '500', basePrice: 1000,
        minIncrement: 10, reservePrice: null, buyNowPrice: null, ...timing,
      } }] },
    ]);
    await store.close();

    // Created after the bad event: before the fix the projector failed its batch forever and this was 404 to dealers.
    const now = Date.now();
    const good = await c.auctioneer.post<AuctionView>(paths.auctions, { body: body(tag, new Date(now - 1000).toISOString(), new Date(now + 3_600_000).toISOString()) });
    expect(describeResult(good)).toMatch(/^201 /);
    const seen = await until(async () => {
      const res = await c.dealer.get<AuctionView>(paths.auction(good.body.idAuction));
      return res.status === 200 ? res : undefined;
    });
    expect(seen.body.status).toBe('RUN');

    const h = await until(async () => {
      const value = await health();
      return value.readModelLag === 0 && value.projector.parkedEvents > 0 ? value : undefined;
    });
    expect(h).toMatchObject({ status: 'degraded', readModelLag: 0, projector: { failing: false } });
    expect(h.readModelPosition).toBe(h.headPosition);

    const metrics = await fetch(`${server!.baseUrl}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(new RegExp(`projection_parked_events\\{projection="read_models"\\} ${h.projector.parkedEvents}\\b`));

    const list = await c.admin.get<{ items: { streamId: string; type: string; error: string }[]; total: number }>(PARKED);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(h.projector.parkedEvents);
    expect(list.body.items.map((i) => `${i.type} ${i.streamId}`)).toEqual(expect.arrayContaining([`AuctionScheduled auction-${idAuction}`, `LotScheduled lot-${idLot}`]));
    expect(list.body.items[0]!.error).toMatch(/out of range/);
    expect((await c.dealer.get(PARKED)).status).toBe(403);
    expect((await c.admin.get(`${PARKED}?limit=0x10`)).status).toBe(400);

    // The retry is a rebuild: it no longer fails on the event, and the event, still refused, stays parked.
    expect((await c.admin.post(`${PARKED}/retry`)).status).toBe(202);
    const rebuilt = await until(async () => {
      const s = (await c.admin.get<{ state: string }>('/api/v1/admin/read-models/rebuild')).body;
      return s.state === 'running' ? undefined : s;
    }, 60_000);
    expect(rebuilt.state).toBe('done');
    expect((await c.admin.get<{ total: number }>(PARKED)).body.total).toBe(list.body.total);
    expect((await c.dealer.get(paths.auction(good.body.idAuction))).status).toBe(200);

    // A restart projects on from its checkpoints: what is created next reaches dealers.
    await server!.stop();
    server = await startServer(storage!);
    c.auctioneer = await ApiClient.login(server.baseUrl, 'auctioneer');
    c.dealer = await ApiClient.login(server.baseUrl, 'dealer1');
    const after = await c.auctioneer.post<AuctionView>(paths.auctions, { body: body(`${tag}b`, new Date(Date.now() - 1000).toISOString(), new Date(Date.now() + 3_600_000).toISOString()) });
    expect(describeResult(after)).toMatch(/^201 /);
    await until(async () => ((await c.dealer.get(paths.auction(after.body.idAuction))).status === 200 ? true : undefined));
  }, 180_000);
});
