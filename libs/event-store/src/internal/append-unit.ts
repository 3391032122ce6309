import type { AppendResult, NewEvent, StreamAppend } from '../event-store.port.js';

/** An event with its JSON already serialized, so a bad payload fails its own append only. */
export interface PreparedEvent {
  type: string;
  data: string;
  metadata: string;
  schemaVersion: number;
}

/** One stream's part of a unit. */
export interface PreparedAppend {
  streamId: string;
  expectedVersion: number | 'any';
  events: PreparedEvent[];
}

/** What the group committer queues: one `append` or one `appendMulti`, written all or nothing. */
export type AppendUnit = PreparedAppend[];

/** How one unit of a flush ended: written, or refused on its own (the rest of the flush goes on). */
export type UnitOutcome = { ok: true; results: AppendResult[] } | { ok: false; error: Error };

/** Validates and serializes appends; throws synchronously on bad input so nothing is queued. */
export function prepareUnit(appends: StreamAppend[]): AppendUnit {
  return appends.map(({ streamId, expectedVersion, events }) => {
    if (typeof streamId !== 'string' || streamId.length === 0) throw new Error('streamId must be a non-empty string');
    if (expectedVersion !== 'any' && !(Number.isInteger(expectedVersion) && expectedVersion >= 0)) {
      throw new Error(`stream ${streamId}: expectedVersion must be 'any' or an integer >= 0`);
    }
    return { streamId, expectedVersion, events: events.map(prepareEvent) };
  });
}

function prepareEvent(event: NewEvent): PreparedEvent {
  if (typeof event.type !== 'string' || event.type.length === 0) throw new Error('event type must be a non-empty string');
  return {
    type: event.type,
    data: JSON.stringify(event.data),
    metadata: JSON.stringify(event.metadata ?? {}),
    schemaVersion: event.schemaVersion ?? 1,
  };
}

/** Number of events in a unit. */
export function unitSize(unit: AppendUnit): number {
  return unit.reduce((sum, part) => sum + part.events.length, 0);
}
