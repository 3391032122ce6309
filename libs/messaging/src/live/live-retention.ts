import { parseLiveTopic } from './live-topics.js';

/**
 * How long a final live state (a lot closed, awarded or withdrawn; an auction closed, awarded or deleted) stays
 * retained after it was published, by default: one minute. Clients connected at the end get it as a live message, a
 * client reconnecting within the minute gets it as retained state; any page opened later reads the auction over HTTP
 * (`auctionFull`), which is what it does for every auction anyway. Without a clear, a broker keeps one retained message
 * per lot ever sold, and Mosquitto hands all of them to every bridge at each start.
 */
export const DEFAULT_CLEAR_FINAL_AFTER_MS = 60_000;

/** Lot statuses after which nothing but an award decision changes the lot (`WITHDRAWN`: clients drop the lot). */
const FINAL_LOT = new Set(['CLD', 'AWA', 'WITHDRAWN']);
/** Auction statuses after which its live topic only tells the award (`DELETED`: clients leave the auction). */
const FINAL_AUCTION = new Set(['CLD', 'AWA', 'DELETED']);

/**
 * True when the payload of a retained live topic is a final state: a lot's status `CLD`, `AWA` or `WITHDRAWN`, an
 * auction's `CLD`, `AWA` or `DELETED`. A later change (an award, an award reverted) is published again, retained, and
 * is final too: finality never goes back, so a cleared topic stays cleared unless its state changes.
 */
export function isFinalLiveState(topic: string, body: Readonly<Record<string, unknown>> | null): boolean {
  const status = body?.['status'];
  if (typeof status !== 'string') return false;
  const parsed = parseLiveTopic(topic);
  if (parsed?.kind === 'lot') return FINAL_LOT.has(status);
  if (parsed?.kind === 'auction') return FINAL_AUCTION.has(status);
  return false;
}

/**
 * When the retained message of `topic` may be cleared (epoch ms): `clearAfterMs` after the instant its final state was
 * built (its `serverTime` stamp), or null when the state is not final (or carries no readable stamp).
 */
export function retainedClearAt(topic: string, body: Readonly<Record<string, unknown>> | null, clearAfterMs: number): number | null {
  if (!isFinalLiveState(topic, body)) return null;
  const stamp = typeof body?.['serverTime'] === 'string' ? Date.parse(body['serverTime']) : Number.NaN;
  return Number.isFinite(stamp) ? stamp + clearAfterMs : null;
}

/**
 * One timer per topic whose retained message is to be cleared: scheduling again replaces the topic's timer, `cancel`
 * drops it (a newer state came). Timers do not keep the process alive.
 */
export class ClearSchedule {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly clear: (topic: string) => void, private readonly now: () => number = Date.now) {}

  /** Topics waiting for their clear. */
  get size(): number {
    return this.timers.size;
  }

  /** Clears `topic` at `at` (epoch ms; at once when it has passed), replacing an earlier schedule of that topic. */
  schedule(topic: string, at: number): void {
    this.cancel(topic);
    const timer = setTimeout(() => {
      if (this.timers.get(topic) !== timer) return;
      this.timers.delete(topic);
      this.clear(topic);
    }, Math.max(0, at - this.now()));
    timer.unref();
    this.timers.set(topic, timer);
  }

  cancel(topic: string): void {
    const timer = this.timers.get(topic);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.timers.delete(topic);
  }

  /** Drops every pending clear (shutdown). */
  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
