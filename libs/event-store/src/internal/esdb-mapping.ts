import { jsonEvent, type AllStreamResolvedEvent, type ReadPosition, type ResolvedEvent } from '@eventstore/db-client';
import type { NewEvent, StoredEvent } from '../event-store.port.js';

/** Metadata key under which our `schemaVersion` travels in EventStoreDB; removed again on read. */
const SCHEMA_VERSION_KEY = 'eventSchemaVersion';
/** What servers report as the commit position of events read from a single stream. */
const UNKNOWN_POSITION = 18_446_744_073_709_551_615n;

/** The `$all` position of the event whose commit position is `position`. */
export function at(position: number): ReadPosition {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

/** System streams and events (`$...`) are not ours. */
export function isSystem(event: StoredEvent): boolean {
  return event.type.startsWith('$') || event.streamId.startsWith('$');
}

/** Our event as EventStoreDB JSON event data. */
export function toEventData(event: NewEvent) {
  return jsonEvent({
    type: event.type,
    data: event.data,
    metadata: { ...event.metadata, [SCHEMA_VERSION_KEY]: event.schemaVersion ?? 1 },
  });
}

/** A resolved EventStoreDB event as ours; undefined for links to deleted events and binary events. */
export function toStoredEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): StoredEvent | undefined {
  const event = resolved.event;
  if (!event || !event.isJson) return undefined;
  const commit = event.position?.commit ?? resolved.commitPosition;
  const { [SCHEMA_VERSION_KEY]: schemaVersion, ...metadata } = (event.metadata ?? {}) as Record<string, unknown>;
  return {
    streamId: event.streamId,
    streamVersion: Number(event.revision) + 1,
    position: commit === undefined || commit === UNKNOWN_POSITION ? -1 : Number(commit),
    type: event.type,
    data: event.data as Record<string, unknown>,
    metadata,
    schemaVersion: typeof schemaVersion === 'number' ? schemaVersion : 1,
    recordedAt: event.created,
  };
}
