import { KafkaTransport, type KafkaTransportOptions } from './kafka-transport.js';
import { PlatformaticKafkaTransport } from './platformatic-transport.js';

/** The Kafka client libraries the transport port can run on. */
export const KAFKA_CLIENTS = ['kafkajs', 'platformatic'] as const;
export type KafkaClientName = (typeof KAFKA_CLIENTS)[number];

/** A Kafka adapter of the transport port, whichever client it runs on. */
export type KafkaClientTransport = KafkaTransport | PlatformaticKafkaTransport;

/** `KAFKA_CLIENT` (kafkajs | platformatic), default platformatic (measured in BENCHMARKS.md, "Kafka client"). */
export function kafkaClientFromEnv(value = process.env['KAFKA_CLIENT']): KafkaClientName {
  if (!value) return 'platformatic';
  if ((KAFKA_CLIENTS as readonly string[]).includes(value)) return value as KafkaClientName;
  throw new Error(`KAFKA_CLIENT must be one of ${KAFKA_CLIENTS.join(', ')}, got '${value}'`);
}

/** The Kafka transport on the client `client` (default: {@link kafkaClientFromEnv}). */
export function createKafkaTransport(options: KafkaTransportOptions, client: KafkaClientName = kafkaClientFromEnv()): KafkaClientTransport {
  return client === 'platformatic' ? new PlatformaticKafkaTransport(options) : new KafkaTransport(options);
}

/** True for either Kafka adapter. */
export function isKafkaTransport(transport: unknown): transport is KafkaClientTransport {
  return transport instanceof KafkaTransport || transport instanceof PlatformaticKafkaTransport;
}
