import { AsyncLocalStorage } from 'node:async_hooks';
import type { StoredEvent, Subscription, SubscriptionHandler } from '../event-store.port.js';

/** Wakes sleeping subscribers early, e.g. right after an in-process commit. */
export class Wakeup {
  private generation = 0;
  private waiters = new Set<() => void>();

  /** Current generation; pass it to `wait` so a notify that came before the wait is not lost. */
  get current(): number {
    return this.generation;
  }

  notify(): void {
    this.generation += 1;
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /** Sleeps `ms`, or less if `notify` is called (or was called since `seen`). */
  wait(ms: number, seen = this.generation): Promise<void> {
    if (seen !== this.generation) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waiters.add(wake);
    });
  }
}

/** Settings of a polling subscription. */
export interface PollingOptions {
  read: (afterPosition: number, limit: number) => Promise<StoredEvent[]>;
  wakeup: Wakeup;
  pollIntervalMs: number;
  batchSize: number;
  /** Read and handler failures; the same batch is retried after `pollIntervalMs`. */
  onError: (error: unknown) => void;
}

const insideHandler = new AsyncLocalStorage<object>();

/** The first wait before reading again when a wake-up found nothing visible yet, ms; doubled up to the poll interval. */
export const NOTIFIED_RETRY_MS = 10;

/**
 * Tails the global log with `read`: delivers batches in order, awaits the handler before reading
 * on, sleeps `pollIntervalMs` (or until woken) when caught up. A failing handler gets the same
 * batch again, so delivery is at least once.
 *
 * A wake-up (a commit announced) whose read finds nothing reads again sooner than the poll: after NOTIFIED_RETRY_MS,
 * doubling up to `pollIntervalMs`. The SQL store holds back a commit while a flush that reserved earlier positions is
 * still in progress (`linkedRows` in sql-schema.ts), so the announced event may show only a little later; waiting a
 * whole poll for it delayed every subscriber (a CI run with a 60 s poll: over 5 s).
 */
export function startPollingSubscription(
  afterPosition: number,
  handler: SubscriptionHandler,
  options: PollingOptions,
): Subscription {
  const stop = new Wakeup();
  const token = {};
  let closed = false;
  let cursor = afterPosition;
  const sleep = async (ms: number, seen?: number): Promise<void> => {
    if (closed) return;
    const waits = [stop.wait(ms)];
    if (seen !== undefined) waits.push(options.wakeup.wait(ms, seen));
    await Promise.race(waits);
  };
  const loop = (async () => {
    // > 0: the last wake-up's read found nothing; the next wait before reading again (doubling up to the poll).
    let retryMs = 0;
    let woken = false;
    while (!closed) {
      const seen = options.wakeup.current;
      try {
        const batch = await options.read(cursor, options.batchSize);
        if (closed) break;
        if (batch.length === 0) {
          if (woken || retryMs > 0) retryMs = retryMs === 0 ? NOTIFIED_RETRY_MS : retryMs * 2;
          if (retryMs >= options.pollIntervalMs) retryMs = 0;
          await sleep(retryMs || options.pollIntervalMs, seen);
          woken = options.wakeup.current !== seen;
          continue;
        }
        retryMs = 0;
        woken = false;
        await insideHandler.run(token, () => handler(batch));
        cursor = batch[batch.length - 1]!.position;
      } catch (error) {
        if (closed) break;
        options.onError(error);
        await sleep(options.pollIntervalMs);
      }
    }
  })();
  return {
    async close() {
      closed = true;
      stop.notify();
      // Closing from inside the handler must not wait for that same handler.
      if (insideHandler.getStore() !== token) await loop;
    },
  };
}
