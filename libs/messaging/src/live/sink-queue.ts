import type { LivePublishOptions, LiveSink } from './live-sink.js';

/** A message on its way to a sink. `key` coalesces: a newer message with the same key replaces a pending one. */
export interface LiveMessage {
  readonly key: string;
  readonly topic: string;
  readonly payload: object;
  readonly position: number;
  readonly options: LivePublishOptions;
}

/**
 * One sink's delivery state: messages not yet accepted (retried with the next flush, newest per key)
 * and the last position accepted per topic, so a topic never goes back to an older or equal position.
 */
export class SinkQueue {
  published = 0;
  failures = 0;
  staleDropped = 0;
  /** Highest position this sink accepted. */
  lastPosition = 0;
  private readonly pendingByKey = new Map<string, LiveMessage>();
  private readonly lastByTopic = new Map<string, number>();

  constructor(readonly sink: LiveSink) {}

  get pending(): number {
    return this.pendingByKey.size;
  }

  /** Queues the messages and sends everything pending in position order; null when all were accepted. */
  async flush(messages: readonly LiveMessage[]): Promise<{ error: unknown; count: number } | null> {
    for (const m of messages) {
      const pending = this.pendingByKey.get(m.key);
      if (!pending || pending.position < m.position) this.pendingByKey.set(m.key, m);
    }
    const toSend = [...this.pendingByKey.values()].sort((a, b) => a.position - b.position).filter((m) => {
      if (m.position > (this.lastByTopic.get(m.topic) ?? 0)) return true;
      this.pendingByKey.delete(m.key);
      this.staleDropped++;
      return false;
    });
    // Started in position order on one connection, so a topic's messages leave in order.
    const results = await Promise.allSettled(toSend.map((m) => this.sink.publish(m.topic, m.payload, m.options)));
    let firstError: unknown = null;
    let failed = 0;
    results.forEach((r, i) => {
      const m = toSend[i]!;
      if (r.status === 'rejected') {
        failed++;
        this.failures++;
        firstError ??= r.reason;
        return;
      }
      this.published++;
      if (this.pendingByKey.get(m.key) === m) this.pendingByKey.delete(m.key);
      this.lastByTopic.set(m.topic, Math.max(this.lastByTopic.get(m.topic) ?? 0, m.position));
      this.lastPosition = Math.max(this.lastPosition, m.position);
    });
    return failed ? { error: firstError, count: failed } : null;
  }
}
