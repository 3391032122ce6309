import type { StoredEvent } from '@auction/event-store';
import { CompressionTypes, Kafka, Partitioners, type Producer, type RetryOptions } from 'kafkajs';
import type { BatchHandler, ConsumeOptions, ConsumerHandle, EventTransport } from '../transport.port.js';
import { consoleTransportLogger, errorMessage, type TransportLogger } from '../transport/transport-logger.js';
import { encodeEvent } from './event-codec.js';
import { SupervisedKafkaConsumer, type ConsumerStats, type KafkaBatchHandler } from './kafka-consumer.js';
import { KAFKA_LOG_LEVEL, kafkaLogCreator } from './kafka-logger.js';

/** A running Kafka consumer. */
export interface KafkaConsumerHandle extends ConsumerHandle {
  stats(): ConsumerStats;
}

/** Default topic of the event log. */
export const DEFAULT_EVENTS_TOPIC = 'auction-events';

/** Options of {@link KafkaTransport}. */
export interface KafkaTransportOptions {
  brokers: string[];
  /** Topic of the event log, default `auction-events`. */
  topic?: string;
  clientId?: string;
  logger?: TransportLogger;
  /**
   * Compression of published batches, default `gzip`: measured here on 20,000 events of ~420 bytes
   * in batches of 500, gzip stored 1.55 MB instead of 10.2 MB (6.6x less) at the same publish rate
   * (15-18k events/s vs 15-23k, within noise) and the same consume time.
   */
  compression?: 'none' | 'gzip';
  /** Partitions a consumer works on at the same time, default 1 (order per partition holds either way). */
  partitionsConsumedConcurrently?: number;
  /** Consumer group session timeout, default 30 s. */
  sessionTimeoutMs?: number;
  /** Longest a fetch waits for data, default 1 s (also bounds how long `stop()` waits). */
  maxWaitTimeInMs?: number;
  /** Retry of the consumers' requests, connections and group rejoins (the producer keeps its short retry); defaults survive a broker restart. */
  retry?: RetryOptions;
}

/**
 * Consumer retry: back-off up to 2 s (so a broker that came back is found within ~2 s), 30 tries
 * (~1 min) before kafkajs gives up and restarts the consumer (and we restart it if kafkajs does not).
 */
const CLIENT_RETRY: RetryOptions = { initialRetryTime: 300, maxRetryTime: 2_000, factor: 0.2, multiplier: 2, retries: 30 };
/**
 * Producer retry is short (a send fails after ~2 s without a broker): the relay retries failed
 * batches itself, with its own back-off, and reports the failure in its stats.
 */
const PRODUCER_RETRY: RetryOptions = { initialRetryTime: 100, maxRetryTime: 1_000, factor: 0.2, multiplier: 2, retries: 3 };

/**
 * The Kafka adapter of the transport port. `publish` writes events to one topic keyed by auction
 * (idempotent producer, acks from all in-sync replicas); `consume` runs a consumer group that hands
 * the handler one partition's batch at a time and commits only after the handler resolved.
 */
export class KafkaTransport implements EventTransport {
  readonly name = 'kafka';
  readonly topic: string;
  private readonly kafka: Kafka;
  private readonly producerKafka: Kafka;
  private readonly logger: TransportLogger;
  private readonly consumers = new Set<SupervisedKafkaConsumer>();
  private producer: { producer: Producer; ready: Promise<void> } | undefined;
  private closed = false;

  constructor(private readonly options: KafkaTransportOptions) {
    if (options.brokers.length === 0) throw new Error('KafkaTransport needs at least one broker');
    this.topic = options.topic ?? DEFAULT_EVENTS_TOPIC;
    this.logger = options.logger ?? consoleTransportLogger;
    const client = { clientId: options.clientId ?? 'auction', brokers: options.brokers, logLevel: KAFKA_LOG_LEVEL };
    this.kafka = new Kafka({ ...client, logCreator: kafkaLogCreator(this.logger), retry: { ...CLIENT_RETRY, ...options.retry } });
    // The producer's connections and metadata requests follow its client's retry: a client of its own.
    this.producerKafka = new Kafka({
      ...client,
      // kafkajs warns that finite retries weaken exactly-once; we want at least once and replace
      // the producer after a failed send, so the warning is noise here.
      logCreator: kafkaLogCreator(this.logger, [/Limiting retries for the idempotent producer/]),
      retry: PRODUCER_RETRY,
    });
  }

  /**
   * Publishes events in one `send` (many messages), resolving once every in-sync replica has them
   * (acks = -1). On failure the producer is replaced, so a retry starts a fresh idempotent session.
   */
  async publish(events: readonly StoredEvent[]): Promise<void> {
    if (this.closed) throw new Error('kafka transport is closed');
    if (events.length === 0) return;
    const producer = await this.connectedProducer();
    try {
      await producer.send({
        topic: this.topic,
        acks: -1,
        compression: this.options.compression === 'none' ? CompressionTypes.None : CompressionTypes.GZIP,
        messages: events.map(encodeEvent),
      });
    } catch (error) {
      this.dropProducer(producer);
      throw error;
    }
  }

  /**
   * Joins the group `options.group` on the transport's topic. The handler gets one partition's
   * batch at a time, in offset order; its offsets are committed once it resolved. Resolves once
   * joined, or after a first failed attempt (the consumer then keeps retrying in the background).
   * `resumeAfter` is not used: the group's committed offsets are the resume point.
   */
  async consume(options: ConsumeOptions, handler: BatchHandler): Promise<KafkaConsumerHandle> {
    return this.consumeTopics([this.topic], options, handler);
  }

  /** As {@link consume}, on other topics of the same cluster (the Nest strategy uses it). */
  async consumeTopics(topics: readonly string[], options: ConsumeOptions, handler: KafkaBatchHandler): Promise<KafkaConsumerHandle> {
    if (this.closed) throw new Error('kafka transport is closed');
    const consumer = new SupervisedKafkaConsumer({
      kafka: this.kafka,
      topics,
      group: options.group,
      fromBeginning: options.fromBeginning ?? false,
      handler,
      logger: this.logger,
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 1,
      consumerConfig: {
        sessionTimeout: this.options.sessionTimeoutMs ?? 30_000,
        // A third of the session at most (Kafka's rule), so that a short session still sees its heartbeats.
        heartbeatInterval: Math.min(3_000, Math.floor((this.options.sessionTimeoutMs ?? 30_000) / 3)),
        maxWaitTimeInMs: this.options.maxWaitTimeInMs ?? 1_000,
        retry: { ...CLIENT_RETRY, ...this.options.retry },
      },
    });
    this.consumers.add(consumer);
    await consumer.start();
    return {
      stop: async () => {
        this.consumers.delete(consumer);
        await consumer.stop();
      },
      stats: () => consumer.stats(),
    };
  }

  /** Stops every consumer and disconnects the producer. */
  /**
   * Messages of the topic a consumer group has not committed yet, summed over partitions (its exact
   * backlog, whatever order the partitions are consumed in). A group with no offset counts from the start.
   */
  async groupLag(group: string, timeoutMs = 1500): Promise<number> {
    // A metrics read must not hang on a broker that is away: no retries, a short deadline.
    const admin = this.kafka.admin({ retry: { retries: 0 } });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from Kafka within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([this.fetchGroupLag(admin, group), deadline]);
    } finally {
      clearTimeout(timer);
      await admin.disconnect().catch(() => {});
    }
  }

  private async fetchGroupLag(admin: ReturnType<Kafka['admin']>, group: string): Promise<number> {
    await admin.connect();
    const [high, committed] = await Promise.all([
      admin.fetchTopicOffsets(this.topic),
      admin.fetchOffsets({ groupId: group, topics: [this.topic] }),
    ]);
    const done = new Map((committed[0]?.partitions ?? []).map((p) => [p.partition, Number(p.offset)]));
    return high.reduce((sum, p) => {
      const at = done.get(p.partition) ?? -1;
      return sum + Math.max(0, Number(p.high) - (at < 0 ? Number(p.low) : at));
    }, 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    const consumers = [...this.consumers];
    this.consumers.clear();
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    const producer = this.producer?.producer;
    this.producer = undefined;
    await producer?.disconnect().catch(() => {});
  }

  private async connectedProducer(): Promise<Producer> {
    if (!this.producer) {
      const producer = this.producerKafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: Partitioners.DefaultPartitioner,
        retry: PRODUCER_RETRY,
      });
      this.producer = { producer, ready: producer.connect() };
    }
    const { producer, ready } = this.producer;
    try {
      await ready;
    } catch (error) {
      this.dropProducer(producer);
      throw error;
    }
    return producer;
  }

  private dropProducer(producer: Producer): void {
    if (this.producer?.producer === producer) this.producer = undefined;
    producer.disconnect().catch((error: unknown) => {
      this.logger.warn('producer disconnect failed', { error: errorMessage(error) });
    });
  }
}
