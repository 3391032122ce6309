import type { StoredEvent } from '@auction/event-store';

let position = 0;

/** A stored event of a domain event, at the next (or given) global position. */
export function stored(streamId: string, event: { type: string; data: object }, at?: number): StoredEvent {
  position = at ?? position + 1;
  return {
    streamId, streamVersion: 1, position, type: event.type, data: event.data as Record<string, unknown>, metadata: {},
    schemaVersion: 1, recordedAt: new Date(0),
  };
}

/** Folds events through a pure projection, starting from `row`. */
export function fold<R>(project: (row: R | undefined, e: StoredEvent) => R | undefined, events: readonly StoredEvent[], row?: R): R | undefined {
  return events.reduce<R | undefined>((r, e) => project(r, e), row);
}
