import type { EventStore, StoredEvent } from '@auction/event-store';
import type { ReadModelDb } from '../db/read-model-db.js';
import type { TableDump } from '../dump-tables.js';
import { isProjectedStream, projectAll } from '../projections/project-event.js';
import type { TableRows } from '../projections/row-set.js';
import { Projector } from '../projector.js';
import { checkpointsTable, parkedEventsTable, PROJECTED_TABLES, type ProjectedTable } from '../tables/read-model-tables.js';

/** How an integration suite opens its database: a live schema of its own, dropped by `cleanup`. */
export interface SuiteDb {
  readonly db: ReadModelDb;
  /** Prefix of every schema the suite creates (the live schema itself). */
  readonly schema: string;
  cleanup(): Promise<void>;
}

/** Projects `batches` into a fresh schema `name` and returns the projector. */
export async function projectInto(db: ReadModelDb, name: string, batches: readonly (readonly StoredEvent[])[]): Promise<Projector> {
  await db.dropSchema(name);
  await db.ensureSchema(name);
  const projector = new Projector({ db, schema: name });
  for (const batch of batches) await projector.apply(batch);
  return projector;
}

/** Cuts a list into batches of `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Appends generated events to a real store in their order, `size` at a time (one atomic appendMulti per chunk). */
export async function appendInOrder(store: EventStore, events: readonly StoredEvent[], size = 500): Promise<void> {
  for (const chunk of chunks(events, size)) {
    const byStream = new Map<string, StoredEvent[]>();
    for (const e of chunk) {
      let list = byStream.get(e.streamId);
      if (!list) byStream.set(e.streamId, (list = []));
      list.push(e);
    }
    await store.appendMulti([...byStream].map(([streamId, list]) => ({
      streamId, expectedVersion: 'any' as const,
      events: list.map((e) => ({ type: e.type, data: e.data, metadata: e.metadata, schemaVersion: e.schemaVersion })),
    })));
  }
}

/** Every event of a store, in global order. */
export async function readEverything(store: EventStore, batch = 5000): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  for (let after = 0; ;) {
    const events = await store.readAll(after, batch);
    if (events.length === 0) return out;
    out.push(...events);
    after = events[events.length - 1]!.position;
  }
}

/** What `dumpTables` must read after `events` were projected once: the pure projections' rows, in key order. */
export function pureTables(events: readonly StoredEvent[], projection = 'read_models'): TableDump {
  const rows = projectAll(events);
  const dump: TableDump = {};
  const byKey = (primary: readonly string[]) => {
    const key = (r: object) => primary.map((p) => String((r as Record<string, unknown>)[p])).join('\u0000');
    return (a: object, b: object) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
  };
  for (const t of Object.keys(PROJECTED_TABLES) as ProjectedTable[]) {
    const spec = PROJECTED_TABLES[t];
    dump[spec.table] = ((rows[t] as TableRows<object>).changes().upserts as Record<string, unknown>[]).sort(byKey(spec.primary));
  }
  const last = new Map(events.filter((e) => isProjectedStream(e.streamId)).map((e) => [e.streamId, e.position]));
  dump[checkpointsTable.table] = [...last].map(([streamId, position]) => ({ projection, streamId, position })).sort(byKey(['streamId']));
  dump[parkedEventsTable.table] = [];
  return dump;
}
