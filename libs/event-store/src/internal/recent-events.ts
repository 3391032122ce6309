import type { StoredEvent } from '../event-store.port.js';

/** The rows one flush wrote, as `writeUnits` inserted them (JSON already serialized). */
export interface WrittenRows {
  readonly positions: readonly number[];
  readonly streamIds: readonly string[];
  readonly versions: readonly number[];
  readonly types: readonly string[];
  readonly data: readonly string[];
  readonly metadata: readonly string[];
  readonly schemaVersions: readonly number[];
  /** The transaction's `now()` in epoch ms: the `recorded_at` of every row. */
  readonly recordedMs: number;
  /** The version each stream written has now. */
  readonly streamVersions: ReadonlyMap<string, number>;
}

interface Recent {
  readonly position: number;
  readonly streamId: string;
  readonly streamVersion: number;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
  readonly schemaVersion: number;
  readonly recordedMs: number;
}

/**
 * The last events this process committed, for a store that is the only writer of its log (PGlite: one process
 * holds the database). Once a flush committed, every event committed later goes through this store too, so the
 * events after the first flush's first position are all here, in position order (gaps left by rolled-back flushes
 * included). A subscription that is caught up reads its next batch from here instead of querying the events it
 * was just told about: same events, parsed from the JSON that was written (new objects for every reader).
 */
export class RecentEvents {
  private readonly events: Recent[] = [];
  /** Every committed event with a position above this one is held (null: nothing known yet). */
  private coveredAfter: number | null = null;

  constructor(private readonly capacity = 20_000) {}

  /** Records a committed flush. */
  add(rows: WrittenRows): void {
    const n = rows.positions.length;
    if (n === 0) return;
    if (this.coveredAfter === null) this.coveredAfter = rows.positions[0]! - 1;
    for (let i = 0; i < n; i++) {
      this.events.push({
        position: rows.positions[i]!, streamId: rows.streamIds[i]!, streamVersion: rows.versions[i]!, type: rows.types[i]!,
        data: rows.data[i]!, metadata: rows.metadata[i]!, schemaVersion: rows.schemaVersions[i]!, recordedMs: rows.recordedMs,
      });
    }
    const excess = this.events.length - this.capacity;
    if (excess > 0) this.coveredAfter = this.events.splice(0, excess).at(-1)!.position;
  }

  /**
   * The committed events after `afterPosition` (at most `limit`), or null when they may not all be held (the
   * caller reads the store).
   */
  read(afterPosition: number, limit: number): StoredEvent[] | null {
    if (this.coveredAfter === null || afterPosition < this.coveredAfter) return null;
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.events[mid]!.position <= afterPosition) lo = mid + 1;
      else hi = mid;
    }
    return this.events.slice(lo, lo + limit).map((e) => ({
      streamId: e.streamId, streamVersion: e.streamVersion, position: e.position, type: e.type,
      data: JSON.parse(e.data) as Record<string, unknown>, metadata: JSON.parse(e.metadata) as Record<string, unknown>,
      schemaVersion: e.schemaVersion, recordedAt: new Date(e.recordedMs),
    }));
  }
}
