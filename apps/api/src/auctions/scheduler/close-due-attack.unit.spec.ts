/**
 * Attacks on closing only the lots due (df6a591, issue 25: a closing takes the lots due, and the whole auction only once
 * none is left open): races of closings of different instants, a buy-now of the last lot, offers in flight, extensions in
 * the last second, and appends the store refuses in the middle. The real scheduler, close and offer handlers and stream
 * writer, on an in-memory PGlite store, and on PostgreSQL (group committer) when DATABASE_URL is set; only the command
 * bus is a direct dispatch, and a store wrapper refuses chosen appends (a connection lost mid-commit).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import {
  PgliteEventStore, PostgresEventStore, type EventStore, type NewEvent, type StoredEvent, type StreamAppend, type Subscription,
} from '@auction/event-store';
import { streamId } from '@auction/domain';
import { StreamWriter } from '../../platform/engine/stream-writer.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { CommandRunner } from '../../platform/http/command-runner.js';
import type { Consistency } from '../../platform/engine/consistency.js';
import { SoleWriter, type WriterOwnership } from '../../platform/cluster/writer-ownership.js';
import type { Actor } from '../../identity/actor.js';
import { CloseLotCommand, CloseLotHandler } from '../commands/run-auction.handlers.js';
import { PlaceOfferCommand, PlaceOfferHandler, type PlaceOfferOutcome } from '../commands/place-offer.handler.js';
import { OffersInFlight } from './offers-in-flight.js';
import { TransitionScheduler } from './transition-scheduler.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const dealers: Actor[] = [1, 2, 3].map((n) => ({ idUser: `cda-dealer-${n}`, username: `cda${n}`, roles: ['USER', 'BUYER'], idDealer: `D-${n}`, flgEnabled: true }));
let seq = 0;

/** Decides whether an append is refused: a promise of the error (settled when the refusal comes), or null to pass it on. */
type Refusal = (streamId: string, events: readonly NewEvent[]) => Promise<Error> | null;

/** `inner` with the appends `refuse` picks refused (nothing of them written), as when the connection drops mid-commit. */
function refusing(inner: EventStore, refuse: { rule: Refusal | null }): EventStore {
  const refusalOf = (parts: readonly { streamId: string; events: readonly NewEvent[] }[]) => {
    for (const p of parts) {
      const refusal = refuse.rule?.(p.streamId, p.events);
      if (refusal) return refusal;
    }
    return null;
  };
  return new Proxy(inner, {
    get(target, property) {
      if (property === 'append') {
        return (sid: string, expected: number | 'any', events: NewEvent[], chain?: StreamAppend['chain']) => {
          const refusal = refusalOf([{ streamId: sid, events }]);
          return refusal ? refusal.then((e) => Promise.reject(e)) : target.append(sid, expected, events, chain);
        };
      }
      if (property === 'appendMulti') {
        return (appends: StreamAppend[]) => {
          const refusal = refusalOf(appends);
          return refusal ? refusal.then((e) => Promise.reject(e)) : target.appendMulti(appends);
        };
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const stores: [string, () => EventStore][] = [['pglite', () => new PgliteEventStore()]];
if (process.env.DATABASE_URL) stores.push(['postgresql', () => new PostgresEventStore(process.env.DATABASE_URL!)]);

/** The scheduler and the close and offer handlers over `store`, its read model fed from `inner` after `from`. */
function harness(inner: EventStore, store: EventStore, from: number, ownership: WriterOwnership = new SoleWriter('solo')) {
  const clock = { now: () => Date.now() };
  const writer = new StreamWriter(store, clock.now);
  const inFlight = new OffersInFlight(clock, ownership);
  const close = new CloseLotHandler(writer, inFlight, clock);
  const offerHandler = new PlaceOfferHandler(writer);
  const bus = { execute: (c: object) => (c instanceof CloseLotCommand ? close.execute(c) : offerHandler.execute(c as PlaceOfferCommand)) };
  const runner = new CommandRunner(bus as never, { noteWrite: () => undefined } as unknown as Consistency);
  const model = new LiveReadModel();
  const scheduler = new TransitionScheduler(model, runner, clock, ownership, inFlight);
  const subscription: Subscription = inner.subscribe(from, (batch: StoredEvent[]) => model.apply(batch));
  const stop = async () => {
    scheduler.onApplicationShutdown();
    await subscription.close();
  };
  return { writer, inFlight, runner, model, scheduler, stop };
}

interface LotSpec { endMs: number; window?: number; extend?: number; buyNowPrice?: number }

/** A running auction with these lots, once `model` (the scheduler's) knows them: its timers armed. Returns their ids. */
async function runningAuction(inner: EventStore, model: LiveReadModel, lots: readonly LotSpec[]) {
  const n = ++seq;
  const stamp = `${n}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;
  const idAuction = `cda-auction-${stamp}`;
  const lotIds = lots.map((_, i) => `cda-lot-${stamp}-${i}`);
  const startDate = new Date(Date.now() - 60_000).toISOString();
  const meta = { userId: 'test' };
  const lastEnd = Math.max(...lots.map((l) => l.endMs));
  await inner.append(streamId.auction(idAuction), 0, [
    {
      type: 'AuctionScheduled', metadata: meta,
      data: {
        auctionName: `attack ${n}`, idMarket: 'IT', auctionType: 'OTH', regulationRequired: false, lotIds, idAuction, idOwner: 'owner-1',
        startDate, endDate: new Date(lastEnd).toISOString(), windowSeconds: 0, extendSeconds: 0,
      },
    },
    { type: 'AuctionStarted', data: { idAuction, startedAt: startDate }, metadata: meta },
  ]);
  for (const [i, id] of lotIds.entries()) {
    const l = lots[i]!;
    await inner.append(streamId.lot(id), 0, [{
      type: 'LotScheduled', metadata: meta,
      data: {
        idLot: id, idAuction, idOwner: 'owner-1', lotNumber: i + 1, licensePlate: `CD${n}X${i}`, frame: 'ZFA31200000123456', brand: 'Fiat', model: '500',
        basePrice: 5000, minIncrement: 100, reservePrice: null, buyNowPrice: l.buyNowPrice ?? null,
        startDate, endDate: new Date(l.endMs).toISOString(), windowSeconds: l.window ?? 0, extendSeconds: l.extend ?? 0,
      },
    }]);
  }
  while (!lotIds.every((id) => model.lots.has(streamId.lot(id)))) await sleep(5);
  expect(Date.now()).toBeLessThan(Math.min(...lots.map((l) => l.endMs)) - 200);
  return { idAuction, lotIds };
}

describe.each(stores)('closing only the lots due, attacked (%s)', (_name, make) => {
  const inner = make();
  const refuse: { rule: Refusal | null } = { rule: null };
  const store = refusing(inner, refuse);
  let h: ReturnType<typeof harness>;

  beforeAll(async () => {
    await inner.init();
    h = harness(inner, store, await inner.headPosition());
    h.scheduler.start();
    // The subscription's first delivery is the slow one: an auction ending in an hour warms it up.
    await runningAuction(inner, h.model, [{ endMs: Date.now() + 3_600_000 }]);
  }, 60_000);
  afterAll(async () => {
    await h.stop();
    await inner.close();
  });
  afterEach(() => {
    refuse.rule = null;
  });

  /** An offer as the controller sends it: judged at `receivedAt`; a buy-now is followed by the auction's closing. */
  async function offer(idAuction: string, idLot: string, amount: number, receivedAt: number, opts: { buyNow?: boolean; inTurn?: () => void; dealer?: Actor } = {}) {
    const command = new PlaceOfferCommand(
      opts.dealer ?? dealers[0]!, idAuction, idLot, amount, opts.buyNow === true, null, `c-${++seq}`, receivedAt, undefined, opts.inTurn,
    );
    const outcome = (await h.runner.system<PlaceOfferOutcome['reply']>(command)) as PlaceOfferOutcome;
    if (outcome.reply.closedByBuyNow) void h.runner.system(new CloseLotCommand(idAuction)).catch(() => undefined);
    return outcome.reply;
  }

  const typesOf = async (sid: string) => (await inner.readStream(sid)).map((e) => e.type);

  /** Waits (up to `untilMs`) for the auction's AuctionClosed; returns the auction's events. */
  async function auctionClosed(idAuction: string, untilMs: number) {
    for (;;) {
      const events = await inner.readStream(streamId.auction(idAuction));
      if (events.some((e) => e.type === 'AuctionClosed') || Date.now() > untilMs) return events;
      await sleep(20);
    }
  }

  /**
   * What must hold once an auction is over: every lot closed once, never before its end (its extensions included), no
   * offer after its lot's end or closing; the auction closed once, after every lot closed (global order).
   */
  async function expectOver(idAuction: string, lotIds: readonly string[], untilMs: number) {
    const auction = await auctionClosed(idAuction, untilMs);
    const lastClosing: number[] = [];
    for (const id of lotIds) {
      const events = await inner.readStream(streamId.lot(id));
      let endMs = Number.NaN;
      let closed: StoredEvent | null = null;
      for (const e of events) {
        const data = e.data as { endDate?: string; placedAt?: string; reason?: string };
        if (e.type === 'LotScheduled' || e.type === 'LotEndExtended' || e.type === 'LotEndRescheduled') endMs = Date.parse(data.endDate!);
        if (e.type === 'OfferPlaced') {
          expect(closed).toBeNull();
          expect(Date.parse(data.placedAt!)).toBeLessThan(endMs);
        }
        if (e.type === 'LotClosed') {
          expect(closed).toBeNull();
          closed = e;
          if (data.reason === 'END') expect(Date.parse(String(e.metadata.time))).toBeGreaterThanOrEqual(endMs);
        }
      }
      expect({ idLot: id, closed: closed !== null, types: events.map((e) => e.type) }).toMatchObject({ closed: true });
      lastClosing.push(closed!.position);
    }
    const closings = auction.filter((e) => e.type === 'AuctionClosed');
    expect(closings).toHaveLength(1);
    expect(closings[0]!.position).toBeGreaterThan(Math.max(...lastClosing));
  }

  // The lot's own closing fires while the offer's extension is in the writer's state only (its append not yet stored),
  // so the lot is seen not due and left out; then the store loses that append (the offer fails: 500). The lot's end is
  // its first one after all, long past, and nothing would ever close it: no event reaches the read model to arm a timer.
  it('an extension the store loses after the lot\'s closing fired: the lot still closes at its end, and the auction follows', async () => {
    // The offer must be decided before the end: 300 ms ahead of it, on a new auction when a loaded machine (a fresh-clone
    // CI run) got here later than that (fresh-clone run 42: an offer sent 50 ms ahead was decided after the end).
    let endMs = 0;
    let lotIds: string[] = [];
    let idAuction = '';
    for (let tries = 1; ; tries++) {
      endMs = Date.now() + 1_500;
      ({ idAuction, lotIds } = await runningAuction(inner, h.model, [{ endMs, window: 60, extend: 1 }]));
      if (Date.now() < endMs - 400 || tries === 3) break;
    }
    const [idLot] = lotIds as [string];
    let lose!: () => void;
    const lost = new Promise<Error>((resolve) => (lose = () => resolve(new Error('Connection terminated unexpectedly'))));
    refuse.rule = (sid, events) => (sid === streamId.lot(idLot) && events.some((e) => e.type === 'LotEndExtended') ? lost : null);
    await sleep(endMs - 300 - Date.now());
    const failed = offer(idAuction, idLot, 5000, Date.now()).catch((e: unknown) => e);
    await sleep(endMs + 150 - Date.now());
    expect(await typesOf(streamId.lot(idLot))).toEqual(['LotScheduled']);
    lose();
    expect(await failed).toBeInstanceOf(Error);
    refuse.rule = null;
    await expectOver(idAuction, lotIds, endMs + 4_000);
    expect(await typesOf(streamId.lot(idLot))).toEqual(['LotScheduled', 'LotClosed']);
  });

  it('two closings of instants 7 ms apart, both held by offers in flight, and a buy-now of the third lot between them: all close once, the auction once after them', async () => {
    const endMs = Date.now() + 1_200;
    const { idAuction, lotIds } = await runningAuction(inner, h.model, [{ endMs }, { endMs: endMs + 7 }, { endMs: endMs + 3_600_000, buyNowPrice: 9000 }]);
    const [a, b, c] = lotIds as [string, string, string];
    await sleep(endMs - 30 - Date.now());
    const arrivedA = Date.now();
    const releaseA = h.inFlight.hold(a, () => arrivedA);
    const arrivedB = Date.now();
    const releaseB = h.inFlight.hold(b, () => arrivedB);
    await sleep(endMs + 20 - Date.now());
    expect((await offer(idAuction, c, 9000, Date.now(), { buyNow: true, dealer: dealers[2]! })).closedByBuyNow).toBe(true);
    await sleep(endMs + 40 - Date.now());
    // Accepted unless a loaded machine took them past the cap (then refused, the lots closed at it).
    await Promise.all([
      offer(idAuction, a, 5000, arrivedA, { inTurn: releaseA }).catch(() => releaseA()),
      sleep(5).then(() => offer(idAuction, b, 5000, arrivedB, { inTurn: releaseB, dealer: dealers[1]! })).catch(() => releaseB()),
    ]);
    await expectOver(idAuction, lotIds, endMs + 4_000);
  });

  it('the auction\'s closing refused by the store once its last lot closed: the scheduler closes it on its retry', async () => {
    const endMs = Date.now() + 1_200;
    const { idAuction, lotIds } = await runningAuction(inner, h.model, [{ endMs }, { endMs: endMs + 100 }]);
    let refusals = 0;
    refuse.rule = (sid, events) => {
      if (sid !== streamId.auction(idAuction) || !events.some((e) => e.type === 'AuctionClosed') || refusals++ > 0) return null;
      return Promise.resolve(new Error('Connection terminated unexpectedly'));
    };
    await expectOver(idAuction, lotIds, endMs + 4_000);
    expect(refusals).toBeGreaterThanOrEqual(1);
  });

  // Random interleavings on three auctions at once: lots ending within 200 ms of each other (two per instant), offers a
  // little before and after their ends, half of them slowed in flight, extensions, a buy-now. Whatever the order, every
  // lot closes once at (or after) its end, no offer after it, and each auction closes once, after its last lot.
  it('random closings, offers in flight, extensions and buy-nows on three auctions at once keep every invariant', async () => {
    const base = Date.now() + 1_500;
    const auctions = await Promise.all([0, 1, 2].map(() => runningAuction(inner, h.model, [
      { endMs: base, window: 1, extend: 0.3 }, { endMs: base }, { endMs: base + 60, window: 1, extend: 0.2 },
      { endMs: base + 60, buyNowPrice: 9000 }, { endMs: base + 200, window: 1, extend: 0.1 },
    ])));
    const sends: Promise<unknown>[] = [];
    for (const { idAuction, lotIds } of auctions) {
      for (const [i, id] of lotIds.entries()) {
        const lotEnd = base + [0, 0, 60, 60, 200][i]!;
        for (let k = 0; k < 3; k++) {
          const at = lotEnd - 150 + Math.floor(Math.random() * 220);
          const slowed = Math.random() < 0.5 ? Math.floor(Math.random() * 200) : 0;
          const buyNow = i === 3 && k === 1;
          const value = buyNow ? 9000 : 5000 + 100 * k;
          sends.push(sleep(at - Date.now()).then(async () => {
            const arrivedAt = Date.now();
            const release = slowed > 0 ? h.inFlight.hold(id, () => arrivedAt) : undefined;
            if (slowed > 0) await sleep(slowed);
            return offer(idAuction, id, value, arrivedAt, { buyNow, inTurn: release, dealer: dealers[k % dealers.length]! }).catch(() => release?.());
          }));
        }
      }
    }
    await Promise.all(sends);
    for (const { idAuction, lotIds } of auctions) await expectOver(idAuction, lotIds, base + 5_000);
    expect(h.inFlight.size).toBe(0);
  });
});

describe.each(stores)('a restart between a lot\'s closing and its auction\'s (%s)', (_name, make) => {
  const inner = make();
  beforeAll(() => inner.init(), 60_000);
  afterAll(() => inner.close());

  it('the lot closed, the auction\'s closing refused until the instance stopped: the next instance closes the auction at its start-up', async () => {
    const from = await inner.headPosition();
    const owns = { on: true };
    const ownership: WriterOwnership = { instanceId: 'first', shards: 1, ready: true, owned: () => [0], ownsAuction: () => owns.on, liveInstances: () => null };
    let refusals = 0;
    const refuse: { rule: Refusal | null } = {
      rule: (_sid, events) => {
        if (!events.some((e) => e.type === 'AuctionClosed')) return null;
        refusals++;
        return Promise.resolve(new Error('Connection terminated unexpectedly'));
      },
    };
    const first = harness(inner, refusing(inner, refuse), from, ownership);
    first.scheduler.start();
    const endMs = Date.now() + 1_200;
    const { idAuction, lotIds } = await runningAuction(inner, first.model, [{ endMs }, { endMs: endMs + 50 }]);
    while (refusals === 0 && Date.now() < endMs + 3_000) await sleep(20);
    expect(refusals).toBeGreaterThan(0);
    // The lots' closings are durable, if not yet then soon: the auction's closing is decided on the lots' pending states
    // and refused at once, while the last lot's closing may still be committing (fresh-clone run 65 on PostgreSQL: the
    // lot's stream read right after the refusal held only LotScheduled).
    const lotTypes = () => Promise.all(lotIds.map(async (id) => (await inner.readStream(streamId.lot(id))).map((e) => e.type)));
    let lots = await lotTypes();
    for (const until = Date.now() + 3_000; lots.some((types) => types.length < 2) && Date.now() < until; await sleep(20)) lots = await lotTypes();
    for (const types of lots) expect(types).toEqual(['LotScheduled', 'LotClosed']);
    // The instance goes down (its retries stop with its lease), the auction still running with both lots closed.
    owns.on = false;
    await first.stop();
    expect((await inner.readStream(streamId.auction(idAuction))).map((e) => e.type)).toEqual(['AuctionScheduled', 'AuctionStarted']);
    const second = harness(inner, inner, from);
    try {
      while (![...lotIds].every((id) => second.model.lots.get(streamId.lot(id))?.status === 'CLOSED')) await sleep(10);
      second.scheduler.start();
      let types: string[] = [];
      for (const until = Date.now() + 3_000; !types.includes('AuctionClosed') && Date.now() < until; await sleep(20)) {
        types = (await inner.readStream(streamId.auction(idAuction))).map((e) => e.type);
      }
      expect(types).toEqual(['AuctionScheduled', 'AuctionStarted', 'AuctionClosed']);
    } finally {
      await second.stop();
    }
  });
});
