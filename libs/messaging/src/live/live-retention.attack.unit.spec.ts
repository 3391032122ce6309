import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotDecider, streamId, toIso } from '@auction/domain';
import type { LivePublishOptions } from './live-sink.js';
import { LivePublisher } from './live-publisher.js';
import { END, FakeSink, NOW, TestEngine, until } from './live.test-support.js';

/** Records publishes and clears in the order they reach the sink; a publish of a `RUN` state waits for `gate`. */
class GatedSink extends FakeSink {
  gate: Promise<void> | null = null;
  readonly ops: string[] = [];
  override async publish(topic: string, payload: object, options: LivePublishOptions): Promise<void> {
    const status = (payload as { status?: string }).status;
    if (this.gate && status === 'RUN') await this.gate;
    this.ops.push(`publish ${topic} ${status}`);
    return super.publish(topic, payload, options);
  }
  override clear(topic: string): Promise<void> {
    this.ops.push(`clear ${topic}`);
    return super.clear(topic);
  }
}

describe('LivePublisher clear schedule (attack review)', () => {
  let engine: TestEngine;
  beforeAll(async () => {
    engine = await TestEngine.start();
  });
  afterAll(async () => {
    await engine.store.close();
  });

  it('a clear whose timer fires while a newer running state of the lot is being published does not wipe that state', async () => {
    const id = 'race-1';
    const [lot1] = (await engine.scheduleAuction(id, 1)) as [string];
    await engine.startAuction(id);
    const topic = `auction/${id}/lot/${lot1}`;
    let clock = NOW;
    const sink = new GatedSink();
    const publisher = new LivePublisher({ store: engine.store, sinks: [sink], now: () => clock, clearFinalAfterMs: 150 });
    await publisher.handle(await engine.eventsAfter(0));
    // Both batches are in the store before the first is published: between the CLD publication (which schedules the
    // clear, 150 ms later) and the start of the RUN one nothing waits on the store. Appended after it, on a loaded machine
    // (fresh-clone run 62) the append took longer than 150 ms, the clear ran before the RUN batch began, and the test
    // failed on a race of its own, not the publisher's.
    let from = await engine.store.headPosition();
    await engine.offer(id, lot1, 'dealer-a', 5000);
    const offerBatch = await engine.eventsAfter(from);
    from = await engine.store.headPosition();
    // The lot's end is moved an hour later: `RUN` again.
    await engine.store.append(streamId.lot(lot1), (await engine.store.readStream(streamId.lot(lot1))).length, [{
      type: 'LotEndRescheduled', data: { idLot: lot1, endDate: toIso(END + 3_600_000) }, metadata: { partitionKey: id, correlationId: 'race-end' },
    }]);
    const rescheduleBatch = await engine.eventsAfter(from);
    // Past its end, not closed yet: the lot is shown `CLD` (final), and its clear is scheduled.
    clock = END + 1_000;
    await publisher.handle(offerBatch);
    expect(sink.on(topic).at(-1)!.payload).toMatchObject({ status: 'CLD' });
    // Its `RUN` publication is slow; the clear timer fires meanwhile.
    let open!: () => void;
    sink.gate = new Promise((resolve) => (open = resolve));
    const publishing = publisher.handle(rescheduleBatch);
    // The timer fires meanwhile (150 ms after the CLD publication), while the publication waits at the gate.
    await until(() => publisher.stats().clearsPending === 0, 15_000, 'the clear timer');
    expect(sink.ops.at(-1)).not.toContain('RUN');
    open();
    await publishing;
    // The clear the timer queued runs after the publication; an empty batch queued now runs after that clear.
    await publisher.handle([]);
    const onTopic = sink.ops.filter((o) => o.includes(topic));
    // The last word on the topic is the running state: a page opening now gets it as retained state.
    expect(onTopic.at(-1)).toBe(`publish ${topic} RUN`);
    expect(sink.cleared).not.toContain(topic);
    await publisher.close();
  });

  it('a lot closed, cleared, then awarded later: the award is published retained, then cleared in turn', async () => {
    const id = 'late-award';
    const [lot1] = (await engine.scheduleAuction(id, 1)) as [string];
    await engine.startAuction(id);
    await engine.offer(id, lot1, 'dealer-a', 5000);
    const topic = `auction/${id}/lot/${lot1}`;
    const sink = new FakeSink();
    const publisher = new LivePublisher({ store: engine.store, sinks: [sink], now: () => END + 1_000, clearFinalAfterMs: 40 });
    const run = (command: object) => (engine as unknown as { run(s: string, d: unknown, c: object, a: string): Promise<unknown> }).run(streamId.lot(lot1), lotDecider, command, id);
    let from = await engine.store.headPosition();
    await run({ type: 'CloseLot', now: END });
    await publisher.handle(await engine.eventsAfter(0));
    expect(sink.on(topic).at(-1)!.payload).toMatchObject({ status: 'CLD', awardStatus: 'TBA' });
    await until(() => sink.cleared.length >= 1, 15_000, 'the clear of the closed lot');
    expect(sink.cleared).toEqual([topic]);
    from = await engine.store.headPosition();
    await run({ type: 'AwardLotIfReserveMet', now: END + 500 });
    await publisher.handle(await engine.eventsAfter(from));
    const last = sink.on(topic).at(-1)!;
    expect(last.payload).toMatchObject({ status: 'AWA', awardStatus: 'AWA', bestOffer: 5000 });
    expect(last.options.retain).toBe(true);
    expect(publisher.stats().clearsPending).toBe(1);
    await until(() => sink.cleared.length >= 2, 15_000, 'the clear of the award');
    expect(sink.cleared).toEqual([topic, topic]);
    await publisher.close();
  });

  it('a final state first refused by the sink, delivered by a later retry, is cleared in turn', async () => {
    const id = 'retry-clear';
    const [lot1, lot2] = (await engine.scheduleAuction(id, 2)) as [string, string];
    await engine.startAuction(id);
    const topic = `auction/${id}/lot/${lot1}`;
    const sink = new FakeSink();
    let clock = NOW;
    const publisher = new LivePublisher({ store: engine.store, sinks: [sink], now: () => clock, clearFinalAfterMs: 40 });
    await engine.store.append(streamId.lot(lot2), (await engine.store.readStream(streamId.lot(lot2))).length, [{
      type: 'LotEndRescheduled', data: { idLot: lot2, endDate: toIso(END + 3_600_000) }, metadata: { partitionKey: id, correlationId: 'retry-end' },
    }]);
    await engine.offer(id, lot1, 'dealer-a', 5000);
    await publisher.handle(await engine.eventsAfter(0));
    expect(sink.on(topic).at(-1)!.payload).toMatchObject({ status: 'RUN' });
    // The log holds the earlier tests' auctions too, some final: their clears go first (nothing of this one is final).
    await until(() => publisher.stats().clearsPending === 0, 15_000, 'the earlier auctions\' clears');
    sink.reset();
    clock = END + 1_000;
    // The broker is down when the lot closes: the batch fails, its messages are kept for a retry.
    sink.failing = true;
    let from = await engine.store.headPosition();
    await engine.closeAndAward(id, lot1);
    await publisher.handle(await engine.eventsAfter(from)).catch(() => undefined);
    expect(publisher.stats().pendingMessages).toBeGreaterThan(0);
    // Back up: the next batch (an offer on the running lot) carries the kept final state along.
    sink.failing = false;
    from = await engine.store.headPosition();
    await engine.offer(id, lot2, 'dealer-b', 7000, END + 1_000);
    await publisher.handle(await engine.eventsAfter(from));
    expect(sink.on(topic).at(-1)!.payload).toMatchObject({ status: 'AWA' });
    expect(publisher.stats().clearsPending).toBe(1);
    await until(() => sink.cleared.length >= 1, 15_000, 'the clear of the lot delivered by the retry');
    expect(sink.cleared).toEqual([topic]);
    await publisher.close();
  });

  it('10,000 final lots: one pending clear per topic, none left once cleared', async () => {
    const sink = new FakeSink();
    const publisher = new LivePublisher({ store: engine.store, sinks: [sink], now: () => END + 1_000, clearFinalAfterMs: 200 });
    // The schedule is driven through the publisher's own path (scheduleClears after a delivery).
    const schedule = (publisher as unknown as { scheduleClears(m: unknown[]): void }).scheduleClears.bind(publisher);
    const messages = Array.from({ length: 10_000 }, (_, i) => ({
      key: `k${i}`, topic: `auction/mem/lot/l${i}`, payload: { status: i % 2 ? 'CLD' : 'AWA', position: i + 1 }, position: i + 1, options: { retain: true, qos: 1 },
    }));
    schedule(messages);
    schedule(messages);
    expect(publisher.stats().clearsPending).toBe(10_000);
    await until(() => publisher.stats().retainedCleared >= 10_000, 30_000, '10,000 clears');
    expect(publisher.stats()).toMatchObject({ clearsPending: 0, retainedCleared: 10_000 });
    expect(new Set(sink.cleared).size).toBe(10_000);
    await publisher.close();
  });
});
