import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../event-store.port.js';
import { NOTIFIED_RETRY_MS, startPollingSubscription, Wakeup } from './polling-subscription.js';

const event = (position: number): StoredEvent => ({
  position, streamId: 's-1', version: position, type: 'Noticed', data: {}, metadata: {}, recordedAt: new Date(),
} as unknown as StoredEvent);

/** A log whose committed event shows only after `hiddenReads` reads (an older transaction of the server still running). */
function log(hiddenReads: number) {
  const reads: number[] = [];
  let committed = false;
  let hidden = hiddenReads;
  return {
    reads,
    commit: () => (committed = true),
    read: async (after: number) => {
      reads.push(Date.now());
      if (!committed || after >= 1) return [];
      if (hidden > 0) {
        hidden--;
        return [];
      }
      return [event(1)];
    },
  };
}

describe('polling subscription: a wake-up whose read finds nothing yet', () => {
  it('reads again soon, doubling, instead of waiting a whole poll for the announced event', async () => {
    const wakeup = new Wakeup();
    const l = log(3);
    const got: number[] = [];
    const sub = startPollingSubscription(0, async (batch) => void got.push(...batch.map((e) => e.position)), {
      read: l.read, wakeup, pollIntervalMs: 60_000, batchSize: 10, onError: () => undefined,
    });
    await new Promise((r) => setTimeout(r, 50));
    const t0 = Date.now();
    l.commit();
    wakeup.notify();
    while (got.length === 0 && Date.now() - t0 < 5_000) await new Promise((r) => setTimeout(r, 5));
    await sub.close();
    expect(got).toEqual([1]);
    // Hidden for 3 reads after the wake-up: read again after 10, 20 and 40 ms, not after the 60 s poll.
    expect(Date.now() - t0).toBeLessThan(2_000);
    const after = l.reads.filter((t) => t >= t0);
    // The fourth read after the wake-up delivered it (a fifth may have found the log caught up before the close).
    expect(after.length).toBeGreaterThanOrEqual(4);
    expect(after[3]! - after[0]!).toBeGreaterThanOrEqual(NOTIFIED_RETRY_MS * 7 - 5);
    expect(after[3]! - after[0]!).toBeLessThan(1_000);
  });

  it('without a wake-up, an empty read waits the poll; after the retries reach it, back to the poll', async () => {
    const wakeup = new Wakeup();
    const l = log(0);
    const sub = startPollingSubscription(0, async () => undefined, {
      read: l.read, wakeup, pollIntervalMs: 100, batchSize: 10, onError: () => undefined,
    });
    await new Promise((r) => setTimeout(r, 50));
    // A wake-up with nothing committed: reads at +0, +10, +20, +40, +80 ms would exceed the poll at 160: after 10, 20,
    // 40 and 80 ms of retries the waits are the poll's again.
    const t0 = Date.now();
    wakeup.notify();
    await new Promise((r) => setTimeout(r, 700));
    await sub.close();
    const after = l.reads.filter((t) => t >= t0);
    // 1 (woken) + retries after 10, 20, 40 and 80 ms + polls every 100 ms for the rest.
    expect(after.length).toBeGreaterThanOrEqual(5);
    expect(after.length).toBeLessThanOrEqual(12);
    const gaps = after.slice(1).map((t, i) => t - after[i]!);
    expect(gaps.slice(-2).every((g) => g >= 90)).toBe(true);
  });
});
