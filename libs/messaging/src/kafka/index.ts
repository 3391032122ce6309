// The Kafka adapters of the transport port and Kafka's topic set-up. Loaded on demand (`loadKafka()` in
// transport/index.ts): their clients (@platformatic/kafka, kafkajs) took about 11 MB of V8 heap imported alone, which
// the embedded default, without Kafka, need not hold.
export { DEFAULT_EVENTS_TOPIC, KafkaTransport, type KafkaConsumerHandle, type KafkaTransportOptions } from './kafka-transport.js';
export { PlatformaticKafkaTransport } from './platformatic-transport.js';
export {
  KAFKA_CLIENTS, createKafkaTransport, isKafkaTransport, kafkaClientFromEnv, type KafkaClientName, type KafkaClientTransport,
} from './kafka-client.js';
export type { ConsumerStats, KafkaBatchHandler, KafkaBatchSource } from './kafka-consumer.js';
export { decodeEvent, encodeEvent, EVENT_HEADERS } from './event-codec.js';
export {
  DEFAULT_TOPIC_PARTITIONS, DEFAULT_TOPICS_FILE, ensureTopics, loadTopicSpecs, parseTopicsConf,
  type EnsureTopicsOptions, type EnsureTopicsResult, type TopicSpec,
} from './topics.js';
export { KafkaBatchContext, KafkaEventServer, type KafkaEventServerOptions } from './kafka-event-server.js';
