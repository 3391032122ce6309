/**
 * Issue 25, closing rush: a lot closes at its end, unless an offer that arrived before that end is still on its way to
 * the lot (then right after it takes its turn), at the latest LOT_CLOSE_CAP_MS after the end. The real scheduler, the
 * real close and offer handlers and the real stream writer, on an in-memory PGlite store; only the command bus is a
 * direct dispatch.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PgliteEventStore, type StoredEvent, type Subscription } from '@auction/event-store';
import { DomainError, streamId } from '@auction/domain';
import { StreamWriter } from '../../platform/engine/stream-writer.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { CommandRunner } from '../../platform/http/command-runner.js';
import type { Consistency } from '../../platform/engine/consistency.js';
import { SoleWriter, type WriterOwnership } from '../../platform/cluster/writer-ownership.js';
import type { Actor } from '../../identity/actor.js';
import { CloseLotCommand, CloseLotHandler } from '../commands/run-auction.handlers.js';
import { PlaceOfferCommand, PlaceOfferHandler } from '../commands/place-offer.handler.js';
import { LOT_CLOSE_CAP_MS, OffersInFlight } from './offers-in-flight.js';
import { TransitionScheduler } from './transition-scheduler.js';

const clock = { now: () => Date.now() };
const dealer: Actor = { idUser: 'dealer-1', username: 'dealer1', roles: ['USER', 'BUYER'], idDealer: 'D-1', flgEnabled: true };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
let seq = 0;

/** The scheduler and both handlers over one store, with `ownership` saying which instances are alive. */
function harness(store: PgliteEventStore, ownership: WriterOwnership) {
  const writer = new StreamWriter(store, clock.now);
  const inFlight = new OffersInFlight(clock, ownership);
  const close = new CloseLotHandler(writer, inFlight);
  const offer = new PlaceOfferHandler(writer);
  const bus = { execute: (c: object) => (c instanceof CloseLotCommand ? close.execute(c) : offer.execute(c as PlaceOfferCommand)) };
  const runner = new CommandRunner(bus as never, { noteWrite: () => undefined } as unknown as Consistency);
  const model = new LiveReadModel();
  const scheduler = new TransitionScheduler(model, runner, clock, ownership, inFlight);
  return { writer, inFlight, offer, model, scheduler };
}

/** A running auction of `count` lots (no extension) ending at `endMs`, once the scheduler knows them; returns their ids. */
async function runningLot(store: PgliteEventStore, model: LiveReadModel, endMs: number, count = 1, extension = { windowSeconds: 0, extendSeconds: 0 }) {
  const n = ++seq;
  const idAuction = `cae-auction-${n}-${Date.now()}`;
  const lotIds = Array.from({ length: count }, (_, i) => `cae-lot-${n}-${i}-${Date.now()}`);
  const idLot = lotIds[0]!;
  const startDate = new Date(Date.now() - 60_000).toISOString();
  const endDate = new Date(endMs).toISOString();
  const timing = { startDate, endDate, ...extension };
  const meta = { userId: 'test' };
  await store.append(streamId.auction(idAuction), 0, [
    { type: 'AuctionScheduled', data: { auctionName: `close at end ${n}`, idMarket: 'IT', auctionType: 'OTH', regulationRequired: false, lotIds, idAuction, idOwner: 'owner-1', ...timing }, metadata: meta },
    { type: 'AuctionStarted', data: { idAuction, startedAt: startDate }, metadata: meta },
  ]);
  for (const [i, id] of lotIds.entries()) {
    await store.append(streamId.lot(id), 0, [{
      type: 'LotScheduled', metadata: meta,
      data: {
        idLot: id, idAuction, idOwner: 'owner-1', lotNumber: i + 1, licensePlate: `CA${n}X${i}`, frame: 'ZFA31200000123456', brand: 'Fiat', model: '500',
        basePrice: 5000, minIncrement: 100, reservePrice: null, buyNowPrice: null, ...timing,
      },
    }]);
  }
  // The scheduler arms its timer when the model folds the lot (the store's subscription delivers it).
  while (!lotIds.every((id) => model.lots.has(streamId.lot(id)))) await sleep(5);
  expect(Date.now()).toBeLessThan(endMs - 100);
  return { idAuction, idLot, lotIds };
}

/** The lot's events, and the decision time of its LotClosed (metadata.time). */
async function lotLog(store: PgliteEventStore, idLot: string) {
  const events = await store.readStream(streamId.lot(idLot));
  const closed = events.find((e) => e.type === 'LotClosed');
  return { types: events.map((e) => e.type), closedAt: closed ? Date.parse(String((closed.metadata as { time?: string }).time)) : null };
}

async function closedBy(store: PgliteEventStore, idLot: string, untilMs: number) {
  for (;;) {
    const log = await lotLog(store, idLot);
    if (log.closedAt !== null || Date.now() > untilMs) return log;
    await sleep(10);
  }
}

const offerOf = (idAuction: string, idLot: string, receivedAt: number, inTurn?: () => void) =>
  new PlaceOfferCommand(dealer, idAuction, idLot, 5000, false, null, `c-${++seq}`, receivedAt, undefined, inTurn);

describe('closing at the end, held by offers in flight (one instance)', () => {
  const store = new PgliteEventStore();
  let subscription: Subscription;
  let h: ReturnType<typeof harness>;

  beforeAll(async () => {
    await store.init();
    h = harness(store, new SoleWriter('solo'));
    subscription = store.subscribe(0, (batch: StoredEvent[]) => h.model.apply(batch));
    h.scheduler.start();
    // The subscription's first delivery is the slow one: a lot ending in an hour warms it up.
    await runningLot(store, h.model, Date.now() + 3_600_000);
  }, 60_000);
  afterAll(async () => {
    h.scheduler.onApplicationShutdown();
    await subscription.close();
    await store.close();
  });

  it('closes a lot with no offer in flight within a few ms of its end', async () => {
    const endMs = Date.now() + 1_000;
    const { idLot } = await runningLot(store, h.model, endMs);
    const log = await closedBy(store, idLot, endMs + 2_000);
    expect(log.closedAt).not.toBeNull();
    const lateness = log.closedAt! - endMs;
    process.stdout.write(`closed ${lateness} ms after its end (nothing in flight)\n`);
    expect(lateness).toBeGreaterThanOrEqual(0);
    expect(lateness).toBeLessThan(30);
  });

  it('judges an offer received before the end but slowed in flight (100 ms past the end) before closing the lot', async () => {
    const endMs = Date.now() + 1_000;
    const { idAuction, idLot } = await runningLot(store, h.model, endMs);
    await sleep(endMs - 50 - Date.now());
    const arrivedAt = Date.now();
    expect(arrivedAt).toBeLessThan(endMs);
    const inTurn = h.inFlight.hold(idLot, () => arrivedAt);
    // Authentication and parsing take their time: the offer reaches the lot's mailbox 100 ms after the end.
    await sleep(endMs + 100 - Date.now());
    expect((await lotLog(store, idLot)).closedAt).toBeNull();
    const outcome = await h.offer.execute(offerOf(idAuction, idLot, arrivedAt, inTurn));
    expect(outcome.reply).toMatchObject({ offer: 5000, leading: true });
    const log = await closedBy(store, idLot, endMs + 2_000);
    expect(log.types).toEqual(['LotScheduled', 'OfferPlaced', 'LotClosed']);
    const lateness = log.closedAt! - endMs;
    process.stdout.write(`closed ${lateness} ms after its end (an offer in flight until end + 100 ms)\n`);
    expect(lateness).toBeGreaterThanOrEqual(100);
    expect(lateness).toBeLessThan(LOT_CLOSE_CAP_MS);
    expect(h.inFlight.size).toBe(0);
  });

  it('holds only the lot with an offer in flight: its neighbour ending at the same instant closes at once', async () => {
    const endMs = Date.now() + 1_000;
    const { idAuction, lotIds } = await runningLot(store, h.model, endMs, 2);
    const [held, free] = lotIds as [string, string];
    await sleep(endMs - 50 - Date.now());
    const arrivedAt = Date.now();
    const inTurn = h.inFlight.hold(held, () => arrivedAt);
    const freeLog = await closedBy(store, free, endMs + 2_000);
    expect(freeLog.closedAt! - endMs).toBeLessThan(30);
    await sleep(endMs + 120 - Date.now());
    expect((await lotLog(store, held)).closedAt).toBeNull();
    await h.offer.execute(offerOf(idAuction, held, arrivedAt, inTurn));
    const heldLog = await closedBy(store, held, endMs + 2_000);
    expect(heldLog.types).toEqual(['LotScheduled', 'OfferPlaced', 'LotClosed']);
    expect(heldLog.closedAt! - endMs).toBeGreaterThanOrEqual(120);
    expect(heldLog.closedAt! - endMs).toBeLessThan(LOT_CLOSE_CAP_MS);
  });

  it('an offer arriving after the end holds nothing and is refused', async () => {
    const endMs = Date.now() + 1_000;
    const { idAuction, idLot } = await runningLot(store, h.model, endMs);
    await sleep(endMs + 5 - Date.now());
    const arrivedAt = Date.now();
    const inTurn = h.inFlight.hold(idLot, () => arrivedAt);
    const log = await closedBy(store, idLot, endMs + 2_000);
    expect(log.closedAt! - endMs).toBeLessThan(LOT_CLOSE_CAP_MS / 2);
    const refused = await h.offer.execute(offerOf(idAuction, idLot, arrivedAt, inTurn)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((await lotLog(store, idLot)).types).toEqual(['LotScheduled', 'LotClosed']);
  });

  it('an offer held past the end that extends its lot: the lot closes at its new end, once, and the held closing stops', async () => {
    const endMs = Date.now() + 1_000;
    const { idAuction, idLot } = await runningLot(store, h.model, endMs, 1, { windowSeconds: 60, extendSeconds: 1 });
    await sleep(endMs - 50 - Date.now());
    const arrivedAt = Date.now();
    const inTurn = h.inFlight.hold(idLot, () => arrivedAt);
    await sleep(endMs + 100 - Date.now());
    const outcome = await h.offer.execute(offerOf(idAuction, idLot, arrivedAt, inTurn));
    expect(outcome.reply).toMatchObject({ lotEndDate: new Date(arrivedAt + 1_000).toISOString() });
    // Past the old end's cap, still open: its closing is the new end's.
    await sleep(endMs + LOT_CLOSE_CAP_MS + 100 - Date.now());
    expect((await lotLog(store, idLot)).closedAt).toBeNull();
    const log = await closedBy(store, idLot, arrivedAt + 3_000);
    expect(log.types).toEqual(['LotScheduled', 'OfferPlaced', 'LotEndExtended', 'LotClosed']);
    const lateness = log.closedAt! - (arrivedAt + 1_000);
    process.stdout.write(`closed ${lateness} ms after its extended end\n`);
    expect(lateness).toBeGreaterThanOrEqual(0);
    expect(lateness).toBeLessThan(30);
    expect(h.scheduler.pending).toBeLessThanOrEqual(1);
  });

  it('a lot withdrawn while its closing is held: never closed, the offer refused, nothing left in flight', async () => {
    const endMs = Date.now() + 1_000;
    const { idAuction, idLot } = await runningLot(store, h.model, endMs);
    await sleep(endMs - 50 - Date.now());
    const arrivedAt = Date.now();
    const inTurn = h.inFlight.hold(idLot, () => arrivedAt);
    await sleep(endMs + 50 - Date.now());
    await h.writer.execute({
      streams: [streamId.lot(idLot)], metadata: { userId: 'test' },
      decide: () => [{ streamId: streamId.lot(idLot), events: [{ type: 'LotWithdrawn', data: { idLot } }] }], reply: () => undefined,
    });
    await sleep(endMs + 100 - Date.now());
    const refused = await h.offer.execute(offerOf(idAuction, idLot, arrivedAt, inTurn)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe(404021); // LOT_NOT_FOUND
    await sleep(endMs + LOT_CLOSE_CAP_MS + 200 - Date.now());
    expect((await lotLog(store, idLot)).types).toEqual(['LotScheduled', 'LotWithdrawn']);
    expect(h.inFlight.size).toBe(0);
  });

  // KNOWN BUG (StreamWriter, not fixed here): the offer's append conflicts (the foreign LotWithdrawn took version 2), its
  // retry queues behind the closing it released, and the closing, pipelined on the offer's failed state (lot OPEN,
  // version 2), appends LotClosed with a matching expected version: LotClosed after LotWithdrawn. Reachable only with two
  // writers of one stream (a writer lease's hand-over). Marked failing so that a fix shows up here.
  it.failing('a lot withdrawn (by another writer) while its closing is held: never closed, the offer refused, nothing left in flight', async () => {
    const endMs = Date.now() + 1_000;
    const { idAuction, idLot } = await runningLot(store, h.model, endMs);
    await sleep(endMs - 50 - Date.now());
    const arrivedAt = Date.now();
    const inTurn = h.inFlight.hold(idLot, () => arrivedAt);
    await sleep(endMs + 50 - Date.now());
    // Appended behind the writer's back: its next command on the lot meets a version conflict and reloads.
    await store.append(streamId.lot(idLot), 1, [{ type: 'LotWithdrawn', data: { idLot }, metadata: { userId: 'test' } }]);
    await sleep(endMs + 100 - Date.now());
    const refused = await h.offer.execute(offerOf(idAuction, idLot, arrivedAt, inTurn)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe(404021); // LOT_NOT_FOUND
    await sleep(endMs + LOT_CLOSE_CAP_MS + 200 - Date.now());
    expect((await lotLog(store, idLot)).types).toEqual(['LotScheduled', 'LotWithdrawn']);
    expect(h.inFlight.size).toBe(0);
  });

  it('caps the wait: an offer stuck in flight does not hold the closing past the cap, and is then refused', async () => {
    const endMs = Date.now() + 1_000;
    const { idAuction, idLot } = await runningLot(store, h.model, endMs);
    await sleep(endMs - 50 - Date.now());
    const arrivedAt = Date.now();
    const inTurn = h.inFlight.hold(idLot, () => arrivedAt);
    const log = await closedBy(store, idLot, endMs + 2_000);
    const lateness = log.closedAt! - endMs;
    process.stdout.write(`closed ${lateness} ms after its end (an offer stuck in flight)\n`);
    expect(lateness).toBeGreaterThanOrEqual(LOT_CLOSE_CAP_MS);
    expect(lateness).toBeLessThan(LOT_CLOSE_CAP_MS + 50);
    const refused = await h.offer.execute(offerOf(idAuction, idLot, arrivedAt, inTurn)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((await lotLog(store, idLot)).types).toEqual(['LotScheduled', 'LotClosed']);
  });
});

describe('closing at the end with other instances alive', () => {
  const store = new PgliteEventStore();
  let subscription: Subscription;
  let h: ReturnType<typeof harness>;
  const ownership: WriterOwnership = { ...new SoleWriter('a'), owned: () => [0], ownsAuction: () => true, liveInstances: () => new Set(['a', 'b']) };

  beforeAll(async () => {
    await store.init();
    h = harness(store, ownership);
    subscription = store.subscribe(0, (batch: StoredEvent[]) => h.model.apply(batch));
    h.scheduler.start();
    // The subscription's first delivery is the slow one: a lot ending in an hour warms it up.
    await runningLot(store, h.model, Date.now() + 3_600_000);
  }, 60_000);
  afterAll(async () => {
    h.scheduler.onApplicationShutdown();
    await subscription.close();
    await store.close();
  });

  it('waits the cap: an offer forwarded by another instance is unseen here until it arrives', async () => {
    const endMs = Date.now() + 1_000;
    const { idAuction, idLot } = await runningLot(store, h.model, endMs);
    // Received by the other instance 20 ms before the end, forwarded, and arriving here 150 ms after it.
    const arrivedAt = endMs - 20;
    await sleep(endMs + 150 - Date.now());
    expect((await lotLog(store, idLot)).closedAt).toBeNull();
    const outcome = await h.offer.execute(offerOf(idAuction, idLot, arrivedAt));
    expect(outcome.reply).toMatchObject({ offer: 5000 });
    const log = await closedBy(store, idLot, endMs + 2_000);
    expect(log.types).toEqual(['LotScheduled', 'OfferPlaced', 'LotClosed']);
    expect(log.closedAt! - endMs).toBeGreaterThanOrEqual(LOT_CLOSE_CAP_MS);
    expect(log.closedAt! - endMs).toBeLessThan(LOT_CLOSE_CAP_MS + 50);
  });
});
