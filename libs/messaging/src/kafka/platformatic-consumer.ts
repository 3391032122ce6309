import type { StoredEvent } from '@auction/event-store';
import { Consumer, MessagesStreamFallbackModes, MessagesStreamModes, type Message, type MessagesStream } from '@platformatic/kafka';
import type { ConsumerHandle } from '../transport.port.js';
import { errorMessage, type TransportLogger } from '../transport/transport-logger.js';
import { decodeEvent } from './event-codec.js';
import type { ConsumerStats, KafkaBatchHandler } from './kafka-consumer.js';

/** What a {@link SupervisedPlatformaticConsumer} consumes and how. */
export interface PlatformaticConsumerSettings {
  readonly brokers: string[];
  readonly clientId: string;
  readonly topics: readonly string[];
  readonly group: string;
  readonly fromBeginning: boolean;
  readonly handler: KafkaBatchHandler;
  readonly logger: TransportLogger;
  readonly sessionTimeoutMs: number;
  readonly heartbeatIntervalMs: number;
  readonly maxWaitTimeMs: number;
  /** Most messages handed to the handler at once (per partition), default 500. */
  readonly maxBatch?: number;
  /** First delay before restarting after a failure; doubles up to `maxRestartDelayMs`. */
  readonly restartDelayMs?: number;
  readonly maxRestartDelayMs?: number;
}

type Msg = Message<Buffer, Buffer, Buffer, Buffer>;

/**
 * A @platformatic/kafka consumer group member with the semantics of {@link SupervisedKafkaConsumer}: the
 * messages buffered by the stream are taken as a batch, split per partition (in offset order, one
 * partition after the other), handed to the handler, and each partition's last offset is committed
 * only after the handler resolved. A failing handler or commit (e.g. a rebalance) closes the stream and
 * opens a new one from the committed offsets (the batch comes again); a stream error (broker lost)
 * closes the client and builds a new one, with back-off, which rejoins the group as the same member.
 */
export class SupervisedPlatformaticConsumer implements ConsumerHandle {
  private consumer: Consumer<Buffer, Buffer, Buffer, Buffer> | undefined;
  private stream: MessagesStream<Buffer, Buffer, Buffer, Buffer> | undefined;
  private stopped = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private attempt = 0;
  /**
   * The group member id of the last client: a rebuilt client rejoins with it, as kafkajs does after a reconnect.
   * A new member would make the coordinator wait for the old one (restored with the group when the broker
   * restarts) to rejoin or time out: the session timeout, 30 s by default, without any delivery.
   */
  private memberId: string | null = null;
  /** The current client's own failure (see {@link createClient}): the stream is closed and the client rebuilt. */
  private clientError: unknown;
  private readonly counters: ConsumerStats = { batches: 0, events: 0, handlerFailures: 0, restarts: 0 };

  constructor(private readonly settings: PlatformaticConsumerSettings) {}

  /** Resolves once the first stream is open, or once the first attempt failed (the loop keeps retrying). */
  async start(): Promise<void> {
    let opened!: () => void;
    const first = new Promise<void>((resolve) => (opened = resolve));
    this.loop = this.run(opened);
    await first;
  }

  stats(): ConsumerStats {
    return { ...this.counters };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    await this.closeClient();
  }

  private async run(opened: () => void): Promise<void> {
    while (!this.stopped) {
      let failure: 'stream' | 'client' = 'client';
      try {
        if (!this.consumer) this.consumer = this.createClient();
        const stream = await this.consumer.consume({
          topics: [...this.settings.topics],
          mode: MessagesStreamModes.COMMITTED,
          fallbackMode: this.settings.fromBeginning ? MessagesStreamFallbackModes.EARLIEST : MessagesStreamFallbackModes.LATEST,
          autocommit: false,
        });
        this.stream = stream;
        opened();
        failure = await this.drain(stream);
        if (this.stopped) break;
      } catch (error) {
        opened();
        if (this.stopped) break;
        this.settings.logger.error(`consumer ${this.settings.group}: failed, restarting it`, { error: errorMessage(error) });
      }
      await this.closeStream();
      if (failure === 'client') await this.closeClient();
      this.counters.restarts += 1;
      await this.sleep(Math.min((this.settings.restartDelayMs ?? 300) * 2 ** this.attempt, this.settings.maxRestartDelayMs ?? 5_000));
      this.attempt += 1;
    }
  }

  /** Hands batches to the handler until the stream fails: 'stream' (handler/commit failed) or 'client' (stream error). */
  private async drain(stream: MessagesStream<Buffer, Buffer, Buffer, Buffer>): Promise<'stream' | 'client'> {
    let streamError: unknown;
    stream.on('error', (error) => {
      streamError = error;
      this.wake?.();
    });
    stream.on('readable', () => this.wake?.());
    stream.on('close', () => this.wake?.());
    const max = this.settings.maxBatch ?? 500;
    while (!this.stopped) {
      if (streamError !== undefined) throw streamError;
      if (this.clientError !== undefined) throw this.clientError;
      const messages: Msg[] = [];
      let message: Msg | null;
      while (messages.length < max * 4 && (message = stream.read() as Msg | null) !== null) messages.push(message);
      if (messages.length === 0) {
        if (stream.destroyed || stream.readableEnded) throw streamError ?? new Error('message stream closed');
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
        continue;
      }
      if (!(await this.handleAll(messages, max))) return 'stream';
      this.attempt = 0;
    }
    return 'stream';
  }

  /** Handles the messages per partition, in order; false when a handler or a commit failed. */
  private async handleAll(messages: Msg[], max: number): Promise<boolean> {
    const byPartition = new Map<string, Msg[]>();
    for (const message of messages) {
      const key = `${message.topic}:${message.partition}`;
      const list = byPartition.get(key) ?? [];
      list.push(message);
      byPartition.set(key, list);
    }
    for (const list of byPartition.values()) {
      for (let i = 0; i < list.length; i += max) {
        if (this.stopped || !(await this.handleBatch(list.slice(i, i + max)))) return false;
      }
    }
    return true;
  }

  private async handleBatch(batch: Msg[]): Promise<boolean> {
    const first = batch[0]!;
    const last = batch[batch.length - 1]!;
    const events: StoredEvent[] = [];
    for (const message of batch) {
      try {
        events.push(decodeEvent(message.value ?? null));
      } catch (error) {
        this.settings.logger.error(`consumer ${this.settings.group}: skipping undecodable message`, {
          topic: message.topic, partition: message.partition, offset: String(message.offset), error: errorMessage(error),
        });
      }
    }
    if (events.length > 0) {
      try {
        await this.settings.handler(events, {
          topic: first.topic, partition: first.partition, firstOffset: String(first.offset), lastOffset: String(last.offset),
        });
      } catch (error) {
        this.counters.handlerFailures += 1;
        this.settings.logger.warn(`consumer ${this.settings.group}: handler failed, the batch comes again`, { error: errorMessage(error) });
        return false;
      }
    }
    try {
      await last.commit(); // commits last.offset + 1 with the partition's leader epoch
    } catch (error) {
      this.settings.logger.warn(`consumer ${this.settings.group}: commit failed (rebalance?), resuming from the committed offsets`, { error: errorMessage(error) });
      return false;
    }
    this.counters.batches += 1;
    this.counters.events += events.length;
    return true;
  }

  private createClient(): Consumer<Buffer, Buffer, Buffer, Buffer> {
    const s = this.settings;
    const client = new Consumer<Buffer, Buffer, Buffer, Buffer>({
      clientId: s.clientId, bootstrapBrokers: s.brokers, groupId: s.group, autocommit: false,
      sessionTimeout: s.sessionTimeoutMs, heartbeatInterval: s.heartbeatIntervalMs, maxWaitTime: s.maxWaitTimeMs,
      rebalanceTimeout: s.sessionTimeoutMs, retries: 5, retryDelay: 500, autocreateTopics: false,
    });
    // Sent with the JoinGroup; a coordinator that no longer knows it answers UNKNOWN_MEMBER_ID and the client joins afresh.
    client.memberId = this.memberId;
    this.clientError = undefined;
    // The client emits 'error' when a heartbeat was refused (the broker restarted) and rejoining the group failed after
    // its retries. Without a listener that event is thrown and ends the process (an instance died so in the CI's
    // two-instances restart test). The member then has no heartbeat left: the client is rebuilt, as on a stream error.
    client.on('error', (error: unknown) => {
      if (this.consumer !== client) return;
      this.settings.logger.warn(`consumer ${s.group}: the client could not rejoin the group, rebuilding it`, { error: errorMessage(error) });
      this.clientError = error;
      this.wake?.();
    });
    return client;
  }

  private async closeStream(): Promise<void> {
    const stream = this.stream;
    this.stream = undefined;
    await stream?.close().catch(() => {});
  }

  private async closeClient(): Promise<void> {
    await this.closeStream();
    const consumer = this.consumer;
    this.consumer = undefined;
    this.memberId = consumer?.memberId ?? this.memberId;
    if (consumer) await new Promise<void>((resolve) => consumer.close(true, () => resolve()));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
