import type { StoredEvent } from '@auction/event-store';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LivePublisher } from './live-publisher.js';
import { YIELD_EVERY } from './sink-queue.js';
import { streamId, toIso } from '@auction/domain';
import { END, FakeSink, NOW, START, TestEngine, until } from './live.test-support.js';

describe('LivePublisher', () => {
  // One store for the file; each test has its own auction and a publisher that starts where the test starts.
  let engine: TestEngine;
  let sink: FakeSink;
  let publisher: LivePublisher;
  let lots: string[];
  let a1: string;
  let start: number;
  let runs = 0;
  const lotTopic = (idLot: string) => `auction/${a1}/lot/${idLot}`;
  const eventsAfter = (position = start) => engine.eventsAfter(position);

  beforeAll(async () => {
    engine = await TestEngine.start();
  });
  beforeEach(async () => {
    a1 = `a${++runs}`;
    start = await engine.store.headPosition();
    sink = new FakeSink();
    publisher = new LivePublisher({ store: engine.store, sinks: [sink], now: () => NOW });
    lots = await engine.scheduleAuction(a1, 2);
    await engine.startAuction(a1);
  });
  afterAll(async () => {
    await engine.store.close();
  });

  it('publishes every state of a lot in a batch, in order, and each changed auction once with the state after the batch', async () => {
    const [lot1, lot2] = lots as [string, string];
    await engine.offer(a1, lot1, 'dealer-a', 5000);
    await engine.offer(a1, lot1, 'dealer-b', 5100);
    const last = (await engine.offer(a1, lot1, 'dealer-a', 5200)).at(-1)!;

    await publisher.handle(await eventsAfter());

    // Every accepted offer is on the topic, in order, however the transport batched the events.
    const lot1All = sink.on(lotTopic(lot1));
    expect(lot1All.map((m) => m.payload['bestOffer'])).toEqual([null, 5000, 5100, 5200]);
    const positions = lot1All.map((m) => m.payload['position'] as number);
    expect(positions).toEqual([...positions].sort((x, y) => x - y));
    expect(new Set(positions).size).toBe(positions.length);
    const lot1Messages = lot1All.slice(-1);
    expect(lot1Messages[0]!.payload).toMatchObject({ idLot: lot1, idAuction: a1, bestOffer: 5200, offersCount: 3, status: 'RUN', position: last.position });
    expect(lot1Messages[0]!.payload['serverTime']).toBe(new Date(NOW).toISOString());
    // The instant the best offer was accepted (its placedAt), for the load tests' offer-to-subscriber latency.
    expect(lot1Messages[0]!.payload['bestOfferAt']).toBe(new Date(NOW).toISOString());
    expect(sink.on(lotTopic(lot2))[0]!.payload['bestOfferAt']).toBeNull();
    expect(lot1Messages[0]!.payload).not.toHaveProperty('reservePrice');
    expect(lot1Messages[0]!.options).toEqual({ retain: true, qos: 1 });
    expect(sink.on(lotTopic(lot2))).toHaveLength(1);
    const auction = sink.on(`auction/${a1}`);
    expect(auction).toHaveLength(1);
    expect(auction[0]!.payload).toMatchObject({ idAuction: a1, status: 'RUN', auctionName: `Auction ${a1}` });
    expect(Object.keys(auction[0]!.payload).sort()).toEqual(['auctionName', 'endDate', 'idAuction', 'position', 'serverTime', 'startDate', 'status']);
    expect(publisher.stats()).toMatchObject({ eventsApplied: 7, lastPosition: last.position, pendingMessages: 0 });
  });

  it('lets pending I/O run while it folds a long batch (an auction of thousands of lots closing), with every state published in order', async () => {
    const [lot1] = lots as [string, string];
    for (let i = 0; i < 300; i++) await engine.offer(a1, lot1, i % 2 ? 'dealer-a' : 'dealer-b', 5000 + i * 100);
    const batch = await eventsAfter();
    expect(batch.length).toBeGreaterThan(YIELD_EVERY);
    let applied = -1;
    let published = -1;
    const handle = publisher.handle(batch);
    // Scheduled as an HTTP request's callback would be, once the batch started: it runs before the batch is done.
    setImmediate(() => { applied = publisher.stats().eventsApplied; published = sink.received.length; });
    await handle;
    expect(published).toBeGreaterThanOrEqual(0);
    expect(published).toBeLessThan(sink.received.length);
    // The batch is folded whole before any I/O gets in: what a snapshot reads is never a batch half applied.
    expect(applied).toBe(publisher.stats().eventsApplied);
    expect(sink.on(lotTopic(lot1)).map((m) => m.payload['bestOffer'])).toEqual([null, ...Array.from({ length: 300 }, (_, i) => 5000 + i * 100)]);
  });

  it('publishes the events one command appended to a lot as one change: a buy-now shows awarded at once', async () => {
    const [lot1] = lots as [string];
    await publisher.handle(await eventsAfter());
    const from = await engine.store.headPosition();
    await engine.offer(a1, lot1, 'dealer-a', 5000);
    const bought = await engine.buyNow(a1, lot1, 'dealer-b');
    expect(bought.length).toBeGreaterThan(1);
    await publisher.handle(await eventsAfter(from));
    const after = sink.on(lotTopic(lot1)).slice(1).map((m) => m.payload);
    expect(after.map((p) => [p['bestOffer'], p['awardStatus']])).toEqual([[5000, 'TBA'], [9000, 'AWA']]);
    expect(after[1]!['position']).toBe(bought.at(-1)!.position);
    expect(sink.on('user/dealer-a/outbid').map((r) => r.payload['bestOffer'])).toEqual([9000]);
  });

  it('keeps positions strictly increasing per topic and skips changes the public view does not show', async () => {
    const [lot1] = lots as [string];
    await publisher.handle(await eventsAfter());
    let seen = await engine.store.headPosition();
    for (const [user, amount] of [['dealer-a', 5000], ['dealer-b', 5100], ['dealer-a', 5300]] as const) {
      await engine.offer(a1, lot1, user, amount);
      await engine.observe(a1, lot1, `observer-${amount}`);
      const batch = await eventsAfter(seen);
      seen = batch.at(-1)!.position;
      // One event per batch, and the last batch again: the redelivery changes nothing.
      for (const e of batch) await publisher.handle([e]);
      await publisher.handle(batch);
    }
    const byTopic = new Map<string, number[]>();
    for (const r of sink.received) byTopic.set(r.topic, [...(byTopic.get(r.topic) ?? []), r.payload['position'] as number]);
    for (const positions of byTopic.values()) {
      for (let i = 1; i < positions.length; i++) expect(positions[i]).toBeGreaterThan(positions[i - 1]!);
    }
    // Initial state + three offers; the observers did not produce a message.
    expect(sink.on(lotTopic(lot1)).map((r) => r.payload['bestOffer'])).toEqual([null, 5000, 5100, 5300]);
  });

  it('tells the dealer who led that someone else took the lead', async () => {
    const [lot1] = lots as [string];
    await publisher.handle(await eventsAfter());
    const first = (await engine.offer(a1, lot1, 'dealer-a', 5000))[0]!;
    await publisher.handle([first]);
    const raised = (await engine.offer(a1, lot1, 'dealer-a', 5100))[0]!;
    await publisher.handle([raised]);
    expect(sink.received.filter((r) => r.topic.endsWith('/outbid'))).toEqual([]);

    const b = (await engine.offer(a1, lot1, 'dealer-b', 5200))[0]!;
    await publisher.handle([b]);
    expect(sink.on('user/dealer-a/outbid')).toEqual([{
      topic: 'user/dealer-a/outbid',
      // The notice names the car and its auction, so a toast on any page says which lot was lost (#21 item 18).
      payload: {
        idAuction: a1, idLot: lot1, bestOffer: 5200, yourBestOffer: 5100, position: b.position, serverTime: new Date(NOW).toISOString(),
        lotNumber: 1, licensePlate: 'GA0BC', brand: 'Fiat', model: '500', auctionName: `Auction ${a1}`,
      },
      options: { retain: false, qos: 1 },
    }]);
    expect(sink.on('user/dealer-b/outbid')).toEqual([]);
  });

  it('tells the dealer each offer it placed, from whichever device: its other pages know the best offer is its own (#21 item 15)', async () => {
    const [lot1] = lots as [string];
    await publisher.handle(await eventsAfter());
    const a = (await engine.offer(a1, lot1, 'dealer-a', 5000))[0]!;
    await publisher.handle([a]);
    const b = (await engine.offer(a1, lot1, 'dealer-b', 5100))[0]!;
    await publisher.handle([b]);
    const mine = sink.on('user/dealer-a/offer');
    expect(mine).toEqual([{
      topic: 'user/dealer-a/offer',
      payload: { idAuction: a1, idLot: lot1, idOffer: (a.data as { idOffer: string }).idOffer, offer: 5000, clickAndBuy: false, position: a.position, serverTime: new Date(NOW).toISOString() },
      options: { retain: false, qos: 1 },
    }]);
    expect(sink.on('user/dealer-b/offer').map((r) => r.payload['offer'])).toEqual([5100]);
  });

  it('in one batch, tells each dealer every time someone else took the lead', async () => {
    const [lot1] = lots as [string];
    await publisher.handle(await eventsAfter());
    const from = await engine.store.headPosition();
    await engine.offer(a1, lot1, 'dealer-a', 5000);
    const b = (await engine.offer(a1, lot1, 'dealer-b', 5100))[0]!;
    const c = (await engine.offer(a1, lot1, 'dealer-c', 5200))[0]!;
    const a = (await engine.offer(a1, lot1, 'dealer-a', 5300))[0]!;
    await publisher.handle(await eventsAfter(from));
    // a lost the lead to b (and took it back later: the notice was true when sent); b lost to c; c lost to a.
    expect(sink.on('user/dealer-a/outbid').map((r) => r.payload)).toEqual([expect.objectContaining({ bestOffer: 5100, yourBestOffer: 5000, position: b.position })]);
    expect(sink.on('user/dealer-b/outbid').map((r) => r.payload)).toEqual([expect.objectContaining({ bestOffer: 5200, yourBestOffer: 5100, position: c.position })]);
    expect(sink.on('user/dealer-c/outbid').map((r) => r.payload)).toEqual([expect.objectContaining({ bestOffer: 5300, yourBestOffer: 5200, position: a.position })]);
  });

  it('republishes an auction\'s lots when the auction starts, so their retained status turns RUN', async () => {
    let clock = START - 60_000;
    const own = new FakeSink();
    const early = new LivePublisher({ store: engine.store, sinks: [own], now: () => clock });
    const idAuction = `${a1}-late`;
    const from = await engine.store.headPosition();
    const [lot] = (await engine.scheduleAuction(idAuction, 1)) as [string];
    await early.handle(await engine.eventsAfter(from));
    expect(own.on(`auction/${idAuction}/lot/${lot}`).at(-1)!.payload).toMatchObject({ status: 'SCH' });
    const scheduledAt = await engine.store.headPosition();
    clock = NOW;
    await engine.startAuction(idAuction);
    const started = await engine.eventsAfter(scheduledAt);
    await early.handle(started);
    const last = own.on(`auction/${idAuction}/lot/${lot}`).at(-1)!;
    expect(last.payload).toMatchObject({ status: 'RUN', position: started.at(-1)!.position });
  });

  it('ignores redelivered events', async () => {
    const all = await eventsAfter();
    await publisher.handle(all);
    const before = { count: sink.received.length, stats: publisher.stats() };
    await publisher.handle(all);
    await publisher.handle(all.slice(2, 4));
    expect(sink.received).toHaveLength(before.count);
    expect(publisher.stats().eventsApplied).toBe(before.stats.eventsApplied);
  });

  it('on a late start, loads the history of the streams it has not seen', async () => {
    const [lot1] = lots as [string];
    await engine.offer(a1, lot1, 'dealer-a', 5000);
    await engine.offer(a1, lot1, 'dealer-b', 5100);
    const head = await engine.store.headPosition();
    const last = (await engine.offer(a1, lot1, 'dealer-c', 5200))[0]!;

    // A publisher that starts now only receives what comes after the head.
    await publisher.handle(await eventsAfter(head));

    expect(sink.received.map((r) => r.topic).filter((t) => !t.endsWith('/offer')).sort()).toEqual([lotTopic(lot1), 'user/dealer-b/outbid']);
    expect(sink.on(lotTopic(lot1))[0]!.payload).toMatchObject({ bestOffer: 5200, offersCount: 3, position: last.position, lotNumber: 1 });
    expect(sink.on('user/dealer-b/outbid')[0]!.payload).toMatchObject({ bestOffer: 5200, yourBestOffer: 5100 });
  });

  it('keeps what a failing sink did not take and sends it with the redelivery', async () => {
    const [lot1] = lots as [string];
    const healthy = new FakeSink();
    publisher.addSink(healthy);
    await publisher.handle(await eventsAfter());
    const from = await engine.store.headPosition();
    const batch: StoredEvent[] = [...(await engine.offer(a1, lot1, 'dealer-a', 5000)), ...(await engine.offer(a1, lot1, 'dealer-b', 5100))];
    expect(batch.map((e) => e.position)).toEqual([from + 1, from + 2]);

    sink.failing = true;
    await expect(publisher.handle(batch)).rejects.toThrow(/live publish failed/);
    // Both lot states and the outbid notice wait for the failing sink; the healthy one has them all.
    // Two lot messages, the outbid notice and each bidder's own-offer notice.
    expect(publisher.stats().pendingMessages).toBe(5);
    expect(healthy.on(lotTopic(lot1)).map((m) => m.payload['bestOffer'])).toEqual([null, 5000, 5100]);

    sink.failing = false;
    await publisher.handle(batch);
    expect(sink.on(lotTopic(lot1)).map((m) => m.payload['bestOffer'])).toEqual([null, 5000, 5100]);
    expect(sink.on(lotTopic(lot1)).at(-1)!.payload).toMatchObject({ bestOffer: 5100, position: from + 2 });
    expect(sink.on('user/dealer-a/outbid')).toHaveLength(1);
    // The healthy sink got nothing twice.
    expect(healthy.on(lotTopic(lot1))).toHaveLength(3);
    expect(publisher.stats()).toMatchObject({ pendingMessages: 0, publishFailures: 5 });
  });

  it('answers a snapshot with events it has not published yet, and still publishes them later', async () => {
    const [lot1, lot2] = lots as [string, string];
    await publisher.handle(await eventsAfter());
    const from = await engine.store.headPosition();
    const offer = (await engine.offer(a1, lot2, 'dealer-a', 6000))[0]!;

    const snapshot = await publisher.snapshot(a1);
    expect(snapshot.auction).toMatchObject({ idAuction: a1, status: 'RUN' });
    expect(snapshot.lots.map((l) => [l.idLot, l.bestOffer, l.position])).toEqual([[lot1, null, expect.any(Number)], [lot2, 6000, offer.position]]);

    // Following every stream, it answers from memory: the offer shows once handled.
    publisher.setFollowsAllStreams(true);
    expect((await publisher.snapshot(a1)).lots[1]!.bestOffer).toBeNull();

    await publisher.handle(await eventsAfter(from));
    expect(sink.on(lotTopic(lot2)).at(-1)!.payload).toMatchObject({ bestOffer: 6000, position: offer.position });
    expect((await publisher.snapshot(a1)).lots[1]!.bestOffer).toBe(6000);
    expect(await publisher.snapshot('nope')).toEqual({ auction: null, lots: [] });
  });

  it('publishes a lot whose content changes back to an earlier one, and not an unchanged one (the digest dedupe)', async () => {
    const [lot1] = lots as [string];
    await publisher.handle(await eventsAfter());
    // Later, back to the first end, the same end again (no change), then later again: one command each.
    for (const [i, minutes] of [5, 0, 0, 5].entries()) {
      const from = await engine.store.headPosition();
      const version = (await engine.store.readStream(streamId.lot(lot1))).length;
      await engine.store.append(streamId.lot(lot1), version, [{
        type: 'LotEndRescheduled', data: { idLot: lot1, endDate: toIso(END + minutes * 60_000) }, metadata: { partitionKey: a1, correlationId: `end-${i}` },
      }]);
      await publisher.handle(await eventsAfter(from));
    }
    const ends = sink.on(lotTopic(lot1)).map((m) => m.payload['endDate']);
    expect(ends).toEqual([toIso(END), toIso(END + 300_000), toIso(END), toIso(END + 300_000)]);
  });

  it('primes every auction of the store (a fresh broker after a restart)', async () => {
    const a2 = `${a1}-second`;
    const before = (await engine.store.listStreams('auction-')).length;
    await engine.scheduleAuction(a2, 1);
    const count = await publisher.prime();
    expect(count).toBe(before + 1);
    const mine = sink.received.map((r) => r.topic).filter((t) => [a1, a2].some((id) => t === `auction/${id}` || t.startsWith(`auction/${id}/`))).sort();
    expect(mine).toEqual([`auction/${a1}`, `auction/${a1}/lot/${a1}-lot-1`, `auction/${a1}/lot/${a1}-lot-2`, `auction/${a2}`, `auction/${a2}/lot/${a2}-lot-1`].sort());
    expect(sink.on(`auction/${a2}`)[0]!.payload).toMatchObject({ status: 'SCH' });
    // Events already folded by the prime are redeliveries for the transport.
    sink.reset();
    await publisher.handle(await eventsAfter(0));
    expect(sink.received).toEqual([]);
  });
  it('clears the retained state of a lot and of its auction once final, after clearFinalAfterMs; a running lot stays', async () => {
    const [lot1, lot2] = lots as [string, string];
    let clock = NOW;
    const quick = new LivePublisher({ store: engine.store, sinks: [sink], now: () => clock, clearFinalAfterMs: 50 });
    await engine.offer(a1, lot1, 'dealer-a', 5000);
    await quick.handle(await eventsAfter());
    // A running lot: nothing scheduled, so nothing can be cleared later.
    expect(quick.stats().clearsPending).toBe(0);
    expect(sink.cleared).toEqual([]);
    clock = END + 1_000;
    const from = await engine.store.headPosition();
    await engine.closeAndAward(a1, lot1);
    await quick.handle(await eventsAfter(from));
    expect(sink.on(lotTopic(lot1)).at(-1)!.payload).toMatchObject({ status: 'AWA' });
    // Published retained and not cleared at once: clients connected now get it, live or as retained state.
    expect(sink.cleared).toEqual([]);
    expect(quick.stats()).toMatchObject({ clearsPending: 1 });
    await until(() => sink.cleared.length >= 1, 15_000, 'the clear of lot 1');
    expect(sink.cleared).toEqual([lotTopic(lot1)]);
    expect(quick.stats()).toMatchObject({ clearsPending: 0, retainedCleared: 1 });

    // The second lot closes unawarded (no offer), then the auction closes and is awarded: both topics go, after the delay.
    const from2 = await engine.store.headPosition();
    await engine.closeAndAward(a1, lot2);
    await engine.followLots(a1, [{ ended: true, awardStatus: 'AWA' }, { ended: true, awardStatus: 'NAW' }]);
    await quick.handle(await eventsAfter(from2));
    expect(sink.on(`auction/${a1}`).at(-1)!.payload).toMatchObject({ status: 'AWA' });
    expect(quick.stats().clearsPending).toBe(2);
    await until(() => sink.cleared.length >= 3, 15_000, 'the clears of lot 2 and the auction');
    expect(sink.cleared.slice(1).sort()).toEqual([`auction/${a1}`, lotTopic(lot2)].sort());
    await quick.close();
  });

  it('does not clear a lot that is still running, nor anything with clearFinalAfterMs null', async () => {
    const [lot1] = lots as [string];
    const keeping = new LivePublisher({ store: engine.store, sinks: [sink], now: () => END + 1_000, clearFinalAfterMs: null });
    const quick = new FakeSink();
    const clearing = new LivePublisher({ store: engine.store, sinks: [quick], now: () => NOW, clearFinalAfterMs: 20 });
    await engine.offer(a1, lot1, 'dealer-a', 5000);
    await clearing.handle(await eventsAfter());
    await engine.closeAndAward(a1, lot1);
    await keeping.handle(await eventsAfter());
    // Nothing scheduled on either (a clear cannot come later): the pending counts say so at once, no wait needed.
    expect(sink.on(lotTopic(lot1)).at(-1)!.payload).toMatchObject({ status: 'AWA' });
    expect(sink.cleared).toEqual([]);
    expect(keeping.stats().clearsPending).toBe(0);
    // The running lot's state (before the close) was never scheduled for a clear.
    expect(quick.on(lotTopic(lot1)).at(-1)!.payload).toMatchObject({ status: 'RUN', bestOffer: 5000 });
    expect(clearing.stats().clearsPending).toBe(0);
    expect(quick.cleared).toEqual([]);
    await Promise.all([keeping.close(), clearing.close()]);
  });

  it('leaves out of a prime the lots final for longer than clearFinalAfterMs, and their auction once final too', async () => {
    const [lot1, lot2] = lots as [string, string];
    await engine.closeAndAward(a1, lot1);
    await engine.closeAndAward(a1, lot2);
    const a2 = `${a1}-open`;
    await engine.scheduleAuction(a2, 1);
    // Lots closed at END: an hour later, a fresh broker gets neither them nor, once it is closed, their auction.
    const later = new LivePublisher({ store: engine.store, sinks: [sink], now: () => END + 3_600_000, clearFinalAfterMs: 60_000 });
    await later.prime();
    const topicsOf = (id: string) => sink.received.map((r) => r.topic).filter((t) => t === `auction/${id}` || t.startsWith(`auction/${id}/`));
    // The auction is not closed yet in the log (FollowLots not run): its topic stays, the final lots do not.
    expect(topicsOf(a1)).toEqual([`auction/${a1}`]);
    expect(topicsOf(a2).sort()).toEqual([`auction/${a2}`, `auction/${a2}/lot/${a2}-lot-1`].sort());
    await engine.followLots(a1, [{ ended: true, awardStatus: 'NAW' }, { ended: true, awardStatus: 'NAW' }]);
    sink.reset();
    const again = new LivePublisher({ store: engine.store, sinks: [sink], now: () => END + 3_600_000, clearFinalAfterMs: 60_000 });
    await again.prime();
    expect(topicsOf(a1)).toEqual([]);
    // Lots closed a moment ago are primed (a client reconnecting now still gets their final state), then cleared.
    sink.reset();
    const soon = new LivePublisher({ store: engine.store, sinks: [sink], now: () => END + 1_000, clearFinalAfterMs: 60_000 });
    await soon.prime();
    expect(topicsOf(a1).sort()).toEqual([`auction/${a1}`, lotTopic(lot1), lotTopic(lot2)].sort());
    expect(soon.stats().clearsPending).toBeGreaterThanOrEqual(3);
    await Promise.all([later.close(), again.close(), soon.close()]);
  });
});
