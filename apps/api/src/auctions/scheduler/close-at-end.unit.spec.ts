/**
 * Issue 25, closing rush: a lot closes at its end, unless an offer that arrived before that end is still on its way to
 * the lot (then right after it takes its turn), at the latest LOT_CLOSE_CAP_MS after the end. The real scheduler, the
 * real close and offer handlers and the real stream writer, on an in-memory PGlite store; only the command bus is a
 * direct dispatch.
 */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { DomainError, streamId } from '@auction/domain';
import { SoleWriter, type WriterOwnership } from '../../platform/cluster/writer-ownership.js';
import { LOT_CLOSE_CAP_MS } from './offers-in-flight.js';
import { sleep, harness, Missed, inTime, pastTheCap, runningLot, heldBeforeTheEnd, lotLog, closedBy, offerOf, suite, closingsOf } from './close-at-end.test-support.js';

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
    // The hold must be taken before the end: on a new auction when a loaded machine woke the test at or past it (fresh-
    // clone run 42: the first closing held nothing).
    const { idAuction, held, endMs, arrivedAt, inTurn } = await inTime('a lot held at its end beside a free one', async () => {
      const { idAuction, lotIds, endMs } = await runningLot(store, h.model, 1_000, 2);
      const [held, free] = lotIds as [string, string];
      const before = h.closings.length;
      await sleep(endMs - 50 - Date.now());
      const arrivedAt = Date.now();
      const inTurn = h.inFlight.hold(held, () => arrivedAt);
      if (arrivedAt >= endMs) {
        inTurn();
        return new Missed(`held ${arrivedAt - endMs} ms after the end`);
      }
      const freeLog = await closedBy(store, free, endMs + 2_000);
      expect(freeLog.closedAt! - endMs).toBeGreaterThanOrEqual(0);
      // The first closing, at the end, closed the free lot and held only the other.
      expect(await closingsOf(h, before, idAuction, free)).toEqual([{ idAuction, at: expect.any(Number), held: [held] }]);
      return { idAuction, held, endMs, arrivedAt, inTurn };
    });
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
    // On a new lot while a loaded machine woke the test at or past the end, or ran the offer past the cap (fresh-clone
    // run 54: "the lot has ended"): then the lot closed at the cap, by design, which is checked before the next try.
    const { idAuction, idLot, endMs, arrivedAt, outcome } = await inTime('an offer held past the end that extends its lot', async () => {
      const { idAuction, idLot, endMs } = await runningLot(store, h.model, 1_000, 1, { windowSeconds: 60, extendSeconds: 1 });
      await sleep(endMs - 50 - Date.now());
      const arrivedAt = Date.now();
      const inTurn = h.inFlight.hold(idLot, () => arrivedAt);
      if (arrivedAt >= endMs) {
        inTurn();
        return new Missed(`held ${arrivedAt - endMs} ms after the end`);
      }
      await sleep(endMs + 100 - Date.now());
      const outcome = await h.offer.execute(offerOf(idAuction, idLot, arrivedAt, inTurn)).catch((e: unknown) => e);
      if (outcome instanceof DomainError && pastTheCap(endMs, Date.now())) {
        inTurn();
        const log = await closedBy(store, idLot, endMs + 2_000);
        expect(log.types).toEqual(['LotScheduled', 'LotClosed']);
        expect(log.closedAt! - endMs).toBeGreaterThanOrEqual(LOT_CLOSE_CAP_MS);
        return new Missed(`the offer ran ${Date.now() - endMs} ms after the end (cap ${LOT_CLOSE_CAP_MS} ms)`);
      }
      if (outcome instanceof Error) throw outcome;
      return { idAuction, idLot, endMs, arrivedAt, outcome: outcome as Awaited<ReturnType<typeof h.offer.execute>> };
    });
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
      if (arrivedAt >= endMs || pastTheCap(endMs, withdrawnAt)) {
        // A late try's offer may be refused before its turn (in the product the answer releases its hold): released
        // here, so that the next try starts with nothing in flight (fresh-clone run 42 failed on the leftover).
        inTurn();
        return new Missed(`held ${endMs - arrivedAt} ms before the end, withdrawn ${withdrawnAt - endMs} ms after it (cap ${LOT_CLOSE_CAP_MS} ms)`);
      }
      expect(h.inFlight.size).toBe(0);
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
    const warnings = jest.spyOn(Logger.prototype, 'warn');
    const { idAuction, idLot, endMs, arrivedAt, inTurn, before } = await heldBeforeTheEnd(store, h, 1);
    const log = await closedBy(store, idLot, endMs + 2_000);
    // The closing, later than 200 ms, says where its time went: held by the offer in flight.
    // (logged once the close command returns, which may be just after the store shows the lot closed)
    const slowLine = () => warnings.mock.calls.map((c) => String(c[0])).find((m) => m.startsWith(`closing close-${idAuction}@${endMs} `));
    for (let waited = 0; !slowLine() && waited < 2_000; waited += 20) await sleep(20);
    const slow = slowLine();
    warnings.mockRestore();
    expect(slow).toMatch(/done \d+ ms after its end: its timer fired -?\d+ ms late, held [1-9]\d* ms by offers in flight, [2-9] close commands took \d+ ms$/);
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
