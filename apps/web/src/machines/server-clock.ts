/** Server-time estimation (pure, no xstate): round-trip corrected samples and a clock that never runs backwards. */

/** One measurement against `GET /api/v1/secure/time`. */
export interface ClockSample {
  /** Server time minus local time, in ms. */
  offset: number;
  /** Round trip of the request, in ms. */
  rttMs: number;
}

/**
 * The offset measured by one request sent at local `t0` and answered at local `t1` with server time `epochMs`:
 * the server read its clock about half a round trip before `t1`, so `offset = epochMs + (t1 - t0)/2 - t1`.
 */
export function sampleOffset(t0: number, epochMs: number, t1: number): ClockSample {
  const rttMs = Math.max(0, t1 - t0);
  return { offset: epochMs + rttMs / 2 - t1, rttMs };
}

/** The most trustworthy sample: the one with the smallest round trip (the first of equals); null for none. */
export function bestSample(samples: readonly ClockSample[]): ClockSample | null {
  let best: ClockSample | null = null;
  for (const s of samples) if (!best || s.rttMs < best.rttMs) best = s;
  return best;
}

/** Ms left until `endIso` at server time `serverNow`; never negative (0 also for an unreadable date). */
export function remainingMs(endIso: string, serverNow: number): number {
  const left = Date.parse(endIso) - serverNow;
  return Number.isFinite(left) ? Math.max(0, left) : 0;
}

/**
 * Does a clock tick of the server (its time `tickMs` when it sent the tick) contradict the estimate `estimateMs` at its
 * arrival? A tick cannot arrive before it was sent, so an estimate more than 250 ms behind it is wrong; one more than
 * 2 s ahead is wrong too unless the tick took that long on the way (a re-sync then measures which).
 */
export function tickDisagrees(estimateMs: number, tickMs: number): boolean {
  return estimateMs < tickMs - 250 || estimateMs > tickMs + 2_000;
}

/** A server-time estimate that never decreases (see {@link createServerClock}). */
export interface ServerClock {
  /** Applies a newly measured offset. */
  update(offset: number): void;
  /** The estimated server time (epoch ms); non-decreasing from the first `update` on. */
  now(): number;
  /** True once an offset was applied. */
  readonly synced: boolean;
}

/**
 * A monotonic server clock over the local clock `now`. The first offset is applied at once, and so is a larger
 * one (time only jumps forward). A smaller offset is slewed: the shown server time runs at half speed until the
 * difference is absorbed, so a countdown never jumps backwards. If the local clock steps back, the shown time
 * stands still (until it catches up or the next sync measures the new offset). Before the first `update` it
 * returns the local time and promises nothing.
 */
export function createServerClock(now: () => number): ServerClock {
  let offset: number | null = null;
  let target = 0;
  let lastLocal = 0;
  let lastShown = -Infinity;

  const advance = (local: number) => {
    if (offset === null) return;
    const elapsed = Math.max(0, local - lastLocal);
    if (offset > target) offset = Math.max(target, offset - elapsed / 2);
    lastLocal = local;
  };

  return {
    update(next: number) {
      const local = now();
      if (offset === null) {
        offset = next;
        target = next;
        lastLocal = local;
        return;
      }
      advance(local);
      target = next;
      if (next >= offset) offset = next;
    },
    now() {
      const local = now();
      if (offset === null) return local;
      advance(local);
      lastShown = Math.max(lastShown, local + offset);
      return lastShown;
    },
    get synced() {
      return offset !== null;
    },
  };
}
