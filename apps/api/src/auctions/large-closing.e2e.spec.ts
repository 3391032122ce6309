/**
 * Issue 11 item A1, through HTTP against the real built server, on the embedded store and on PostgreSQL: a 2,000-lot
 * auction ends while dealers bid on another auction. Closing it must not freeze the API (the clock call keeps
 * answering) nor hold the other auction's offers, and every offer sent before its lot's end is accepted, however long
 * it queued. The figures (closing time, longest stall of another request) are printed.
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import {
  ApiClient, type ApiResult, type RunningServer, type ServerStorage, type StorageMode, ServerClock, createStorage, describeResult,
  sleep, startServer,
} from '../testing/server.test-support.js';
import { type AuctionView, createAuctionBody, paths, runTag, sleepUntil, wholeSecondAfter } from '../testing/auction.test-support.js';

const BIG_LOTS = 2000;
/** Lots of the other auction: one offer each, so no offer competes with another. */
const OTHER_LOTS = 56;
const OFFER_EVERY_MS = 100;
/** The other auction ends this long after the big one; offers are sent from 2 s before the big end until 300 ms before this end. */
const OTHER_AFTER_MS = 4_000;
const DEALERS = 8;
const MANAGEMENT = '/api/v1/secure/auction-management';

function largeClosingSuite(mode: StorageMode) {
  let storage: ServerStorage | undefined;
  let server: RunningServer | undefined;
  const s = {} as { auctioneer: ApiClient; dealers: ApiClient[]; clock: ServerClock };

  beforeAll(async () => {
    storage = await createStorage(mode);
    server = await startServer(storage);
    const base = server.baseUrl;
    s.auctioneer = await ApiClient.login(base, 'auctioneer');
    s.dealers = await Promise.all(Array.from({ length: DEALERS }, (_, i) => ApiClient.login(base, `dealer${i + 1}`)));
    s.clock = await ServerClock.sync(s.auctioneer);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await storage?.dispose();
  });

  test(`a ${BIG_LOTS}-lot auction ends while another auction takes offers: no freeze, every offer sent in time is accepted`, async () => {
    const { auctioneer, dealers, clock } = s;
    const tag = runTag();
    const past = clock.now() - 10 * 60_000;
    const bigEnd = wholeSecondAfter(clock, 30_000);
    const noExtension = { windowSeconds: 0, extendSeconds: 0 };
    const bigLots = Array.from({ length: BIG_LOTS }, (_, i) => ({ licensePlate: `B${tag}${i}`, basePrice: 1000, minIncrement: 10 }));
    const t0 = Date.now();
    const big = await auctioneer.post<AuctionView>(paths.auctions, {
      body: createAuctionBody({ name: `Big ${tag}`, startMs: past, endMs: bigEnd, regulationRequired: false, extension: noExtension, lots: bigLots }),
    });
    expect(describeResult(big)).toMatch(/^201 /);
    const createMs = Date.now() - t0;
    const otherEnd = bigEnd + OTHER_AFTER_MS;
    const otherLots = Array.from({ length: OTHER_LOTS }, (_, i) => ({ licensePlate: `O${tag}${i}`, basePrice: 500, minIncrement: 10 }));
    const other = await auctioneer.post<AuctionView>(paths.auctions, {
      body: createAuctionBody({ name: `Other ${tag}`, startMs: past, endMs: otherEnd, regulationRequired: false, extension: noExtension, lots: otherLots }),
    });
    expect(describeResult(other)).toMatch(/^201 /);
    expect(clock.now()).toBeLessThan(bigEnd - 3_000);

    // Offers on the other auction, one per lot, every 100 ms from 2 s before the big end until 300 ms before its own end.
    const firstOfferAt = bigEnd - 2_000;
    const offers: Promise<{ plannedAt: number; endMs: number; res: ApiResult }>[] = [];
    other.body.lots.forEach((lot, i) => {
      const plannedAt = firstOfferAt + i * OFFER_EVERY_MS;
      if (plannedAt > otherEnd - 300) return;
      offers.push(sleepUntil(clock, plannedAt).then(async () => ({
        plannedAt, endMs: otherEnd,
        res: await dealers[i % DEALERS]!.post(paths.offer(other.body.idAuction, lot.idLot), { body: { offer: 500 } }),
      })));
    });

    // Offers on the big auction itself in its last second, one per lot: judged at the instant they arrived.
    // From 1,000 to 190 ms before the end: the last one leaves the test's own timers 90 ms to fire late on a loaded
    // machine and still be judged (below).
    const lastSecond = Array.from({ length: 10 }, (_, i) => ({ plannedAt: bigEnd - 1_000 + i * 90, lot: big.body.lots[i]! }));
    const bigOffers = lastSecond.map(({ plannedAt, lot }, i) => sleepUntil(clock, plannedAt).then(async () => ({
      plannedAt, endMs: bigEnd, res: await dealers[i % DEALERS]!.post(paths.offer(big.body.idAuction, lot.idLot), { body: { offer: 1000 } }),
    })));

    // Another request all along: the clock call, every 50 ms, from 2 s before the big end until the big auction is closed.
    let closed = false;
    const clockCalls: { sentAt: number; ms: number }[] = [];
    const prober = (async () => {
      await sleepUntil(clock, firstOfferAt);
      while (!closed && clock.now() < bigEnd + 120_000) {
        const res = await dealers[0]!.get(paths.time);
        expect(res.status).toBe(200);
        clockCalls.push({ sentAt: clock.toServer(res.sentAt), ms: res.receivedAt - res.sentAt });
        await sleep(50);
      }
    })();

    // When the big auction shows CLD (the management list, without its 2,000 lots).
    await sleepUntil(clock, bigEnd);
    let closedAt = Number.NaN;
    while (clock.now() < bigEnd + 120_000) {
      const res = await auctioneer.get<{ items: { idAuction: string; status: string }[] }>(`${MANAGEMENT}?toSearch=Big%20${tag}`);
      expect(res.status).toBe(200);
      if (res.body.items.find((a) => a.idAuction === big.body.idAuction)?.status === 'CLD') {
        closedAt = clock.toServer(res.receivedAt);
        break;
      }
      await sleep(100);
    }
    closed = true;
    const answers = [...await Promise.all(offers), ...await Promise.all(bigOffers)];
    await prober;

    // Judged only when the request left at least 100 ms before its lot's end (its sentAt is taken before the request is
    // written): on a loaded machine the test's own timers fire late, and an offer planned before the end but sent at the
    // end proves nothing (fresh-clone run 56: one planned 100 ms before the end was refused). An unjudged offer still
    // gets an answer that makes sense: accepted, or refused because the lot has ended; never anything else.
    const judged = answers.filter((a) => clock.toServer(a.res.sentAt) <= a.endMs - 100);
    const unjudged = answers.filter((a) => !judged.includes(a));
    if (unjudged.length > 0) {
      console.log(`[${mode}] not judged, sent less than 100 ms before their end: ` +
        unjudged.map((a) => `planned ${a.plannedAt - a.endMs} ms, sent ${clock.toServer(a.res.sentAt) - a.endMs} ms: ${a.res.status}`).join('; '));
    }
    expect(unjudged.filter((a) => a.res.status !== 201 && !(a.res.status === 409 && a.res.body?.errorCode === 409004))
      .map((a) => `unjudged offer answered ${describeResult(a.res)}`)).toEqual([]);
    // Nearly all of the big auction's last second is judged, or the test proves little about it.
    expect(judged.filter((a) => a.endMs === bigEnd).length).toBeGreaterThanOrEqual(8);
    const late = judged.filter((a) => a.res.status !== 201);
    const longest = clockCalls.reduce((m, c) => Math.max(m, c.ms), 0);
    const slowestOffer = answers.reduce((m, a) => Math.max(m, a.res.receivedAt - a.res.sentAt), 0);
    console.log(`[${mode}] ${BIG_LOTS}-lot auction: created in ${createMs} ms; closed (CLD) ${closedAt - bigEnd} ms after its end; ` +
      `longest GET /secure/time ${longest} ms over ${clockCalls.length} calls; ${answers.filter((a) => a.res.status === 201).length}/${answers.length} offers ` +
      `(the other auction, and the big one in its last second) accepted, slowest answer ${slowestOffer} ms`);
    expect(late.map((a) => `offer sent ${clock.toServer(a.res.sentAt) - a.endMs} ms after its end (planned ${a.plannedAt - a.endMs}): ${describeResult(a.res)}`)).toEqual([]);
    expect(answers).toHaveLength(OTHER_LOTS + lastSecond.length);
    expect(Number.isFinite(closedAt)).toBe(true);
    expect(closedAt - bigEnd).toBeLessThan(10_000);
    expect(longest).toBeLessThan(1_000);

    // The lots a page of 100 at a time (#21 item 10).
    const lots: AuctionView['lots'] = [];
    for (let offset = 0; offset < BIG_LOTS; offset += 100) {
      const view = await auctioneer.get<AuctionView & { lotsPage: { total: number } }>(`${paths.auction(big.body.idAuction)}?limit=100&offset=${offset}`);
      expect(view.status).toBe(200);
      expect(view.body.lotsPage.total).toBe(BIG_LOTS);
      lots.push(...view.body.lots);
    }
    expect(lots.filter((l) => l.status !== 'CLD')).toEqual([]);
    expect(lots).toHaveLength(BIG_LOTS);
  }, 240_000);
}

describe.each<StorageMode>(['embedded', 'postgres'])('closing a %s 2,000-lot auction', (mode) => largeClosingSuite(mode));
