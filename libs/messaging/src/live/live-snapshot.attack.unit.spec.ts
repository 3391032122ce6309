// A socket.io client (re)subscribing gets a snapshot stamped with positions, and then drops every message at or below
// them (API.md; the web client's auction machine does the same, `isStaleAuction`). A snapshot that shows a state the
// topics never carried at its stamp is never corrected: the auction's end here, from half of an edit's lots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctionDecider, lotDecider, streamId, toIso, type Decider } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import { LivePublisher } from './live-publisher.js';
import { END, FakeSink, START, TestEngine } from './live.test-support.js';

type Run = (id: string, decider: Decider<never, never, unknown>, command: unknown, idAuction: string) => Promise<StoredEvent[]>;

describe('LivePublisher: the snapshot of an auction being edited', () => {
  let engine: TestEngine;
  beforeAll(async () => { engine = await TestEngine.start(); });
  afterAll(async () => { await engine.store.close(); });

  const before = START - 2 * 3600_000;
  const newEnd = toIso(END - 30 * 60_000);

  /** A scheduled 300-lot auction, published; then the seller shortens it by 30 minutes (EditAuctionHandler's append order). */
  async function editedAuction(idAuction: string, followsAllStreams: boolean) {
    const lotIds = await engine.scheduleAuction(idAuction, 300, before);
    const sink = new FakeSink();
    const publisher = new LivePublisher({ store: engine.store, sinks: [sink], now: () => before, followsAllStreams });
    await publisher.handle(await engine.eventsAfter());
    const head = await engine.store.headPosition();
    const run = (engine as unknown as { run: Run }).run.bind(engine);
    await run(streamId.auction(idAuction), auctionDecider as never, {
      type: 'EditAuction', now: before, definition: {
        auctionName: `Auction ${idAuction}`, idMarket: 'IT', auctionType: 'OTH', startDate: toIso(START), endDate: newEnd,
        regulationRequired: false, windowSeconds: 60, extendSeconds: 60, lotIds,
      },
    }, idAuction);
    for (const [i, idLot] of lotIds.entries()) {
      await run(streamId.lot(idLot), lotDecider as never, {
        type: 'EditLot', data: {
          idLot, idAuction, idOwner: 'owner-1', lotNumber: i + 1, licensePlate: `GA${i}BC`, frame: null, brand: 'Fiat', model: '500',
          basePrice: 5000, minIncrement: 100, reservePrice: null, buyNowPrice: 9000,
          startDate: toIso(START), endDate: newEnd, windowSeconds: 60, extendSeconds: 60,
        },
      }, idAuction);
    }
    const batch = await engine.eventsAfter(head);
    expect(batch).toHaveLength(301);
    sink.reset();
    return { publisher, sink, batch };
  }

  /** The client: the snapshot, then every `auction` message newer than what it holds. */
  function clientEnd(snapshot: Awaited<ReturnType<LivePublisher['snapshot']>>, sink: FakeSink, idAuction: string): string {
    let held = { endDate: snapshot.auction!.endDate, position: snapshot.auction!.position };
    for (const m of sink.on(`auction/${idAuction}`)) {
      const p = m.payload as { endDate: string; position: number };
      if (p.position > held.position) held = { endDate: p.endDate, position: p.position };
    }
    return held.endDate;
  }

  it('embedded: a client subscribing while the edit\'s batch is handled ends with the auction\'s new end', async () => {
    const { publisher, sink, batch } = await editedAuction('edit-embedded', true);
    // The gateway joins the room, then asks: the request arrives as I/O while the batch runs.
    let asked: Promise<Awaited<ReturnType<LivePublisher['snapshot']>>> | null = null;
    const handled = publisher.handle(batch);
    setImmediate(() => { asked = publisher.snapshot('edit-embedded'); });
    await handled;
    await new Promise((resolve) => setImmediate(resolve));
    expect((await publisher.snapshot('edit-embedded')).auction!.endDate).toBe(newEnd);
    expect(clientEnd(await asked!, sink, 'edit-embedded')).toBe(newEnd);
  });

  it('server mode: a client subscribing after the edit is stored, before the publisher got it, ends with the new end', async () => {
    const { publisher, sink, batch } = await editedAuction('edit-server', false);
    // Kafka has not handed the batch over yet: the snapshot catches the streams up with the store.
    const snapshot = await publisher.snapshot('edit-server');
    await publisher.handle(batch);
    expect(clientEnd(snapshot, sink, 'edit-server')).toBe(newEnd);
  });
});
