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
  const close = new CloseLotHandler(writer, inFlight, clock);
  const offer = new PlaceOfferHandler(writer);
  // Every closing the scheduler asks for, with its auction and the lots it held back (its reply).
  const closings: { idAuction: string; at: number; held: string[] }[] = [];
  const closeNoted = async (c: CloseLotCommand) => {
    const at = clock.now();
    const outcome = await close.execute(c);
    closings.push({ idAuction: c.idAuction, at, held: outcome.reply });
    return outcome;
  };
  const bus = { execute: (c: object) => (c instanceof CloseLotCommand ? closeNoted(c) : offer.execute(c as PlaceOfferCommand)) };
  const runner = new CommandRunner(bus as never, { noteWrite: () => undefined } as unknown as Consistency);
  const model = new LiveReadModel();
  const scheduler = new TransitionScheduler(model, runner, clock, ownership, inFlight);
  return { writer, inFlight, offer, model, scheduler, closings };
}

/** How many times a test tries what needs the machine's timers on time before it gives up (see {@link inTime}). */
const TRIES = 3;

/** What a try measured when it ran too late for the timing it tests. */
class Missed {
  constructor(readonly measured: string) {}
}

/**
 * Runs `attempt` until one ran in time, at most {@link TRIES} times: on a loaded machine (a fresh-clone CI run beside
 * another test process) timers and deliveries come seconds late. An attempt returns its outcome, or {@link Missed} when
 * it was too late; after TRIES misses, fails with `what` and every measure.
 */
async function inTime<T>(what: string, attempt: () => Promise<T | Missed>): Promise<Exclude<T, Missed>> {
  const misses: string[] = [];
  for (let i = 0; i < TRIES; i++) {
    const outcome = await attempt();
    if (!(outcome instanceof Missed)) return outcome as Exclude<T, Missed>;
    misses.push(outcome.measured);
    process.stdout.write(`${what}: try ${i + 1} too late (${outcome.measured})\n`);
  }
  throw new Error(`${what}: all ${TRIES} tries too late for the timing to be judged (machine too loaded): ${misses.join('; ')}`);
}

/** Whether `at` is past a lot's cap (ended at `endMs`), or within the few ms a timer may fire early on `Date.now()`. */
const pastTheCap = (endMs: number, at: number) => at > endMs + LOT_CLOSE_CAP_MS - 5;

/** How long before its end a lot must be known to the scheduler for a test to act (hold, offer) before that end, ms. */
const LEAD_MARGIN_MS = 100;

/**
 * A running auction of `count` lots ending `leadMs` from now, once the scheduler knows them: their ids and the end
 * chosen (`endMs`). Lots folded too late (a loaded CI run: 2.8 s for a lead of 1 s) give their auction up (it closes
 * on its own; the tests look only at their own ids) and another is made (see {@link inTime}).
 */
async function runningLot(store: PgliteEventStore, model: LiveReadModel, leadMs: number, count = 1, extension = { windowSeconds: 0, extendSeconds: 0 }) {
  return inTime(`${count} lot(s) running ${LEAD_MARGIN_MS} ms before an end ${leadMs} ms away`, async () => {
    const endMs = Date.now() + leadMs;
    const ids = await scheduleRunning(store, endMs, count, extension);
    // The scheduler arms its timer when the model folds the lot (the store's subscription delivers it).
    while (!ids.lotIds.every((id) => model.lots.has(streamId.lot(id)))) await sleep(5);
    const seenAt = Date.now();
    if (seenAt >= endMs - LEAD_MARGIN_MS) return new Missed(`running ${seenAt - (endMs - leadMs)} ms after written`);
    return { ...ids, endMs };
  });
}

/** Writes a running auction of `count` lots ending at `endMs`; returns their ids. */
async function scheduleRunning(store: PgliteEventStore, endMs: number, count: number, extension: { windowSeconds: number; extendSeconds: number }) {
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
  return { idAuction, idLot, lotIds };
}

/** The lot's events, and the decision time of its LotClosed (metadata.time). */
/**
 * An offer held in flight on the first of `count` lots 50 ms before their end (lots of a 1 s lead): the auction, its
 * lots and end, when the offer arrived, its release, and how many closings were noted before. `prepare` runs on the lots
 * first (e.g. moves another's end). A hold placed 10 ms or less before the end (the test woke late on a loaded machine:
 * fresh-clone CI, held 20 ms past it, and the lot closed at its end unheld) is released and the scenario is tried again
 * on a new auction ({@link inTime}).
 */
async function heldBeforeTheEnd(
  store: PgliteEventStore, h: Pick<ReturnType<typeof harness>, 'model' | 'inFlight' | 'closings'>, count: number,
  prepare?: (lotIds: string[], endMs: number) => Promise<unknown>,
) {
  return inTime('an offer held in flight 50 ms before its lot\'s end', async () => {
    const lot = await runningLot(store, h.model, 1_000, count);
    await prepare?.(lot.lotIds, lot.endMs);
    const before = h.closings.length;
    await sleep(lot.endMs - 50 - Date.now());
    const arrivedAt = Date.now();
    const inTurn = h.inFlight.hold(lot.idLot, () => arrivedAt);
    if (arrivedAt > lot.endMs - 10) {
      inTurn();
      return new Missed(`held ${arrivedAt - lot.endMs} ms from the end`);
    }
    return { ...lot, arrivedAt, inTurn, before };
  });
}

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

/** A describe's store and harness, started before its tests and stopped after them (`h` is set in beforeAll). */
function suite(ownership: WriterOwnership) {
  const store = new PgliteEventStore();
  let subscription: Subscription;
  const ctx = { store, h: undefined as unknown as ReturnType<typeof harness> };
  beforeAll(async () => {
    await store.init();
    ctx.h = harness(store, ownership);
    subscription = store.subscribe(0, (batch: StoredEvent[]) => ctx.h.model.apply(batch));
    ctx.h.scheduler.start();
    // The subscription's first delivery is the slow one: a lot ending in an hour warms it up.
    await runningLot(store, ctx.h.model, 3_600_000);
  }, 60_000);
  afterAll(async () => {
    ctx.h.scheduler.onApplicationShutdown();
    await subscription.close();
    await store.close();
  });
  return ctx;
}

/**
 * The closings of `idAuction` asked for from `before` on, up to the one that closed `idLot` (a closing names the lots it
 * held; one that did not hold the lot, closed it). How late a closing is, is the timers' and the machine's (a loaded CI
 * run: 130 ms for one that held nothing), and the closing-rush bench measures it; these say what the code decided.
 */
async function closingsOf(h: ReturnType<typeof harness>, before: number, idAuction: string, idLot: string) {
  for (const until = Date.now() + 2_000; Date.now() < until; await sleep(5)) {
    const mine = h.closings.slice(before).filter((c) => c.idAuction === idAuction);
    const closer = mine.findIndex((c) => !c.held.includes(idLot));
    if (closer >= 0) return mine.slice(0, closer + 1);
  }
  throw new Error(`no closing closed ${idLot}`);
}

describe('closing at the end, held by offers in flight (one instance)', () => {
  const ctx = suite(new SoleWriter('solo'));
  const store = ctx.store;
  let h: ReturnType<typeof harness>;
  beforeAll(() => { h = ctx.h; });

  it('closes a lot with no offer in flight at its end, in the first closing, held by nothing', async () => {
    const { idAuction, idLot, endMs } = await runningLot(store, h.model, 1_000);
    const before = h.closings.length;
    const log = await closedBy(store, idLot, endMs + 5_000);
    expect(log.closedAt).not.toBeNull();
    const lateness = log.closedAt! - endMs;
    process.stdout.write(`closed ${lateness} ms after its end (nothing in flight)\n`);
    expect(lateness).toBeGreaterThanOrEqual(0);
    // One closing, asked for at the end, that held nothing back.
    const mine = await closingsOf(h, before, idAuction, idLot);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.at).toBeGreaterThanOrEqual(endMs);
    expect(mine[0]!.held).toEqual([]);
  });

  it('judges an offer received before the end but slowed in flight (100 ms past the end) before closing the lot', async () => {
    const { idAuction, idLot, endMs } = await runningLot(store, h.model, 1_000);
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
    const { idAuction, lotIds, endMs } = await runningLot(store, h.model, 1_000, 2);
    const [held, free] = lotIds as [string, string];
    const before = h.closings.length;
    await sleep(endMs - 50 - Date.now());
    const arrivedAt = Date.now();
    const inTurn = h.inFlight.hold(held, () => arrivedAt);
    const freeLog = await closedBy(store, free, endMs + 2_000);
    expect(freeLog.closedAt! - endMs).toBeGreaterThanOrEqual(0);
    // The first closing, at the end, closed the free lot and held only the other.
    expect(await closingsOf(h, before, idAuction, free)).toEqual([{ idAuction, at: expect.any(Number), held: [held] }]);
    await sleep(endMs + 120 - Date.now());
    const early = (await lotLog(store, held)).closedAt;
    // Held until its offer takes its turn, at the latest the cap. On a loaded machine (a fresh-clone CI run) the test can
    // get here past the cap: then the lot closed at the cap, by design, and the offer is refused.
    if (early !== null) expect(early - endMs).toBeGreaterThanOrEqual(LOT_CLOSE_CAP_MS);
    const offered = await h.offer.execute(offerOf(idAuction, held, arrivedAt, inTurn)).then(() => true, () => false);
    const heldLog = await closedBy(store, held, endMs + 2_000);
    if (offered) {
      expect(heldLog.types).toEqual(['LotScheduled', 'OfferPlaced', 'LotClosed']);
      expect(heldLog.closedAt! - endMs).toBeGreaterThanOrEqual(120);
    } else {
      expect(heldLog.types).toEqual(['LotScheduled', 'LotClosed']);
      expect(heldLog.closedAt! - endMs).toBeGreaterThanOrEqual(LOT_CLOSE_CAP_MS);
    }
    expect(offered || pastTheCap(endMs, Date.now())).toBe(true);
    expect(h.inFlight.size).toBe(0);
  });

  it('an offer arriving after the end holds nothing and is refused', async () => {
    const { idAuction, idLot, endMs } = await runningLot(store, h.model, 1_000);
    const before = h.closings.length;
    await sleep(endMs + 5 - Date.now());
    const arrivedAt = Date.now();
    const inTurn = h.inFlight.hold(idLot, () => arrivedAt);
    const log = await closedBy(store, idLot, endMs + 2_000);
    expect(log.closedAt).not.toBeNull();
    expect((await closingsOf(h, before, idAuction, idLot)).map((c) => c.held)).toEqual([[]]);
    const refused = await h.offer.execute(offerOf(idAuction, idLot, arrivedAt, inTurn)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((await lotLog(store, idLot)).types).toEqual(['LotScheduled', 'LotClosed']);
  });

  it('an offer held past the end that extends its lot: the lot closes at its new end, once, and the held closing stops', async () => {
    const { idAuction, idLot, endMs } = await runningLot(store, h.model, 1_000, 1, { windowSeconds: 60, extendSeconds: 1 });
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
    // Closed by the first closing asked for at its new end, holding nothing (noted once the command has returned: after
    // the auction followed its last lot, in a second decision).
    const closerOf = () => h.closings.find((c) => c.idAuction === idAuction && c.at >= arrivedAt + 1_000);
    for (const until = Date.now() + 2_000; !closerOf() && Date.now() < until; ) await sleep(5);
    expect(closerOf()?.held).toEqual([]);
    expect(h.scheduler.pending).toBeLessThanOrEqual(1);
  });

  /**
   * A lot whose closing an offer (arrived 50 ms before the end) holds, withdrawn by `withdraw` 50 ms after its end, then
   * the offer, tried again on a new lot until a try was held at the end and withdrawn within the cap (past the cap, on a
   * loaded machine, the lot closed at the cap, by design). Every try's offer releases its hold.
   */
  function withdrawnWhileHeld(withdraw: (idLot: string) => Promise<unknown>) {
    return inTime('a lot held at its end and withdrawn within the cap', async () => {
      const { idAuction, idLot, endMs } = await runningLot(store, h.model, 1_000);
      await sleep(endMs - 50 - Date.now());
      const arrivedAt = Date.now();
      const inTurn = h.inFlight.hold(idLot, () => arrivedAt);
      await sleep(endMs + 50 - Date.now());
      const withdrawError = await withdraw(idLot).then(() => null, (e: unknown) => e);
      const withdrawnAt = Date.now();
      await sleep(endMs + 100 - Date.now());
      const refused = await h.offer.execute(offerOf(idAuction, idLot, arrivedAt, inTurn)).catch((e: unknown) => e);
      expect(h.inFlight.size).toBe(0);
      if (arrivedAt >= endMs || pastTheCap(endMs, withdrawnAt)) {
        return new Missed(`held ${endMs - arrivedAt} ms before the end, withdrawn ${withdrawnAt - endMs} ms after it (cap ${LOT_CLOSE_CAP_MS} ms)`);
      }
      return { idLot, endMs, withdrawError, refused };
    });
  }

  /** The strict outcome of a try within the cap: withdrawn, the offer refused, and the lot never closed (past the cap). */
  async function expectWithdrawnNeverClosed({ idLot, endMs, withdrawError, refused }: Awaited<ReturnType<typeof withdrawnWhileHeld>>) {
    expect(withdrawError).toBeNull();
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe(404021); // LOT_NOT_FOUND
    await sleep(endMs + LOT_CLOSE_CAP_MS + 200 - Date.now());
    expect((await lotLog(store, idLot)).types).toEqual(['LotScheduled', 'LotWithdrawn']);
    expect(h.inFlight.size).toBe(0);
  }

  it('a lot withdrawn while its closing is held: never closed, the offer refused, nothing left in flight', async () => {
    await expectWithdrawnNeverClosed(await withdrawnWhileHeld((idLot) => h.writer.execute({
      streams: [streamId.lot(idLot)], metadata: { userId: 'test' },
      decide: () => [{ streamId: streamId.lot(idLot), events: [{ type: 'LotWithdrawn', data: { idLot } }] }], reply: () => undefined,
    })));
  });

  // The offer's append conflicts (the foreign LotWithdrawn took version 2) after it released the closing, which decided
  // on the offer's state (lot open, version 2): the store refuses the closing's append too (the stream's chain), though
  // its expected version matches, and both decide again in arrival order on the reloaded lot. Reachable only with two
  // writers of one stream (a writer lease's hand-over).
  it('a lot withdrawn (by another writer) while its closing is held: never closed, the offer refused, nothing left in flight', async () => {
    // Appended behind the writer's back: its next command on the lot meets a version conflict and reloads.
    await expectWithdrawnNeverClosed(await withdrawnWhileHeld((idLot) =>
      store.append(streamId.lot(idLot), 1, [{ type: 'LotWithdrawn', data: { idLot }, metadata: { userId: 'test' } }])));
  });

  it('caps the wait: an offer stuck in flight does not hold the closing past the cap, and is then refused', async () => {
    const { idAuction, idLot, endMs, arrivedAt, inTurn, before } = await heldBeforeTheEnd(store, h, 1);
    const log = await closedBy(store, idLot, endMs + 2_000);
    const lateness = log.closedAt! - endMs;
    process.stdout.write(`closed ${lateness} ms after its end (an offer stuck in flight)\n`);
    expect(lateness).toBeGreaterThanOrEqual(LOT_CLOSE_CAP_MS);
    // Held at the end, closed by the closing the cap asked for (not a later one): every closing before held it.
    const mine = await closingsOf(h, before, idAuction, idLot);
    expect(mine.at(-1)!.at).toBeGreaterThanOrEqual(endMs + LOT_CLOSE_CAP_MS - 2);
    expect(mine.slice(0, -1).every((c) => c.held.includes(idLot) && c.at < endMs + LOT_CLOSE_CAP_MS)).toBe(true);
    const refused = await h.offer.execute(offerOf(idAuction, idLot, arrivedAt, inTurn)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((await lotLog(store, idLot)).types).toEqual(['LotScheduled', 'LotClosed']);
  });
});

describe('closing at the end with other instances alive', () => {
  const ownership: WriterOwnership = { ...new SoleWriter('a'), owned: () => [0], ownsAuction: () => true, liveInstances: () => new Set(['a', 'b']) };
  const ctx = suite(ownership);
  const store = ctx.store;
  let h: ReturnType<typeof harness>;
  beforeAll(() => { h = ctx.h; });

  it('waits the cap: an offer forwarded by another instance is unseen here until it arrives', async () => {
    const { idAuction, idLot, endMs } = await runningLot(store, h.model, 1_000);
    const before = h.closings.length;
    // Received by the other instance 20 ms before the end, forwarded, and arriving here 150 ms after it.
    const arrivedAt = endMs - 20;
    await sleep(endMs + 150 - Date.now());
    expect((await lotLog(store, idLot)).closedAt).toBeNull();
    const outcome = await h.offer.execute(offerOf(idAuction, idLot, arrivedAt));
    expect(outcome.reply).toMatchObject({ offer: 5000 });
    const log = await closedBy(store, idLot, endMs + 2_000);
    expect(log.types).toEqual(['LotScheduled', 'OfferPlaced', 'LotClosed']);
    expect(log.closedAt! - endMs).toBeGreaterThanOrEqual(LOT_CLOSE_CAP_MS);
    // Closed by the closing the cap asked for; every one before it held the lot.
    const mine = await closingsOf(h, before, idAuction, idLot);
    expect(mine.at(-1)!.at).toBeGreaterThanOrEqual(endMs + LOT_CLOSE_CAP_MS - 2);
    expect(mine.slice(0, -1).every((c) => c.held.includes(idLot))).toBe(true);
  });
});

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
    const pending = h.offer.execute(new PlaceOfferCommand(dealer, idAuction, other, 5000, false, 'k-1', `c-${++seq}`, Date.now(), admit));
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
