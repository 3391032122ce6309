import type { StoredEvent } from '@auction/event-store';
import { Consumer, ProduceAcks, Producer, compatibilityPartitioner } from '@platformatic/kafka';
import type { ConsumeOptions } from '../transport.port.js';
import { consoleTransportLogger, errorMessage, type TransportLogger } from '../transport/transport-logger.js';
import { encodeEvent } from './event-codec.js';
import type { KafkaBatchHandler } from './kafka-consumer.js';
import { DEFAULT_EVENTS_TOPIC, type KafkaConsumerHandle, type KafkaTransportOptions } from './kafka-transport.js';
import { SupervisedPlatformaticConsumer } from './platformatic-consumer.js';

type BufferProducer = Producer<Buffer, Buffer, Buffer, Buffer>;

/**
 * The Kafka adapter of the transport port on @platformatic/kafka (`KAFKA_CLIENT=platformatic`), with the
 * contract of {@link KafkaTransport}: idempotent producer with acks from all in-sync replicas, keys
 * partitioned as Java/kafkajs do (murmur2, so both clients put an auction on the same partition), and
 * consumer groups handing the handler one partition's batch at a time, committed after it resolved.
 */
export class PlatformaticKafkaTransport {
  readonly name = 'kafka';
  readonly client = 'platformatic';
  readonly topic: string;
  private readonly logger: TransportLogger;
  private readonly consumers = new Set<SupervisedPlatformaticConsumer>();
  private producer: BufferProducer | undefined;
  private closed = false;

  constructor(private readonly options: KafkaTransportOptions) {
    if (options.brokers.length === 0) throw new Error('PlatformaticKafkaTransport needs at least one broker');
    this.topic = options.topic ?? DEFAULT_EVENTS_TOPIC;
    this.logger = options.logger ?? consoleTransportLogger;
  }

  /** Publishes events in one request per partition leader; resolves once every in-sync replica has them. */
  async publish(events: readonly StoredEvent[]): Promise<void> {
    if (this.closed) throw new Error('kafka transport is closed');
    if (events.length === 0) return;
    const producer = this.connectedProducer();
    try {
      await producer.send({
        messages: events.map((event) => {
          const message = encodeEvent(event);
          const headers = new Map<Buffer, Buffer>();
          for (const [name, value] of Object.entries(message.headers ?? {})) headers.set(Buffer.from(name), Buffer.from(String(value)));
          return { topic: this.topic, key: Buffer.from(String(message.key)), value: Buffer.from(String(message.value)), headers };
        }),
      });
    } catch (error) {
      this.dropProducer(producer);
      throw error;
    }
  }

  async consume(options: ConsumeOptions, handler: KafkaBatchHandler): Promise<KafkaConsumerHandle> {
    return this.consumeTopics([this.topic], options, handler);
  }

  async consumeTopics(topics: readonly string[], options: ConsumeOptions, handler: KafkaBatchHandler): Promise<KafkaConsumerHandle> {
    if (this.closed) throw new Error('kafka transport is closed');
    const session = this.options.sessionTimeoutMs ?? 30_000;
    const consumer = new SupervisedPlatformaticConsumer({
      brokers: this.options.brokers, clientId: this.options.clientId ?? 'auction', topics, group: options.group,
      fromBeginning: options.fromBeginning ?? false, handler, logger: this.logger,
      sessionTimeoutMs: session, heartbeatIntervalMs: Math.min(3_000, Math.floor(session / 3)),
      maxWaitTimeMs: this.options.maxWaitTimeInMs ?? 1_000,
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

  /** Messages of the topic the group has not committed yet (as {@link KafkaTransport.groupLag}). */
  async groupLag(group: string, timeoutMs = 1500): Promise<number> {
    const client = new Consumer({ clientId: 'auction-lag', bootstrapBrokers: this.options.brokers, groupId: group, retries: 0, timeout: timeoutMs });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer from Kafka within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const lag = (async () => {
        const [high, low] = await Promise.all([
          client.listOffsets({ topics: [this.topic], timestamp: -1n }),
          client.listOffsets({ topics: [this.topic], timestamp: -2n }),
        ]);
        const highs = high.get(this.topic) ?? [];
        const committed = await client.listCommittedOffsets({ topics: [{ topic: this.topic, partitions: highs.map((_, i) => i) }] });
        const done = committed.get(this.topic) ?? [];
        return highs.reduce((sum, h, i) => {
          const at = done[i] ?? -1n;
          return sum + Math.max(0, Number(h - (at < 0n ? (low.get(this.topic)?.[i] ?? 0n) : at)));
        }, 0);
      })();
      return await Promise.race([lag, deadline]);
    } finally {
      clearTimeout(timer);
      await new Promise<void>((resolve) => client.close(true, () => resolve()));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const consumers = [...this.consumers];
    this.consumers.clear();
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    const producer = this.producer;
    this.producer = undefined;
    await producer?.close().catch(() => {});
  }

  private connectedProducer(): BufferProducer {
    this.producer ??= new Producer({
      clientId: this.options.clientId ?? 'auction', bootstrapBrokers: this.options.brokers,
      idempotent: true, acks: ProduceAcks.ALL, autocreateTopics: false,
      compression: this.options.compression === 'none' ? 'none' : 'gzip',
      partitioner: compatibilityPartitioner, retries: 3, retryDelay: 250,
    });
    return this.producer;
  }

  private dropProducer(producer: BufferProducer): void {
    if (this.producer === producer) this.producer = undefined;
    producer.close().catch((error: unknown) => this.logger.warn('producer close failed', { error: errorMessage(error) }));
  }
}
