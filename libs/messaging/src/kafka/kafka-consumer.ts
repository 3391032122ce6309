import type { StoredEvent } from '@auction/event-store';
import type { Consumer, ConsumerConfig, EachBatchPayload, Kafka } from 'kafkajs';
import type { ConsumerHandle } from '../transport.port.js';
import { errorMessage, type TransportLogger } from '../transport/transport-logger.js';
import { decodeEvent } from './event-codec.js';

/** Where a batch comes from. */
export interface KafkaBatchSource {
  readonly topic: string;
  readonly partition: number;
  /** Offsets of the batch's first and last messages. */
  readonly firstOffset: string;
  readonly lastOffset: string;
}

/** A batch handler that may also look at where its batch comes from (a {@link BatchHandler} fits). */
export type KafkaBatchHandler = (events: StoredEvent[], source: KafkaBatchSource) => Promise<void>;

/** What a {@link SupervisedKafkaConsumer} consumes and how. */
export interface SupervisedConsumerSettings {
  readonly kafka: Kafka;
  readonly topics: readonly string[];
  readonly group: string;
  readonly fromBeginning: boolean;
  readonly handler: KafkaBatchHandler;
  readonly logger: TransportLogger;
  /** kafkajs consumer settings besides `groupId`. */
  readonly consumerConfig: Omit<ConsumerConfig, 'groupId'>;
  /** Partitions whose batches may run at the same time (one batch per partition at a time). */
  readonly partitionsConsumedConcurrently: number;
  /** First delay before restarting a crashed consumer; doubles up to `maxRestartDelayMs`. */
  readonly restartDelayMs?: number;
  readonly maxRestartDelayMs?: number;
}

/** Counters of one consumer, for tests and metrics. */
export interface ConsumerStats {
  batches: number;
  events: number;
  handlerFailures: number;
  /** Restarts we did after kafkajs gave up (crash with `restart: false`, or a failed start). */
  restarts: number;
}

/**
 * A kafkajs consumer group member that hands each partition's batch to the handler and commits the
 * batch's offsets only after the handler resolved (at least once: a failing handler, a lost
 * rebalance or a crash before the commit means the batch comes again). kafkajs retries and rejoins
 * by itself; when it gives up (`crash` with `restart: false`) this class builds a new consumer.
 */
export class SupervisedKafkaConsumer implements ConsumerHandle {
  private current: Consumer | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private restartAttempt = 0;
  private stopped = false;
  private inFlight: Promise<void> | undefined;
  private readonly counters: ConsumerStats = { batches: 0, events: 0, handlerFailures: 0, restarts: 0 };

  constructor(private readonly settings: SupervisedConsumerSettings) {}

  /** First start: resolves once joined, or once the first attempt failed (a restart is then scheduled). */
  async start(): Promise<void> {
    try {
      await this.run();
    } catch (error) {
      this.settings.logger.error(`consumer ${this.settings.group}: start failed, will retry`, { error: errorMessage(error) });
      this.scheduleRestart(this.current);
    }
  }

  stats(): ConsumerStats {
    return { ...this.counters };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.restartTimer);
    const consumer = this.current;
    this.current = undefined;
    // disconnect() stops the runner, which waits for the batch in progress.
    await consumer?.disconnect().catch(() => {});
    await this.inFlight;
  }

  private async run(): Promise<void> {
    const { kafka, topics, group, fromBeginning, logger } = this.settings;
    const consumer = kafka.consumer({ ...this.settings.consumerConfig, groupId: group, allowAutoTopicCreation: false });
    this.current = consumer;
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart) {
        logger.warn(`consumer ${group}: crashed, kafkajs restarts it`, { error: errorMessage(payload.error) });
        return;
      }
      logger.error(`consumer ${group}: crashed for good, restarting it`, { error: errorMessage(payload.error) });
      this.scheduleRestart(consumer);
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [...topics], fromBeginning });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: this.settings.partitionsConsumedConcurrently,
      eachBatch: (payload) => this.eachBatch(payload),
    });
    if (this.stopped) await consumer.disconnect().catch(() => {});
  }

  private scheduleRestart(consumer: Consumer | undefined): void {
    if (this.stopped || consumer !== this.current || this.restartTimer) return;
    const base = this.settings.restartDelayMs ?? 1_000;
    const delay = Math.min(base * 2 ** this.restartAttempt, this.settings.maxRestartDelayMs ?? 10_000);
    this.restartAttempt += 1;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      void this.restart(consumer);
    }, delay);
  }

  private async restart(old: Consumer | undefined): Promise<void> {
    await old?.disconnect().catch(() => {});
    if (this.stopped) return;
    this.counters.restarts += 1;
    try {
      await this.run();
      this.restartAttempt = 0;
    } catch (error) {
      this.settings.logger.error(`consumer ${this.settings.group}: restart failed, will retry`, { error: errorMessage(error) });
      this.scheduleRestart(this.current);
    }
  }

  private async eachBatch(payload: EachBatchPayload): Promise<void> {
    const { batch, isRunning, isStale } = payload;
    if (batch.messages.length === 0 || !isRunning() || isStale()) return;
    const run = this.handleBatch(payload);
    this.inFlight = run.catch(() => {});
    await run;
  }

  private async handleBatch({ batch, resolveOffset, heartbeat, commitOffsetsIfNecessary }: EachBatchPayload): Promise<void> {
    const events: StoredEvent[] = [];
    for (const message of batch.messages) {
      try {
        events.push(decodeEvent(message.value));
      } catch (error) {
        // A message not written by the relay can never be handled: skip it rather than block the partition.
        this.settings.logger.error(`consumer ${this.settings.group}: skipping undecodable message`, {
          topic: batch.topic, partition: batch.partition, offset: message.offset, error: errorMessage(error),
        });
      }
    }
    const last = batch.messages[batch.messages.length - 1]!.offset;
    if (events.length > 0) {
      try {
        await this.settings.handler(events, {
          topic: batch.topic, partition: batch.partition, firstOffset: batch.messages[0]!.offset, lastOffset: last,
        });
      } catch (error) {
        this.counters.handlerFailures += 1;
        throw error; // nothing resolved nor committed: kafkajs fetches this batch again
      }
    }
    const next = (BigInt(last) + 1n).toString();
    await commitOffsetsIfNecessary({ topics: [{ topic: batch.topic, partitions: [{ partition: batch.partition, offset: next }] }] });
    resolveOffset(last);
    this.counters.batches += 1;
    this.counters.events += events.length;
    await heartbeat(); // throws when a rebalance began: kafkajs then rejoins
  }
}
