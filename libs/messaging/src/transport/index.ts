// Transport adapters (in-process, Kafka), the relay and Kafka topic set-up.
export { InProcessTransport } from './in-process-transport.js';
export { consoleTransportLogger, errorMessage, type TransportLogger } from './transport-logger.js';
export {
  DEFAULT_EVENTS_TOPIC, KafkaTransport, type KafkaConsumerHandle, type KafkaTransportOptions,
} from '../kafka/kafka-transport.js';
export { PlatformaticKafkaTransport } from '../kafka/platformatic-transport.js';
export {
  KAFKA_CLIENTS, createKafkaTransport, isKafkaTransport, kafkaClientFromEnv, type KafkaClientName, type KafkaClientTransport,
} from '../kafka/kafka-client.js';
export type { ConsumerStats, KafkaBatchHandler, KafkaBatchSource } from '../kafka/kafka-consumer.js';
export { decodeEvent, encodeEvent, EVENT_HEADERS } from '../kafka/event-codec.js';
export {
  DEFAULT_TOPIC_PARTITIONS, DEFAULT_TOPICS_FILE, ensureTopics, loadTopicSpecs, parseTopicsConf,
  type EnsureTopicsOptions, type EnsureTopicsResult, type TopicSpec,
} from '../kafka/topics.js';
export { KafkaBatchContext, KafkaEventServer, type KafkaEventServerOptions } from '../kafka/kafka-event-server.js';
export { Relay, type RelayOptions, type RelayProducer, type RelayStats } from '../relay/relay.js';
export { InMemoryCheckpointStore } from '../relay/memory-checkpoint-store.js';
