import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import { clockMachine, type ClockInput } from './clock.machine.js';

/** A fake server `serverAhead` ms ahead of the local clock, answering after the given round trips. */
function start(options: { roundTrips: number[]; serverAhead?: number; fail?: (call: number) => boolean } & Partial<ClockInput>) {
  let local = 1_000_000;
  let calls = 0;
  const clock = new SimulatedClock();
  const fetchServerTime = fromPromise<{ epochMs: number }>(async () => {
    const call = calls++;
    const rtt = options.roundTrips[call % options.roundTrips.length]!;
    local += rtt / 2;
    const epochMs = local + (options.serverAhead ?? 0);
    local += rtt / 2;
    if (options.fail?.(call)) throw new Error('503');
    return { epochMs };
  });
  const actor = createActor(clockMachine.provide({ actors: { fetchServerTime } }), {
    clock,
    input: { now: () => local, samples: options.samples, resyncMs: options.resyncMs, retryMs: options.retryMs },
  });
  const synced: { offset: number; rttMs: number }[] = [];
  actor.on('synced', (e) => synced.push({ offset: e.offset, rttMs: e.rttMs }));
  actor.start();
  return {
    actor, clock, synced,
    calls: () => calls,
    advanceLocal: (ms: number) => { local += ms; },
    settled: (value: 'synced' | 'failed' | 'syncing') => waitFor(actor, (s) => s.matches(value)),
  };
}

describe('clockMachine', () => {
  it('takes three samples and keeps the round-trip corrected offset of the fastest', async () => {
    const h = start({ roundTrips: [120, 40, 80], serverAhead: 2_500 });
    expect(h.actor.getSnapshot().matches({ syncing: 'sampling' })).toBe(true);
    await h.settled('synced');
    const { offset, rttMs, syncedAt } = h.actor.getSnapshot().context;
    expect(h.calls()).toBe(3);
    expect(offset).toBe(2_500);
    expect(rttMs).toBe(40);
    expect(syncedAt).toBe(1_000_000 + 240);
    expect(h.synced).toEqual([{ offset: 2_500, rttMs: 40 }]);
  });

  it('computes offset = epochMs + rtt/2 - t1 from a single sample', async () => {
    let local = 0;
    const fetchServerTime = fromPromise<{ epochMs: number }>(async () => { local += 100; return { epochMs: 10_000 }; });
    const actor = createActor(clockMachine.provide({ actors: { fetchServerTime } }), { input: { now: () => local, samples: 1 } });
    actor.start();
    await waitFor(actor, (s) => s.matches('synced'));
    expect(actor.getSnapshot().context).toMatchObject({ offset: 10_000 + 50 - 100, rttMs: 100 });
  });

  it('honours the sample count', async () => {
    const h = start({ roundTrips: [30], samples: 5 });
    await h.settled('synced');
    expect(h.calls()).toBe(5);
  });

  it('re-syncs after resyncMs', async () => {
    const h = start({ roundTrips: [50], serverAhead: 100, resyncMs: 60_000 });
    await h.settled('synced');
    h.clock.increment(59_999);
    expect(h.actor.getSnapshot().value).toBe('synced');
    h.clock.increment(1);
    expect(h.actor.getSnapshot().matches('syncing')).toBe(true);
    await h.settled('synced');
    expect(h.calls()).toBe(6);
    expect(h.synced).toHaveLength(2);
  });

  it('re-syncs every 3 minutes by default', async () => {
    const h = start({ roundTrips: [50] });
    await h.settled('synced');
    h.clock.increment(179_999);
    expect(h.actor.getSnapshot().value).toBe('synced');
    h.clock.increment(1);
    expect(h.actor.getSnapshot().matches('syncing')).toBe(true);
  });

  it('re-syncs on window.focus, with a new syncedAt', async () => {
    const h = start({ roundTrips: [50] });
    await h.settled('synced');
    const first = h.actor.getSnapshot().context.syncedAt;
    h.advanceLocal(1_000);
    h.actor.send({ type: 'window.focus' });
    expect(h.actor.getSnapshot().matches('syncing')).toBe(true);
    h.actor.send({ type: 'window.focus' }); // ignored while syncing
    await h.settled('synced');
    expect(h.calls()).toBe(6);
    expect(h.actor.getSnapshot().context.syncedAt).toBeGreaterThan(first!);
  });

  it('re-syncs at once when a server clock tick contradicts the estimate (clock.drifted, #21 item 15)', async () => {
    const h = start({ roundTrips: [50] });
    await h.settled('synced');
    h.actor.send({ type: 'clock.drifted' });
    expect(h.actor.getSnapshot().matches('syncing')).toBe(true);
    await h.settled('synced');
    expect(h.calls()).toBe(6);
  });

  it('fails, keeps the previous offset, and retries after retryMs', async () => {
    const h = start({ roundTrips: [50], serverAhead: 700, retryMs: 2_000, fail: (call) => call === 4 });
    await h.settled('synced');
    h.actor.send({ type: 'window.focus' });
    await h.settled('failed');
    expect(h.actor.getSnapshot().context).toMatchObject({ offset: 700, rttMs: 50, lastError: '503' });
    h.clock.increment(1_999);
    expect(h.actor.getSnapshot().value).toBe('failed');
    h.clock.increment(1);
    expect(h.actor.getSnapshot().matches('syncing')).toBe(true);
    await h.settled('synced');
    expect(h.actor.getSnapshot().context).toMatchObject({ offset: 700, lastError: null });
  });

  it('retries after 5 s by default, or at once on window.focus', async () => {
    const h = start({ roundTrips: [50], fail: (call) => call < 2 });
    await h.settled('failed');
    expect(h.actor.getSnapshot().context.offset).toBeNull();
    h.clock.increment(4_999);
    expect(h.actor.getSnapshot().value).toBe('failed');
    h.clock.increment(1);
    await h.settled('failed');
    h.actor.send({ type: 'window.focus' });
    await h.settled('synced');
    expect(h.calls()).toBe(5);
  });

  it('fails when no fetchServerTime is provided', async () => {
    const actor = createActor(clockMachine, { input: { now: () => 0 } });
    actor.start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.lastError).toContain('provide the fetchServerTime');
    actor.stop();
  });
});
