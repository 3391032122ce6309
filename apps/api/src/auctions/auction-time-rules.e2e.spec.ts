/**
 * Issue 11 items A3, A8, A9, A11 and A12 through HTTP against the real built server, on the embedded store and on
 * PostgreSQL: resize-time never cuts a lot's extension nor moves a running auction's end earlier; the auction shows its
 * last lot's end and a bought lot ends at its purchase; instants are answered in UTC and running auctions are sorted by
 * instant; zero-length auctions are refused; `DELETE .../auction/{id}/` with the spec's trailing slash works.
 * The test servers allow 5 s auctions (MIN_AUCTION_SECONDS=5; the default is 60).
 */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { ERROR_CODES } from '@auction/domain';
import {
  ApiClient, type StorageMode, ServerClock, describeResult, sharedServer, type SharedServer,
} from '../testing/server.test-support.js';
import { type AuctionView, type OfferAnswer, createAuctionBody, lotOf, paths, runTag, sleepUntil } from '../testing/auction.test-support.js';

const RUNNING = '/api/v1/secure/running-auctions';
const lot = (licensePlate: string, extra: object = {}) => ({ licensePlate, basePrice: 1000, minIncrement: 10, ...extra });

function timeRulesSuite(mode: StorageMode) {
  let shared: SharedServer | undefined;
  const s = {} as { auctioneer: ApiClient; dealer: ApiClient; buyer: ApiClient; clock: ServerClock };

  beforeAll(async () => {
    shared = await sharedServer(mode);
    const base = shared.server.baseUrl;
    [s.auctioneer, s.dealer, s.buyer] = await Promise.all(['auctioneer', 'dealer1', 'dealer2'].map((u) => ApiClient.login(base, u)));
    s.clock = await ServerClock.sync(s.auctioneer);
  }, 120_000);

  afterAll(async () => {
    await shared?.release();
  });

  const create = async (body: object) => {
    const res = await s.auctioneer.post<AuctionView>(paths.auctions, { body });
    if (res.status !== 201) throw new Error(`create: ${describeResult(res)}`);
    return res.body;
  };

  test('A11: a zero-length auction, or one shorter than the minimum, is refused with 422030', async () => {
    const tag = runTag();
    const start = s.clock.now() + 3_600_000;
    for (const length of [0, 4_000]) {
      const body = createAuctionBody({ name: `Zero ${tag}`, startMs: start, endMs: start + length, regulationRequired: false,
        extension: { windowSeconds: 0, extendSeconds: 0 }, lots: [lot(`Z${tag}${length}`)] });
      const res = await s.auctioneer.post(paths.auctions, { body });
      expect({ length, status: res.status, code: res.body?.errorCode }).toEqual({ length, status: 422, code: ERROR_CODES.AUCTION_TOO_SHORT });
    }
  });

  test('issue 21 item 12: a backdated start does not shorten the minimum, in a create or an edit; a past start is recorded as the real one', async () => {
    const { clock, auctioneer } = s;
    const tag = runTag();
    const backdated = (name: string, startMs: number, endMs: number) => createAuctionBody({
      name, startMs, endMs, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 }, lots: [lot(`B${tag}${name.length}`)],
    });
    const now = clock.now();
    const short = await auctioneer.post(paths.auctions, { body: backdated(`Back ${tag}`, now - 3_600_000, now + 400) });
    expect({ status: short.status, code: short.body?.errorCode }).toEqual({ status: 422, code: ERROR_CODES.AUCTION_TOO_SHORT });

    const scheduled = await create(backdated(`Sched ${tag}`, now + 3_600_000, now + 7_200_000));
    const edit = { ...backdated(`Sched ${tag}`, 0, clock.now() + 400), startDate: '2001-01-01T00:00:00Z', idAuction: scheduled.idAuction };
    const edited = await auctioneer.put(paths.auctions, { body: edit });
    expect({ status: edited.status, code: edited.body?.errorCode }).toEqual({ status: 422, code: ERROR_CODES.AUCTION_TOO_SHORT });
    expect((await auctioneer.get<AuctionView>(paths.auction(scheduled.idAuction))).body.status).toBe('SCH');

    const res = await auctioneer.post<AuctionView>(paths.auctions, { body: backdated(`Real ${tag}`, clock.now() - 3_600_000, clock.now() + 60_000) });
    expect(describeResult(res)).toMatch(/^201 /);
    expect(res.body.status).toBe('RUN');
    expect(Date.parse(res.body.startDate)).toBeGreaterThanOrEqual(clock.toServer(res.sentAt) - 50);
    expect(Date.parse(res.body.startDate)).toBeLessThanOrEqual(clock.toServer(res.receivedAt) + 50);
    expect(res.body.lots.every((l) => l.status === 'RUN')).toBe(true);
  });

  test('A9: instants sent with an offset are answered in UTC; running auctions are sorted by the instant of their end', async () => {
    const tag = runTag();
    const body = (name: string, endDate: string) => ({
      ...createAuctionBody({ name, startMs: 0, endMs: 0, regulationRequired: false, extension: { windowSeconds: 0, extendSeconds: 0 }, lots: [lot(`${name.slice(0, 1)}${tag}`)] }),
      startDate: '2020-01-01T10:00:00+01:00', endDate,
    });
    // 10:30+02:00 is 08:30Z, before 09:00Z; as text it sorts after it.
    const first = await create(body(`Early ${tag}`, '2099-01-01T10:30:00+02:00'));
    const second = await create(body(`Late ${tag}`, '2099-01-01T09:00:00Z'));
    // The start sent (2020) is past: the auction records its real start, which the server answers in UTC too.
    expect(first.startDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(first.startDate)).toBeGreaterThan(Date.parse('2026-01-01T00:00:00Z'));
    expect(first.endDate).toBe('2099-01-01T08:30:00.000Z');
    const read = await s.dealer.get<AuctionView>(paths.auction(first.idAuction));
    expect({ startDate: read.body.startDate, endDate: read.body.endDate }).toEqual({ startDate: first.startDate, endDate: '2099-01-01T08:30:00.000Z' });
    const running = await s.dealer.get<{ items: AuctionView[] }>(`${RUNNING}?toSearch=${tag}`);
    expect(running.status).toBe(200);
    expect(running.body.items.map((a) => a.idAuction)).toEqual([first.idAuction, second.idAuction]);
  });

  /** A running auction ending ~6 s from now, whose first lot an offer extended 20 s ahead (past the auction's end). */
  const extendedAuction = async (tag: string) => {
    const { clock, dealer } = s;
    const end = Math.ceil((clock.now() + 6_000) / 1000) * 1000;
    const auction = await create(createAuctionBody({
      name: `Ends ${tag}`, startMs: clock.now() - 600_000, endMs: end, regulationRequired: false,
      extension: { windowSeconds: 30, extendSeconds: 20 }, lots: [lot(`E${tag}1`), lot(`E${tag}2`, { buyNowPrice: 3000 })],
    }));
    const offer = await dealer.post<OfferAnswer>(paths.offer(auction.idAuction, auction.lots[0]!.idLot), { body: { offer: 1000 } });
    expect(describeResult(offer)).toMatch(/^201 /);
    const lotEnd = Date.parse(offer.body.lotEndDate);
    expect(lotEnd).toBeGreaterThan(end);
    return { auction, end, lotEnd, extendedLot: auction.lots[0]!, boughtLot: auction.lots[1]! };
  };

  test('A8: the auction shows its last lot\'s end and stays listed as running while it runs; a bought lot ends at its purchase', async () => {
    const { clock, auctioneer, dealer, buyer } = s;
    const tag = runTag();
    const { auction, end, lotEnd, boughtLot } = await extendedAuction(tag);

    const view = (await dealer.get<AuctionView>(paths.auction(auction.idAuction))).body;
    expect(view.endDate).toBe(new Date(lotEnd).toISOString());

    const buy = await buyer.post<OfferAnswer>(paths.offer(auction.idAuction, boughtLot.idLot), { body: { offer: 3000, clickAndBuy: true } });
    expect(describeResult(buy)).toMatch(/^201 /);
    const bought = lotOf((await auctioneer.get<AuctionView>(paths.auction(auction.idAuction))).body, boughtLot.idLot);
    expect(Date.parse(bought.endDate)).toBeLessThanOrEqual(clock.toServer(buy.receivedAt));
    expect(Date.parse(bought.endDate)).toBeGreaterThanOrEqual(clock.toServer(buy.sentAt) - 50);
    expect(Date.parse(buy.body.lotEndDate)).toBe(Date.parse(bought.endDate));

    // Past the auction's scheduled end, while the extended lot runs: listed as running, with that lot's end ahead.
    await sleepUntil(clock, end + 500);
    const running = await dealer.get<{ items: AuctionView[] }>(`${RUNNING}?toSearch=${tag}`);
    const listed = running.body.items.find((a) => a.idAuction === auction.idAuction);
    expect(listed?.status).toBe('RUN');
    expect(listed?.endDate).toBe(new Date(lotEnd).toISOString());
    expect(Date.parse(listed!.endDate)).toBeGreaterThan(clock.now());
    const managed = await auctioneer.get<{ items: { idAuction: string; endDate: string }[] }>(`/api/v1/secure/auction-management?toSearch=${tag}`);
    expect(managed.body.items.find((a) => a.idAuction === auction.idAuction)?.endDate).toBe(new Date(lotEnd).toISOString());
  }, 60_000);

  test('A3: resize-time never cuts a lot\'s extension, and never moves a running auction\'s end earlier (409030)', async () => {
    const { auctioneer } = s;
    const { auction, end, lotEnd, extendedLot } = await extendedAuction(runTag());
    // 5 s after the auction's end: later for the auction, earlier than the extended lot's end, which stays.
    const resized = await auctioneer.patch<AuctionView>(paths.resizeTime(auction.idAuction), { body: { endDate: new Date(end + 5_000).toISOString() } });
    expect(describeResult(resized)).toMatch(/^200 /);
    expect(lotOf(resized.body, extendedLot.idLot).endDate).toBe(new Date(lotEnd).toISOString());
    const earlier = await auctioneer.patch(paths.resizeTime(auction.idAuction), { body: { endDate: new Date(end + 2_000).toISOString() } });
    expect({ status: earlier.status, code: earlier.body?.errorCode }).toEqual({ status: 409, code: ERROR_CODES.AUCTION_END_EARLIER ?? 409030 });
  });

  test('A12: DELETE /api/v1/secure/auction/{id}/ with the trailing slash deletes a scheduled auction', async () => {
    const tag = runTag();
    const start = s.clock.now() + 3_600_000;
    const auction = await create(createAuctionBody({ name: `Slash ${tag}`, startMs: start, endMs: start + 3_600_000, regulationRequired: false,
      extension: { windowSeconds: 0, extendSeconds: 0 }, lots: [lot(`S${tag}`)] }));
    const res = await s.auctioneer.delete(`${paths.auction(auction.idAuction)}/`);
    expect(describeResult(res)).toMatch(/^204 /);
    expect((await s.auctioneer.get(paths.auction(auction.idAuction))).status).toBe(404);
  });
}

describe.each<StorageMode>(['embedded', 'postgres'])('auction time rules (%s)', (mode) => timeRulesSuite(mode));
