/**
 * Attack on closing only the lots due (df6a591, issue 25) through HTTP against the real built server on PostgreSQL: the
 * lots of one auction end at different instants (extensions in the last seconds), one is bought before the end, another
 * not awarded and reverted while the auction still runs and a closing is due: every lot closes once, at or after its end,
 * with no offer after it, and the auction closes once, after its last lot (a closing no longer holds the whole auction).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ApiClient, type RunningServer, type ServerStorage, ServerClock, createStorage, describeResult, startServer } from '../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, paths, pollStatus, runTag, sleepUntil } from '../testing/auction.test-support.js';

interface StoredEventJson { type: string; position: number; data: Record<string, unknown>; metadata: { time?: string } }

describe('closing only the lots due, through HTTP (postgres)', () => {
  let storage: ServerStorage;
  let server: RunningServer;
  let auctioneer: ApiClient;
  let admin: ApiClient;
  let dealers: ApiClient[];
  let clock: ServerClock;

  beforeAll(async () => {
    storage = await createStorage('postgres');
    server = await startServer(storage);
    [auctioneer, admin, ...dealers] = await Promise.all(['auctioneer', 'admin', 'dealer1', 'dealer2', 'dealer3'].map((u) => ApiClient.login(server.baseUrl, u)));
    clock = await ServerClock.sync(auctioneer);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  const stream = async (id: string): Promise<StoredEventJson[]> => {
    const res = await admin.get<StoredEventJson[]>(`/api/v1/admin/events/stream/${id}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  test('lots extended to different instants, one bought, one not awarded and reverted while the auction runs: each closes once, the auction once after them', async () => {
    const tag = runTag();
    const endMs = Math.floor(clock.now()) + 8_000;
    const created = await auctioneer.post<AuctionView>(paths.auctions, {
      body: createAuctionBody({
        name: `Due ${tag}`, startMs: clock.now() - 1_000, endMs, regulationRequired: false, extension: { windowSeconds: 3, extendSeconds: 2 },
        lots: [0, 1, 2, 3].map((i) => ({ licensePlate: `DU${tag}${i}`, basePrice: 1000, minIncrement: 10, ...(i === 3 ? { buyNowPrice: 5000 } : {}) })),
      }),
    });
    expect(describeResult(created)).toMatch(/^201 /);
    const { idAuction } = created.body;
    const [l0, l1, l2, l3] = created.body.lots.map((l) => l.idLot) as [string, string, string, string];
    const [d1, d2, d3] = dealers as [ApiClient, ApiClient, ApiClient];
    const answers: { what: string; status: number; body: unknown }[] = [];
    const note = async (what: string, request: Promise<{ status: number; body: unknown }>) => {
      const res = await request;
      answers.push({ what, status: res.status, body: res.body });
      return res;
    };

    await sleepUntil(clock, endMs - 1_500);
    await note('l0 extends to end + 500', d1.post(paths.offer(idAuction, l0), { body: { offer: 1000 } }));
    await sleepUntil(clock, endMs - 800);
    await note('l1 extends to end + 1200', d2.post(paths.offer(idAuction, l1), { body: { offer: 1000 } }));
    await sleepUntil(clock, endMs - 150);
    // Bought 150 ms before the end (its follow-up runs while l2's closing is due); l2 closes at the end with no offer.
    expect((await note('l3 bought', d3.post(paths.offer(idAuction, l3), { body: { offer: 5000, clickAndBuy: true } }))).status).toBe(201);
    // l2 (no offer) not awarded once closed, and that reverted, while the auction runs and l0's closing is due (+500):
    // each takes every stream of the auction. 409 when l2 has not closed yet (a loaded machine), never a 500.
    await sleepUntil(clock, endMs + 300);
    await note('l2 not awarded', auctioneer.post(paths.notAward(idAuction), { body: { idLots: [l2] } }));
    await sleepUntil(clock, endMs + 480);
    await note('l2 not-award reverted', auctioneer.patch(paths.revertAward(idAuction, l2)));
    await sleepUntil(clock, endMs + 600);
    await note('l1 extends again', d1.post(paths.offer(idAuction, l1), { body: { offer: 1100 } }));
    // Offers on the closed lots: refused, never a 500.
    await Promise.all([
      note('l0 after its end', d2.post(paths.offer(idAuction, l0), { body: { offer: 2000 } })),
      note('l2 after its end', d2.post(paths.offer(idAuction, l2), { body: { offer: 2000 } })),
    ]);
    process.stdout.write(`answers: ${answers.map((a) => `${a.what} ${a.status}`).join(', ')}\n`);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.what.startsWith('l2 not')).every((a) => a.status === 200 || a.status === 409)).toBe(true);

    await pollStatus(auctioneer, clock, idAuction, 'CLD', endMs + 10_000);
    const lots = await Promise.all([l0, l1, l2, l3].map((id) => stream(`lot-${id}`)));
    const closedAt: number[] = [];
    for (const events of lots) {
      let lotEnd = Number.NaN;
      const closings = events.filter((e) => e.type === 'LotClosed');
      expect(closings).toHaveLength(1);
      for (const e of events) {
        if (e.type === 'LotScheduled' || e.type === 'LotEndExtended' || e.type === 'LotEdited') lotEnd = Date.parse(String(e.data.endDate));
        if (e.type === 'OfferPlaced') expect(e.position).toBeLessThan(closings[0]!.position);
        if (e.type === 'LotClosed' && e.data.reason === 'END') expect(Date.parse(e.metadata.time!)).toBeGreaterThanOrEqual(lotEnd);
      }
      closedAt.push(closings[0]!.position);
    }
    expect(lots[1]!.filter((e) => e.type === 'LotEndExtended')).toHaveLength(2);
    const auction = await stream(`auction-${idAuction}`);
    const closed = auction.filter((e) => e.type === 'AuctionClosed');
    expect(closed).toHaveLength(1);
    expect(closed[0]!.position).toBeGreaterThan(Math.max(...closedAt));
    // The auction ended with its last lot (l1, extended twice), not before.
    const l1Closed = lots[1]!.find((e) => e.type === 'LotClosed')!;
    expect(Date.parse(closed[0]!.metadata.time!)).toBeGreaterThanOrEqual(Date.parse(l1Closed.metadata.time!));
  }, 120_000);
});
