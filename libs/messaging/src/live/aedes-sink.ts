import type { Aedes } from 'aedes';
import type { LivePublishOptions, LiveSink } from './live-sink.js';
import { stampPosition } from './payload-positions.js';
import { withTimeout } from './with-timeout.js';

/**
 * Publishes into an aedes broker in this process (`broker.publish`: no network, no client, so the
 * broker's client publish authorization does not apply). Resolves once the broker has stored a
 * retained message and handed the message to its subscribers' queues.
 *
 * Publishes run one at a time: aedes numbers each message when `publish` is called and each client
 * drops a message numbered below one it already got (its duplicate check), so a retained message
 * still being stored would be lost for clients that meanwhile got a later, non-retained one.
 */
export class AedesSink implements LiveSink {
  readonly name = 'aedes';
  private tail: Promise<void> = Promise.resolve();
  private readonly timeoutMs: number;

  /**
   * `publishTimeoutMs` (default 30 s): a publish aedes has not called back within it rejects, so the live publisher
   * retries it later and the publishes queued behind it go on. aedes never calls back a publish whose enqueueing
   * failed (it emits 'error' on the broker instead: aedes.js, `doneEnqueue`): without the bound every later message of
   * the instance waited behind it, a live channel frozen for good (attack review of 2026-11-29).
   */
  constructor(private readonly broker: Pick<Aedes, 'publish'>, options: { readonly publishTimeoutMs?: number } = {}) {
    this.timeoutMs = options.publishTimeoutMs ?? 30_000;
  }

  publish(topic: string, payload: object, options: LivePublishOptions): Promise<void> {
    return this.publishBuffer(topic, Buffer.from(JSON.stringify(payload)), options, (payload as { position?: unknown }).position);
  }

  /** An empty retained payload: aedes deletes the topic's retained message and forwards the empty message. */
  clear(topic: string): Promise<void> {
    return this.publishBuffer(topic, Buffer.alloc(0), { qos: 1, retain: true });
  }

  /**
   * Publishes raw bytes (the Mosquitto bridge copies messages as they are). `position`: the log position the payload
   * carries, which lets the broker keep a subscriber's positions increasing (see `startEmbeddedBroker`).
   */
  publishBuffer(topic: string, payload: Buffer, options: LivePublishOptions, position?: unknown): Promise<void> {
    stampPosition(payload, position);
    const run = this.tail.then(() => withTimeout(new Promise<void>((resolve, reject) => {
      this.broker.publish(
        { cmd: 'publish', topic, payload, qos: options.qos, retain: options.retain, dup: false },
        (error) => (error ? reject(error) : resolve()),
      );
    }), this.timeoutMs, `aedes did not take the message on ${topic} within ${this.timeoutMs} ms`));
    this.tail = run.catch(() => {});
    return run;
  }
}
