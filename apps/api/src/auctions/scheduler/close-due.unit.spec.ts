/**
 * Issue 25, closing rush: while the auction runs, a closing takes only its lots due, not every stream of the auction, and
 * the auction follows its last lot (close-at-end.test-support.ts: the real scheduler, handlers and writer on PGlite).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PgliteEventStore } from '@auction/event-store';
import { streamId } from '@auction/domain';
import { StreamWriter } from '../../platform/engine/stream-writer.js';
import { SoleWriter } from '../../platform/cluster/writer-ownership.js';
import { CloseLotCommand, CloseLotHandler } from '../commands/run-auction.handlers.js';
import { PlaceOfferCommand } from '../commands/place-offer.handler.js';
import { OffersInFlight } from './offers-in-flight.js';
import { clock, dealer, nextCommandId, sleep, harness, runningLot, heldBeforeTheEnd, lotLog, closedBy, offerOf, suite } from './close-at-end.test-support.js';

/**
 * While the auction runs, a closing takes only its lots due, not every stream of the auction (issue 25, closing rush):
 * it does not queue behind the offers of the auction's other lots, and the auction still follows its last lot.
 */
describe('closing only the lots due', () => {
  const ctx = suite(new SoleWriter('solo'));
  const store = ctx.store;
  let h: ReturnType<typeof harness>;
  beforeAll(() => { h = ctx.h; });
  const auctionTypes = async (idAuction: string) => (await store.readStream(streamId.auction(idAuction))).map((e) => e.type);
  async function auctionClosed(idAuction: string, untilMs: number) {
    while (!(await auctionTypes(idAuction)).includes('AuctionClosed') && Date.now() < untilMs) await sleep(10);
    return auctionTypes(idAuction);
  }
  /** Moves a lot's end through the writer (the scheduler re-arms its closing from the log). */
  const reschedule = (idLot: string, endMs: number) => h.writer.execute({
    streams: [streamId.lot(idLot)], metadata: { userId: 'test' },
    decide: () => [{ streamId: streamId.lot(idLot), events: [{ type: 'LotEndRescheduled', data: { idLot, endDate: new Date(endMs).toISOString() } }] }],
    reply: () => undefined,
  });

  it('closes a lot at its end while an offer on another lot of the auction waits for its turn (its idempotency claim)', async () => {
    const { idAuction, lotIds, endMs } = await runningLot(store, h.model, 1_000, 2);
    const [ending, other] = lotIds as [string, string];
    // The other lot ends in an hour: the closing at endMs is the ending lot's alone.
    await reschedule(other, endMs + 3_600_000);
    let claim!: () => void;
    const admit = new Promise<void>((resolve) => (claim = resolve));
    await sleep(endMs - 200 - Date.now());
    // The offer takes the other lot's mailbox and holds it until its claim is stored (here: until the test lets it).
    const pending = h.offer.execute(new PlaceOfferCommand(dealer, idAuction, other, 5000, false, 'k-1', nextCommandId(), Date.now(), admit));
    let settled = false;
    void pending.then(() => (settled = true), () => (settled = true));
    const log = await closedBy(store, ending, endMs + 2_000);
    // Closed while the offer on the other lot still waits (before this change the closing queued behind it).
    expect(log.closedAt).not.toBeNull();
    expect(settled).toBe(false);
    claim();
    expect((await pending).reply).toMatchObject({ offer: 5000, leading: true });
    expect(await auctionTypes(idAuction)).not.toContain('AuctionClosed');
  });

  it('the auction closes with its last lot, once, when its lots end one after the other', async () => {
    const { idAuction, lotIds, endMs } = await runningLot(store, h.model, 1_000, 3);
    for (const [i, id] of lotIds.entries()) {
      if (i === 0) continue;
      await reschedule(id, endMs + 300 * i);
    }
    const types = await auctionClosed(idAuction, endMs + 3_000);
    expect(types.filter((t) => t === 'AuctionClosed')).toHaveLength(1);
    for (const id of lotIds) expect((await lotLog(store, id)).types.at(-1)).toBe('LotClosed');
    // Closed after the last lot, not before it.
    const closedAt = Date.parse(String((await store.readStream(streamId.auction(idAuction))).find((e) => e.type === 'AuctionClosed')!.metadata.time));
    expect(closedAt).toBeGreaterThanOrEqual((await lotLog(store, lotIds[2]!)).closedAt!);
  });

  it('the auction closes when the lot held by an offer in flight closes last, after a later lot closed at its end', async () => {
    const { idAuction, lotIds, endMs, arrivedAt, inTurn } = await heldBeforeTheEnd(store, h, 2, (ids, end) => reschedule(ids[1]!, end + 50));
    const [held, later] = lotIds as [string, string];
    // The later lot closes at its end while the first is held; the first closes once its offer took its turn (or at the
    // cap, on a loaded machine: then the offer is refused), in a pass of its own, and the auction follows it.
    const laterLog = await closedBy(store, later, endMs + 2_000);
    expect(laterLog.closedAt).not.toBeNull();
    await sleep(endMs + 120 - Date.now());
    await h.offer.execute(offerOf(idAuction, held, arrivedAt, inTurn)).catch(() => undefined);
    const heldLog = await closedBy(store, held, endMs + 2_000);
    expect(heldLog.types.at(-1)).toBe('LotClosed');
    expect(heldLog.closedAt!).toBeGreaterThan(laterLog.closedAt!);
    const types = await auctionClosed(idAuction, endMs + 3_000);
    expect(types.filter((t) => t === 'AuctionClosed')).toHaveLength(1);
    const closedAt = Date.parse(String((await store.readStream(streamId.auction(idAuction))).find((e) => e.type === 'AuctionClosed')!.metadata.time));
    expect(closedAt).toBeGreaterThanOrEqual(heldLog.closedAt!);
  });
});

describe('closing only the lots due: a state that went back during the pass', () => {
  const store = new PgliteEventStore();
  beforeAll(() => store.init(), 60_000);
  afterAll(() => store.close());

  it('a lot seen not due that is to be reloaded after the pass (its state went back): the whole auction decides, the lot closes', async () => {
    const writer = new StreamWriter(store, clock.now);
    const close = new CloseLotHandler(writer, new OffersInFlight(clock, new SoleWriter('solo')), clock);
    const now = Date.now();
    const idAuction = `went-back-${now}`;
    const [a, b] = [`went-back-a-${now}`, `went-back-b-${now}`];
    const meta = { userId: 'test' };
    const timing = (endMs: number) => ({ startDate: new Date(now - 60_000).toISOString(), endDate: new Date(endMs).toISOString(), windowSeconds: 0, extendSeconds: 0 });
    await store.append(streamId.auction(idAuction), 0, [
      { type: 'AuctionScheduled', data: { auctionName: 'went back', idMarket: 'IT', auctionType: 'OTH', regulationRequired: false, lotIds: [a, b], idAuction, idOwner: 'owner-1', ...timing(now - 10) }, metadata: meta },
      { type: 'AuctionStarted', data: { idAuction, startedAt: new Date(now - 60_000).toISOString() }, metadata: meta },
    ]);
    for (const [i, [id, endMs]] of ([[a, now - 10], [b, now + 3_600_000]] as const).entries()) {
      await store.append(streamId.lot(id), 0, [{
        type: 'LotScheduled', metadata: meta,
        data: {
          idLot: id, idAuction, idOwner: 'owner-1', lotNumber: i + 1, licensePlate: `WB${i}`, frame: 'ZFA31200000123456', brand: 'Fiat', model: '500',
          basePrice: 5000, minIncrement: 100, reservePrice: null, buyNowPrice: null, ...timing(endMs),
        },
      }]);
      await writer.read(streamId.lot(id));
    }
    // Lot b's end in the store is past (written by no one this writer knows of): the writer still sees it an hour away.
    await store.append(streamId.lot(b), 1, [{ type: 'LotEndRescheduled', data: { idLot: b, endDate: new Date(now - 5).toISOString() }, metadata: meta }]);
    // Once the pass on lot a is done, lot b is to be reloaded (as after an append of its refused by the store).
    const execute = writer.execute.bind(writer);
    const passes: string[][] = [];
    writer.execute = (async (command: Parameters<typeof execute>[0]) => {
      passes.push([...command.streams]);
      const outcome = await execute(command);
      if (passes.length === 1) writer.forget((sid) => sid === streamId.lot(b));
      return outcome;
    }) as typeof writer.execute;
    await close.execute(new CloseLotCommand(idAuction));
    expect(passes[0]).toEqual([streamId.lot(a)]);
    expect(passes[1]).toEqual([streamId.auction(idAuction), streamId.lot(a), streamId.lot(b)]);
    expect((await lotLog(store, b)).types).toEqual(['LotScheduled', 'LotEndRescheduled', 'LotClosed']);
    expect((await store.readStream(streamId.auction(idAuction))).map((e) => e.type)).toContain('AuctionClosed');
  });
});
