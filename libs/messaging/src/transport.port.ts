import type { StoredEvent } from '@auction/event-store';

/**
 * The transport port: carries the event log from the store to its consumers (projections, the live
 * channel). Two adapters: in-process (embedded default: consumers follow the store itself) and Kafka
 * (a relay publishes the log to a topic keyed by auction id; consumers are consumer groups).
 *
 * Delivery is at least once and in order per partition key (per auction): consumers must be
 * idempotent (the projections keep a per-stream checkpoint in the same transaction as their rows).
 */

/** A consumer's handler: called with batches in order per partition key; the next batch of that partition waits for it. */
export type BatchHandler = (events: StoredEvent[]) => Promise<void>;

/** Options of a consumer. */
export interface ConsumeOptions {
  /** Consumer group name: one per projection set / live publisher. */
  readonly group: string;
  /**
   * Where an in-process consumer resumes (global position already handled, 0 = from the start).
   * Kafka consumers resume from their group's committed offsets instead.
   */
  readonly resumeAfter: () => Promise<number>;
  /** Start from the beginning of the topic when the group has no committed offset (Kafka). */
  readonly fromBeginning?: boolean;
}

/** A running consumer. */
export interface ConsumerHandle {
  /** Stops consuming; resolves when no handler is running any more. */
  stop(): Promise<void>;
}

/** The transport port. */
export interface EventTransport {
  /** `in-process` or `kafka`, for logs and metrics. */
  readonly name: string;
  /** Starts consuming as a group; the handler gets every event after the resume point, in order per partition key. */
  consume(options: ConsumeOptions, handler: BatchHandler): Promise<ConsumerHandle>;
  /** Releases connections (stops every consumer and the relay). */
  close(): Promise<void>;
}

/** Partition key of an event: its auction for auction and lot streams, else its stream. */
export function partitionKeyOf(event: StoredEvent): string {
  const fromMeta = event.metadata['partitionKey'];
  if (typeof fromMeta === 'string' && fromMeta) return fromMeta;
  const idAuction = event.data['idAuction'];
  if (typeof idAuction === 'string' && idAuction) return idAuction;
  return event.streamId;
}

/** Durable checkpoints (the relay's position in the log). */
export interface CheckpointStore {
  load(name: string): Promise<number>;
  save(name: string, position: number): Promise<void>;
}
