// Transport adapters (in-process, Kafka), the relay and Kafka topic set-up.
export { InProcessTransport } from './in-process-transport.js';
export { consoleTransportLogger, errorMessage, type TransportLogger } from './transport-logger.js';
// Kafka's types only: its modules load with `loadKafka()`, when Kafka is configured (see kafka/index.ts).
export type {
  KafkaConsumerHandle, KafkaTransportOptions, KafkaClientName, KafkaClientTransport, ConsumerStats, KafkaBatchHandler,
  KafkaBatchSource, EnsureTopicsOptions, EnsureTopicsResult, TopicSpec, KafkaEventServerOptions,
} from '../kafka/index.js';
export { Relay, type RelayOptions, type RelayProducer, type RelayStats } from '../relay/relay.js';
export { InMemoryCheckpointStore } from '../relay/memory-checkpoint-store.js';

/** The Kafka part of this library (adapters, topic set-up, event codec, Nest transport strategy), loaded on first call. */
export type KafkaModule = typeof import('../kafka/index.js');

/**
 * Loads the Kafka part of this library. Kept out of the static imports: kafkajs and @platformatic/kafka load only in a
 * process that uses Kafka.
 */
export function loadKafka(): Promise<KafkaModule> {
  return import('../kafka/index.js');
}
