import { setImmediate as yieldToIo } from 'node:timers/promises';
import type { LivePublishOptions, LiveSink } from './live-sink.js';

/** How many events or messages the live side handles before it lets pending I/O run (`setImmediate`: after the I/O already pending). */
export const YIELD_EVERY = 250;

/**
 * A message on its way to a sink. `key` names it: a message with the same key replaces a pending one (a
 * redelivery). `conflate` (default: the key) groups the messages of which only the newest matters once a
 * sink has fallen behind: its backlog keeps every message while it is short, and only the newest of each
 * group when it grew past the queue's limit (backpressure, never the normal path).
 */
export interface LiveMessage {
  readonly key: string;
  readonly conflate?: string;
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

  /** The messages the last `flush` got accepted (this batch's and retried ones), in position order. */
  lastDelivered: LiveMessage[] = [];

  /** Messages conflated away because the backlog grew past `maxPending`. */
  conflated = 0;

  /** `maxPending`: the backlog a failing sink keeps in full; past it, only the newest message of each group. */
  constructor(readonly sink: LiveSink, private readonly maxPending = 5_000) {}

  get pending(): number {
    return this.pendingByKey.size;
  }

  /** Queues the messages and sends everything pending in position order; null when all were accepted. */
  async flush(messages: readonly LiveMessage[]): Promise<{ error: unknown; count: number } | null> {
    // Only a backlog left by failed attempts is ever conflated: a sink that keeps up gets every message.
    const behind = this.pendingByKey.size > 0;
    for (const m of messages) {
      const pending = this.pendingByKey.get(m.key);
      if (!pending || pending.position < m.position) this.pendingByKey.set(m.key, m);
    }
    if (behind && this.pendingByKey.size > this.maxPending) this.conflate();
    const toSend = [...this.pendingByKey.values()].sort((a, b) => a.position - b.position).filter((m) => {
      if (m.position > (this.lastByTopic.get(m.topic) ?? 0)) return true;
      this.pendingByKey.delete(m.key);
      this.staleDropped++;
      return false;
    });
    // Started in position order on one connection, so a topic's messages leave in order; a long batch (an auction of
    // thousands of lots closing) lets pending I/O in between its slices, without reordering anything.
    const started: Promise<void>[] = [];
    for (const [i, m] of toSend.entries()) {
      if (i > 0 && i % YIELD_EVERY === 0) await yieldToIo();
      started.push(this.sink.publish(m.topic, m.payload, m.options));
    }
    const results = await Promise.allSettled(started);
    let firstError: unknown = null;
    let failed = 0;
    this.lastDelivered = [];
    results.forEach((r, i) => {
      const m = toSend[i]!;
      if (r.status === 'rejected') {
        failed++;
        this.failures++;
        firstError ??= r.reason;
        return;
      }
      this.published++;
      this.lastDelivered.push(m);
      if (this.pendingByKey.get(m.key) === m) this.pendingByKey.delete(m.key);
      this.lastByTopic.set(m.topic, Math.max(this.lastByTopic.get(m.topic) ?? 0, m.position));
      this.lastPosition = Math.max(this.lastPosition, m.position);
    });
    return failed ? { error: firstError, count: failed } : null;
  }

  /** Keeps only the newest pending message of each conflation group. */
  private conflate(): void {
    const newest = new Map<string, LiveMessage>();
    for (const m of this.pendingByKey.values()) {
      const group = m.conflate ?? m.key;
      const kept = newest.get(group);
      if (!kept || kept.position < m.position) newest.set(group, m);
    }
    this.conflated += this.pendingByKey.size - newest.size;
    this.pendingByKey.clear();
    for (const m of newest.values()) this.pendingByKey.set(m.key, m);
  }
}
