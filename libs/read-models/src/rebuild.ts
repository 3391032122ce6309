import type { EventStore, ReadAllOptions, StoredEvent } from '@auction/event-store';
import type { ReadModelDb } from './db/read-model-db.js';
import { Projector, swapLockKey } from './projector.js';
import { ALL_TABLES } from './tables/read-model-tables.js';
import { ident, qualified } from './tables/table-spec.js';

/** Options of {@link rebuildReadModels}. */
export interface RebuildOptions {
  readonly store: EventStore;
  readonly db: ReadModelDb;
  /** Events read and applied per transaction (split among `parallelism` transactions), default 5,000. */
  readonly batchSize?: number;
  /** Called after each batch with the position reached and the store's head. */
  readonly onProgress?: (position: number, head: number) => void;
  /**
   * Pauses the live projector (waiting for its running batch) and returns the function that resumes it,
   * e.g. `() => liveProjector.pause()`. Called once, just before the final catch-up and the swap.
   */
  readonly pauseLive?: () => Promise<() => void>;
  /** Live schema, default the database's. The rebuild writes `<schema>_next` and swaps it in. */
  readonly schema?: string;
  /**
   * Transactions applied side by side, each for its share of the streams (every row belongs to one stream,
   * so they never touch the same rows); default 2 on PostgreSQL, 1 on PGlite (one session).
   */
  readonly parallelism?: number;
  /** Projection name of the checkpoints, default `read_models` (the live projector's). */
  readonly projection?: string;
  readonly upcast?: (event: StoredEvent) => StoredEvent;
  /**
   * Rows each rebuild projector keeps in memory between its batches (the rows events read back: lots, auctions, dealer
   * bests...; never offers), default 200,000: a batch then reads nothing from the tables it writes.
   */
  readonly keepRows?: number;
}

/** What a rebuild did. */
export interface RebuildStats {
  readonly events: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
  /** Last position projected before the swap. */
  readonly position: number;
}

/**
 * Rebuilds every read model from position 0 beside the live tables, then swaps them in. Projects the whole
 * log into `<schema>_next` (reading the next batch while applying one, `parallelism` transactions side by
 * side, the next batch handed over before the last one commits, each projector keeping the rows it wrote in
 * memory instead of reading them back), keeps catching up until it meets the head, pauses the live projector
 * (`pauseLive`), and in one transaction that first takes the swap lock (which every projector transaction on
 * `<schema>` shares) catches up the last events and renames `<schema>` → `<schema>_old`, `<schema>_next` → `<schema>`. Then it resumes
 * the live projector and drops the old tables. Queries and the live projector address the schema by name,
 * so they keep working throughout; the live projector reads its checkpoints back in each transaction, so
 * after the swap it skips what the rebuild already applied.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildStats> {
  const { store, db } = options;
  const live = options.schema ?? db.schema;
  const next = `${live}_next`;
  const old = `${live}_old`;
  const batchSize = options.batchSize ?? 5000;
  const started = performance.now();
  await db.dropSchema(next);
  await db.ensureSchema(next);
  const parallelism = Math.max(1, options.parallelism ?? (db.kind === 'postgres' ? 2 : 1));
  const projectors = Array.from({ length: parallelism }, () => new Projector({
    db, schema: next, projection: options.projection, upcast: options.upcast, soleWriter: true,
    keepRows: options.keepRows ?? 200_000,
  }));
  // A stream always goes to the same projector: each one's memory of its streams' checkpoints stays complete.
  const apply = async (batch: readonly StoredEvent[], sideBySide: boolean): Promise<void> => {
    if (parallelism === 1) return projectors[0]!.apply(batch);
    const parts = projectors.map((): StoredEvent[] => []);
    for (const e of batch) parts[shareOf(e.streamId, parallelism)]!.push(e);
    const work = parts.map((part, i) => () => (part.length > 0 ? projectors[i]!.apply(part) : Promise.resolve()));
    if (sideBySide) {
      // Settled, not Promise.all: a part that fails must not return while another projector's part still writes
      // (catchUp would throw with transactions running, which a next rebuild's fresh tables could then receive).
      const results = await Promise.allSettled(work.map((w) => w()));
      const failure = results.find((r) => r.status === 'rejected');
      if (failure) throw failure.reason;
    }
    else for (const w of work) await w();
  };
  let position = 0;
  let events = 0;
  const done = async (batch: readonly StoredEvent[]): Promise<void> => {
    events += batch.length;
    position = batch[batch.length - 1]!.position;
    if (options.onProgress) options.onProgress(position, Math.max(position, await store.headPosition()));
  };
  const catchUp = async (sideBySide: boolean): Promise<void> => {
    let read = position;
    let pending = store.readAll(read, batchSize, READ);
    // Side by side, the next batch is handed to the projectors before the previous one has committed: each projector
    // still applies its batches one after the other, but one projects (CPU) while another waits for the database.
    let inflight: { batch: readonly StoredEvent[]; applied: Promise<void> } | null = null;
    let failed = false;
    try {
      for (;;) {
        const batch = await pending;
        if (batch.length === 0) break;
        read = batch[batch.length - 1]!.position;
        pending = store.readAll(read, batchSize, READ);
        pending.catch(() => {});
        if (!sideBySide) {
          await apply(batch, false);
          await done(batch);
          continue;
        }
        const previous = inflight;
        inflight = { batch, applied: apply(batch, true) };
        inflight.applied.catch(() => {});
        if (previous) {
          await previous.applied;
          await done(previous.batch);
        }
      }
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      // Nothing is left running when this returns or throws; a failure of the last batch surfaces here.
      const last = inflight as { batch: readonly StoredEvent[]; applied: Promise<void> } | null;
      if (last && failed) await last.applied.catch(() => {});
      else if (last) {
        await last.applied;
        await done(last.batch);
      }
    }
  };
  await catchUp(true);
  // Fresh tables have no statistics yet; give the planner some before queries read them.
  for (const spec of ALL_TABLES) await db.query(`ANALYZE ${qualified(next, spec)}`);
  const resume = options.pauseLive ? await options.pauseLive() : () => {};
  try {
    await catchUp(true);
    await db.transaction(async (tx) => {
      // Waits for live projector transactions in flight and holds later ones until the swap commits. The last
      // catch-up runs inside (its transactions join this one): whatever the live projector wrote to the old
      // tables came from the store and is read here, so nothing is lost even without `pauseLive`.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [swapLockKey(live)]);
      await catchUp(false);
      await tx.query(`DROP SCHEMA IF EXISTS ${ident(old)} CASCADE`);
      const exists = await tx.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [live]);
      if (exists.length > 0) await tx.query(`ALTER SCHEMA ${ident(live)} RENAME TO ${ident(old)}`);
      await tx.query(`ALTER SCHEMA ${ident(next)} RENAME TO ${ident(live)}`);
    });
  } finally {
    resume();
  }
  // Outside the swap: dropping waits for queries still reading the old tables, and holds nobody up meanwhile.
  await db.dropSchema(old);
  const seconds = (performance.now() - started) / 1000;
  return { events, seconds, eventsPerSecond: seconds > 0 ? events / seconds : events, position };
}

/** The projections never look at an event's metadata: the SQL stores leave it out of the rebuild's reads. */
const READ: ReadAllOptions = { withoutMetadata: true };

/** The share of a stream among `n` (FNV-1a of its id): the same stream always goes to the same projector. */
function shareOf(streamId: string, n: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < streamId.length; i++) h = Math.imul(h ^ streamId.charCodeAt(i), 0x01000193);
  return (h >>> 0) % n;
}
