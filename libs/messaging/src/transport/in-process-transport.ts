import type { EventStore, Subscription } from '@auction/event-store';
import type { BatchHandler, ConsumeOptions, ConsumerHandle, EventTransport } from '../transport.port.js';

/**
 * The embedded default: every consumer follows the event store itself (no relay, no broker).
 * A consumer subscribes after the position its `resumeAfter()` returns and gets the store's
 * batches in global order; a handler that throws gets the same batch again (at least once).
 * Groups are not shared: each `consume()` is its own reader.
 */
export class InProcessTransport implements EventTransport {
  readonly name = 'in-process';
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  constructor(private readonly store: EventStore) {}

  async consume(options: ConsumeOptions, handler: BatchHandler): Promise<ConsumerHandle> {
    if (this.closed) throw new Error('in-process transport is closed');
    const after = await options.resumeAfter();
    if (this.closed) throw new Error('in-process transport is closed');
    const subscription = this.store.subscribe(after, (events) => handler(events));
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.close();
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    const open = [...this.subscriptions];
    this.subscriptions.clear();
    await Promise.all(open.map((subscription) => subscription.close()));
  }
}
