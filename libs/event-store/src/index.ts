import type { EventStore } from './event-store.port.js';
import { PgliteEventStore } from './pglite-event-store.js';
import { PostgresEventStore } from './postgres-event-store.js';

export * from './event-store.port.js';
// The EventStoreDB adapter's type only: its client (gRPC, protobuf: about 7 MB of V8 heap) loads when it is chosen.
export type { EventStoreDbEventStore, EventStoreDbEventStoreOptions } from './eventstoredb-event-store.js';
export { PgliteEventStore, type PgliteEventStoreOptions } from './pglite-event-store.js';
export { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store.js';
export type { SqlEventStoreOptions } from './internal/sql-event-store.js';
export { DEFAULT_PGLITE_SHARED_BUFFERS, PGLITE_MEMORY_SIZE, PGLITE_SHARED_BUFFERS_KB, pgliteSharedBuffersProblem, pgliteStartParams } from './pglite-settings.js';
export type { GroupCommitStats } from './internal/group-commit.js';

/** Where the event store lives. A field left undefined falls back to its environment variable. */
export interface EventStoreConfig {
  /** PostgreSQL URL; default `process.env.DATABASE_URL`. */
  databaseUrl?: string;
  /** EventStoreDB connection string; default `process.env.EVENTSTORE_URL`. */
  eventStoreUrl?: string;
  /** PGlite data directory; in memory when undefined. */
  dataDir?: string;
  /** PGlite: a fresh cluster's files to start an empty `dataDir` from (see {@link PgliteEventStoreOptions.loadDataDir}). */
  loadDataDir?: Blob;
  /** PGlite: PostgreSQL's `shared_buffers` (default `DEFAULT_PGLITE_SHARED_BUFFERS`). */
  sharedBuffers?: string;
}

/**
 * Picks the adapter: EventStoreDB when an EventStoreDB URL is given, else PostgreSQL when a
 * database URL is given, else PGlite in `dataDir` (or in memory). The caller still calls `init()`.
 * Asynchronous because the EventStoreDB client is loaded only when it is the one chosen.
 */
export async function createEventStore(config: EventStoreConfig = {}): Promise<EventStore> {
  const eventStoreUrl = config.eventStoreUrl ?? process.env['EVENTSTORE_URL'];
  const databaseUrl = config.databaseUrl ?? process.env['DATABASE_URL'];
  if (eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('./eventstoredb-event-store.js');
    return new EventStoreDbEventStore(eventStoreUrl);
  }
  if (databaseUrl) return new PostgresEventStore(databaseUrl);
  return new PgliteEventStore({ dataDir: config.dataDir, loadDataDir: config.loadDataDir, sharedBuffers: config.sharedBuffers });
}
