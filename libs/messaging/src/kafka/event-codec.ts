import type { StoredEvent } from '@auction/event-store';
import type { Message } from 'kafkajs';
import { partitionKeyOf } from '../transport.port.js';

/** Header names carried by every event message. */
export const EVENT_HEADERS = { type: 'event-type', position: 'event-position', contentType: 'content-type' } as const;

/** A StoredEvent as a Kafka message: keyed by {@link partitionKeyOf}, JSON value, type and position headers. */
export function encodeEvent(event: StoredEvent): Message {
  return {
    key: partitionKeyOf(event),
    value: JSON.stringify({ ...event, recordedAt: event.recordedAt.toISOString() }),
    headers: {
      [EVENT_HEADERS.type]: event.type,
      [EVENT_HEADERS.position]: String(event.position),
      [EVENT_HEADERS.contentType]: 'application/json',
    },
  };
}

/** Parses a message value written by {@link encodeEvent}; throws on anything else. */
export function decodeEvent(value: Buffer | null): StoredEvent {
  if (!value) throw new Error('empty message value');
  const raw = JSON.parse(value.toString('utf8')) as Record<string, unknown>;
  if (typeof raw['streamId'] !== 'string' || typeof raw['position'] !== 'number' || typeof raw['type'] !== 'string') {
    throw new Error('message is not a stored event');
  }
  return {
    streamId: raw['streamId'],
    streamVersion: Number(raw['streamVersion']),
    position: raw['position'],
    type: raw['type'],
    data: (raw['data'] ?? {}) as Record<string, unknown>,
    metadata: (raw['metadata'] ?? {}) as StoredEvent['metadata'],
    schemaVersion: Number(raw['schemaVersion'] ?? 1),
    recordedAt: new Date(String(raw['recordedAt'])),
  };
}
