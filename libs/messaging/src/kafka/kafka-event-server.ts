import { BaseRpcContext, Server, type CustomTransportStrategy } from '@nestjs/microservices';
import { isObservable, lastValueFrom } from 'rxjs';
import type { StoredEvent } from '@auction/event-store';
import type { KafkaBatchSource } from './kafka-consumer.js';
import type { KafkaClientTransport } from './kafka-client.js';
import type { KafkaConsumerHandle } from './kafka-transport.js';

/** Options of {@link KafkaEventServer}. */
export interface KafkaEventServerOptions {
  /** The transport whose cluster and settings the consumer uses; the caller closes it. */
  transport: KafkaClientTransport;
  /** Consumer group of this microservice (all its `@EventPattern` topics in one group). */
  group: string;
  /** Start at the beginning of a topic the group has no offset for (default false). */
  fromBeginning?: boolean;
}

/** Context of a batch handler: `@Ctx() context: KafkaBatchContext`. */
export class KafkaBatchContext extends BaseRpcContext<[KafkaBatchSource, string]> {
  getTopic(): string {
    return this.args[0].topic;
  }
  getPartition(): number {
    return this.args[0].partition;
  }
  getSource(): KafkaBatchSource {
    return this.args[0];
  }
  getGroup(): string {
    return this.args[1];
  }
}

/**
 * A Nest microservice transport that hands `@EventPattern('<topic>')` handlers whole batches of
 * StoredEvents (one partition, offset order) and commits only after the handler resolved (or its
 * observable completed): a handler that throws gets the batch again. Nest's own `ServerKafka` calls
 * handlers one message at a time and commits on its own schedule, so it cannot give these guarantees.
 *
 * `app.connectMicroservice({ strategy: new KafkaEventServer({ transport, group: 'projections' }) })`
 */
export class KafkaEventServer extends Server implements CustomTransportStrategy {
  // Handler failures must reach us (no commit, redelivery) instead of being logged by Nest.
  override readonly propagatesEventHandlerErrors = true;
  private consumer: KafkaConsumerHandle | undefined;

  constructor(private readonly options: KafkaEventServerOptions) {
    super();
  }

  async listen(callback: (...optionalParams: unknown[]) => unknown): Promise<void> {
    try {
      const topics: string[] = [];
      for (const [pattern, handler] of this.getHandlers()) {
        if (handler.isEventHandler) topics.push(pattern);
        else this.logger.warn?.(`KafkaEventServer serves @EventPattern only; @MessagePattern('${pattern}') is ignored`);
      }
      if (topics.length > 0) {
        this.consumer = await this.options.transport.consumeTopics(
          topics,
          { group: this.options.group, fromBeginning: this.options.fromBeginning ?? false, resumeAfter: async () => 0 },
          (events, source) => this.dispatch(events, source),
        );
      }
      callback();
    } catch (error) {
      callback(error);
    }
  }

  async close(): Promise<void> {
    const consumer = this.consumer;
    this.consumer = undefined;
    await consumer?.stop();
  }

  /** The running consumer's counters (undefined before `listen`). */
  consumerStats(): ReturnType<KafkaConsumerHandle['stats']> | undefined {
    return this.consumer?.stats();
  }

  on(): never {
    throw new Error('KafkaEventServer has no events');
  }

  unwrap<T>(): T {
    return this.options.transport as T;
  }

  private async dispatch(events: StoredEvent[], source: KafkaBatchSource): Promise<void> {
    const handler = this.getHandlerByPattern(source.topic);
    if (!handler) throw new Error(`no @EventPattern handler for topic ${source.topic}`);
    const result: unknown = await handler(events, new KafkaBatchContext([source, this.options.group]));
    if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
  }
}
