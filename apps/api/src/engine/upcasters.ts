import type { StoredEvent } from '@auction/event-store';
import type { DomainEvent } from './stream-writer.js';

type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/**
 * Upcasters by event type and the schema version they read. Every event type is at version 1 today;
 * a new version adds an entry here that lifts the old shape, so old events are read as new ones.
 */
const UPCASTERS: Record<string, Record<number, Upcaster>> = {};

/** The domain event of a stored event, lifted to the current schema version. */
export function upcast(event: StoredEvent): DomainEvent {
  let data = event.data;
  const steps = UPCASTERS[event.type];
  for (let v = event.schemaVersion; steps?.[v]; v++) data = steps[v]!(data);
  return { type: event.type, data };
}

/** A stored event with its data lifted to the current schema version (for consumers of stored events). */
export function upcastStored(event: StoredEvent): StoredEvent {
  const lifted = upcast(event);
  return lifted.data === event.data ? event : { ...event, data: lifted.data as Record<string, unknown> };
}
