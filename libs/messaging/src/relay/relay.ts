import type { EventStore, StoredEvent, Subscription } from '@auction/event-store';
import type { CheckpointStore } from '../transport.port.js';
import { consoleTransportLogger, errorMessage, type TransportLogger } from '../transport/transport-logger.js';

/** Where the relay publishes: resolves only once the broker acknowledged every event (KafkaTransport). */
export interface RelayProducer {
  publish(events: readonly StoredEvent[]): Promise<void>;
}

/** Options of {@link Relay}. */
export interface RelayOptions {
  store: EventStore;
  producer: RelayProducer;
  checkpoints: CheckpointStore;
  /** Checkpoint name, default `relay`. */
  name?: string;
  /** Most events per `publish`, default 500 (the store's subscription batch size also bounds it). */
  batchSize?: number;
  logger?: TransportLogger;
  /**
   * What is published of each stored event (default: the event as stored). The API passes the redaction of secrets
   * that bodies written by earlier releases carry (a `UserRegistered` with its password hash): whoever reads the
   * broker's topic must not get them.
   */
  redact?: (event: StoredEvent) => StoredEvent;
  /** First back-off after a failed publish or checkpoint save, default 250 ms; doubles up to `maxBackoffMs`. */
  initialBackoffMs?: number;
  /** Longest back-off, default 2 s: it bounds how late the relay notices a broker that came back. */
  maxBackoffMs?: number;
}

/** Relay counters for metrics. */
export interface RelayStats {
  running: boolean;
  /** Last global position the broker acknowledged and the checkpoint holds. */
  checkpoint: number;
  publishedEvents: number;
  publishedBatches: number;
  failedAttempts: number;
  lastError?: { message: string; at: Date };
}

/**
 * Publishes the global log to the broker (the transactional-outbox relay). It follows the store
 * from its checkpoint, publishes each batch in one send, and moves the checkpoint only after the
 * broker acknowledged it. A failed send is retried with back-off and the checkpoint stays put: a
 * stopped broker means a growing lag, never a lost event. After a crash the batch in flight may be
 * published twice; consumers are idempotent. Run one relay per log (e.g. under a lease).
 */
export class Relay {
  private readonly name: string;
  private readonly batchSize: number;
  private readonly logger: TransportLogger;
  private readonly counters: RelayStats = { running: false, checkpoint: 0, publishedEvents: 0, publishedBatches: 0, failedAttempts: 0 };
  private subscription: Subscription | undefined;
  private stopping = false;
  private wakeStop: (() => void) | undefined;
  private readonly stopped = new Promise<void>((resolve) => (this.wakeStop = resolve));

  constructor(private readonly options: RelayOptions) {
    this.name = options.name ?? 'relay';
    this.batchSize = options.batchSize ?? 500;
    this.logger = options.logger ?? consoleTransportLogger;
  }

  /** Loads the checkpoint and starts following the log. */
  async start(): Promise<void> {
    if (this.subscription) return;
    if (this.stopping) throw new Error(`relay ${this.name} was stopped`);
    this.counters.checkpoint = await this.options.checkpoints.load(this.name);
    this.counters.running = true;
    this.subscription = this.options.store.subscribe(this.counters.checkpoint, (events) => this.relay(events));
  }

  /** Stops following; resolves once no publish is in flight. The checkpoint keeps what was acknowledged. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wakeStop?.();
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.close();
    this.counters.running = false;
  }

  /** Events in the store not yet acknowledged by the broker: head − checkpoint. */
  async lag(): Promise<number> {
    const head = await this.options.store.headPosition();
    return Math.max(0, head - this.counters.checkpoint);
  }

  stats(): RelayStats {
    return { ...this.counters, lastError: this.counters.lastError && { ...this.counters.lastError } };
  }

  /** Resolves once the checkpoint reached `position` (default: the head now); rejects after `timeoutMs`. */
  async caughtUp(position?: number, timeoutMs = 30_000): Promise<void> {
    const target = position ?? (await this.options.store.headPosition());
    const deadline = Date.now() + timeoutMs;
    while (this.counters.checkpoint < target) {
      if (Date.now() > deadline) throw new Error(`relay ${this.name}: checkpoint ${this.counters.checkpoint} < ${target} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async relay(events: StoredEvent[]): Promise<void> {
    for (let start = 0; start < events.length; start += this.batchSize) {
      const batch = events.slice(start, start + this.batchSize).filter((event) => event.position > this.counters.checkpoint);
      if (batch.length === 0) continue;
      if (this.stopping) return;
      const last = batch[batch.length - 1]!.position;
      const redact = this.options.redact;
      const published = redact ? batch.map(redact) : batch;
      await this.untilDone('publish', () => this.options.producer.publish(published));
      this.counters.publishedEvents += batch.length;
      this.counters.publishedBatches += 1;
      await this.untilDone('checkpoint', () => this.options.checkpoints.save(this.name, last));
      this.counters.checkpoint = last;
    }
  }

  /** Runs `work` until it succeeds, backing off between failures; gives up (throws) only when stopping. */
  private async untilDone(what: string, work: () => Promise<void>): Promise<void> {
    let backoff = this.options.initialBackoffMs ?? 250;
    for (;;) {
      try {
        await work();
        return;
      } catch (error) {
        this.counters.failedAttempts += 1;
        this.counters.lastError = { message: `${what}: ${errorMessage(error)}`, at: new Date() };
        if (this.stopping) throw error;
        this.logger.warn(`relay ${this.name}: ${what} failed, retrying in ${backoff} ms`, {
          checkpoint: this.counters.checkpoint, error: errorMessage(error),
        });
        await Promise.race([new Promise((resolve) => setTimeout(resolve, backoff).unref()), this.stopped]);
        backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 2_000);
      }
    }
  }
}
