import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { AllStreamResolvedEvent, AllStreamSubscription } from '@eventstore/db-client';
import type { StoredEvent, Subscription, SubscriptionHandler } from '../event-store.port.js';

/** Settings of an EventStoreDB `$all` subscription. */
export interface EsdbSubscriptionOptions {
  /** Opens a server subscription to `$all` after `afterPosition` (0 = from the start). */
  open: (afterPosition: number) => AllStreamSubscription;
  toStoredEvent: (resolved: AllStreamResolvedEvent) => StoredEvent | undefined;
  retryDelayMs: number;
  onError: (error: unknown) => void;
}

const insideHandler = new AsyncLocalStorage<object>();

/**
 * Delivers `$all` events one per batch, awaiting the handler before taking the next. On a
 * handler or connection failure it resubscribes from the last delivered position after
 * `retryDelayMs`, so delivery is at least once.
 */
export function startEsdbSubscription(
  afterPosition: number,
  handler: SubscriptionHandler,
  options: EsdbSubscriptionOptions,
): Subscription {
  const token = {};
  let closed = false;
  let cursor = afterPosition;
  let current: AllStreamSubscription | undefined;
  const loop = (async () => {
    while (!closed) {
      current = options.open(cursor);
      try {
        for await (const resolved of current) {
          if (closed) break;
          const event = options.toStoredEvent(resolved);
          if (!event || event.position <= cursor) continue;
          await insideHandler.run(token, () => handler([event]));
          cursor = event.position;
        }
      } catch (error) {
        if (!closed) options.onError(error);
      } finally {
        await current.unsubscribe().catch(() => {});
      }
      if (!closed) await delay(options.retryDelayMs);
    }
  })();
  return {
    async close() {
      closed = true;
      await current?.unsubscribe().catch(() => {});
      // Closing from inside the handler must not wait for that same handler.
      if (insideHandler.getStore() !== token) await loop;
    },
  };
}
