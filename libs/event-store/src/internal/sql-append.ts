import { BrokenChainError, WrongExpectedVersionError, type AppendResult } from '../event-store.port.js';
import { breakChains, partBroken, unitSize, type AppendUnit, type PreparedAppend, type UnitOutcome } from './append-unit.js';
import type { SqlQueryable } from './sql-executor.js';
import type { EventStoreSql } from './sql-schema.js';
import type { WrittenRows } from './recent-events.js';

interface EventRows {
  positions: number[];
  streamIds: string[];
  versions: number[];
  types: string[];
  data: string[];
  metadata: string[];
  schemaVersions: number[];
}

/** What a flush is written with, besides its units. */
export interface WriteOptions {
  /** Called with the rows written (not called when nothing was). */
  written?: (rows: WrittenRows) => void;
  /** Sole writer: the committed versions it knows (the streams are then neither created nor locked beforehand). */
  known?: ReadonlyMap<string, number>;
  /** Channel notified, at COMMIT, when something was written (null or absent: no notice). */
  channel?: string | null;
  /** The row of `reservePositionsOf(total)` when the caller ran it first in the transaction (with its BEGIN). */
  reserved?: Record<string, unknown>;
  /** Called once the transaction holds its positions and its streams' locks (the group committer's next flush may start). */
  locked?: () => void;
  /** Awaited after `locked`, before the units are checked (the group committer's earlier flush may still be failing). */
  beforeCheck?: () => Promise<void> | void;
}

/** Events of a flush: the positions it reserves. */
export function flushSize(units: AppendUnit[]): number {
  return units.reduce((sum, unit) => sum + unitSize(unit), 0);
}

/**
 * Writes a flush inside an open transaction `tx`, which must not have written anything yet: reserves positions; creates,
 * locks and reads the streams in one statement (the sole writer only reads the versions it does not know); checks each
 * unit's expected versions in queue order (a unit that fails is refused alone); then one statement inserts the events,
 * writes the versions and notifies `channel`. The caller commits. Exported for tests that need to hold such a
 * transaction open.
 */
export async function writeUnits(
  tx: SqlQueryable, sql: EventStoreSql, units: AppendUnit[], { written, known, channel = null, reserved, locked, beforeCheck }: WriteOptions = {},
): Promise<UnitOutcome[]> {
  const total = flushSize(units);
  let nextPosition = 0;
  let recordedMs = 0;
  if (total > 0) {
    const [row] = reserved ? [reserved as { first: string | number; now_ms: string | number }]
      : await tx.query<{ first: string | number; now_ms: string | number }>(sql.reservePositions, [total]);
    nextPosition = Number(row!.first);
    recordedMs = Number(row!.now_ms);
  }
  const streamIds = [...new Set(units.flatMap((unit) => unit.map((part) => part.streamId)))].sort();
  const versions = known ? await soleWriterVersions(tx, sql, streamIds, known) : await lockedVersions(tx, sql, streamIds);
  const lockedAt = known ? null : new Map(versions);
  locked?.();
  const earlier = beforeCheck?.();
  if (earlier) await earlier;

  const rows: EventRows = { positions: [], streamIds: [], versions: [], types: [], data: [], metadata: [], schemaVersions: [] };
  const touched = new Set<string>();
  const outcomes = units.map((unit): UnitOutcome => {
    const planned = planUnit(unit, versions);
    if (planned instanceof Error) return { ok: false, error: planned };
    const results: AppendResult[] = unit.map((part) => {
      const positions: number[] = [];
      let version = versions.get(part.streamId) ?? 0;
      for (const event of part.events) {
        version += 1;
        positions.push(nextPosition);
        rows.positions.push(nextPosition++);
        rows.streamIds.push(part.streamId);
        rows.versions.push(version);
        rows.types.push(event.type);
        rows.data.push(event.data);
        rows.metadata.push(event.metadata);
        rows.schemaVersions.push(event.schemaVersion);
      }
      versions.set(part.streamId, version);
      if (part.events.length > 0) touched.add(part.streamId);
      return { streamId: part.streamId, nextVersion: version, positions };
    });
    return { ok: true, results };
  });

  if (rows.positions.length > 0) {
    const ids = [...touched];
    const params = [
      rows.positions, rows.streamIds, rows.versions, rows.types, rows.data, rows.metadata, rows.schemaVersions,
      ids, ids.map((id) => versions.get(id)!), channel,
    ];
    if (!lockedAt) {
      await tx.query(sql.writeEventsUpsertingStreams, params);
    } else {
      const [row] = await tx.query<{ overtaken: boolean }>(sql.writeEvents, [...params, ids.map((id) => lockedAt.get(id) ?? 0)]);
      // Another instance reserved its positions after this flush and wrote a stream first: written now, this flush's
      // events would precede that stream's earlier versions in the log. Tried again, it reserves positions after them.
      if (row?.overtaken) throw new StreamOvertakenError();
    }
    written?.({ ...rows, recordedMs, streamVersions: new Map(ids.map((id) => [id, versions.get(id)!])) });
  }
  return outcomes;
}

/**
 * Several writers: the stream rows are created if absent and locked in one statement (sorted, so concurrent flushes
 * lock in one order), which answers each version as committed when its lock was taken.
 */
async function lockedVersions(tx: SqlQueryable, sql: EventStoreSql, streamIds: string[]): Promise<Map<string, number>> {
  const locked = await tx.query<{ stream_id: string; version: number }>(sql.lockStreams, [streamIds]);
  return new Map(locked.map((row) => [row.stream_id, Number(row.version)]));
}

/**
 * The only writer (PGlite): nobody else changes a version, so those it committed are known and only the others are
 * read (no row to create or lock: the rows of the streams written are upserted with the events).
 */
async function soleWriterVersions(
  tx: SqlQueryable, sql: EventStoreSql, streamIds: string[], known: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const versions = new Map<string, number>();
  const unknown = streamIds.filter((id) => {
    const version = known.get(id);
    if (version !== undefined) versions.set(id, version);
    return version === undefined;
  });
  if (unknown.length > 0) {
    const rows = await tx.query<{ stream_id: string; version: number }>(sql.readVersions, [unknown]);
    for (const id of unknown) versions.set(id, 0);
    for (const row of rows) versions.set(row.stream_id, Number(row.version));
  }
  return versions;
}

/**
 * Checks a unit against current versions, applying its own parts in order (a unit may touch a stream twice). A unit whose
 * chain an earlier refusal broke is refused whatever its versions; a refused unit breaks its own chains, so the units of
 * the same chains queued after it (in this flush or a later one) are refused too.
 */
function planUnit(unit: PreparedAppend[], versions: ReadonlyMap<string, number>): WrongExpectedVersionError | null {
  const refusal = refusalOf(unit, versions);
  if (refusal) breakChains(unit, refusal);
  return refusal;
}

function refusalOf(unit: PreparedAppend[], versions: ReadonlyMap<string, number>): WrongExpectedVersionError | null {
  for (const part of unit) {
    const broken = partBroken(part);
    if (broken) return new BrokenChainError(part.streamId, part.expectedVersion, versions.get(part.streamId) ?? 0, broken);
  }
  const local = new Map<string, number>();
  for (const part of unit) {
    const actual = local.get(part.streamId) ?? versions.get(part.streamId) ?? 0;
    if (part.expectedVersion !== 'any' && part.expectedVersion !== actual) {
      return new WrongExpectedVersionError(part.streamId, part.expectedVersion, actual);
    }
    local.set(part.streamId, actual + part.events.length);
  }
  return null;
}

/**
 * A flush found a stream it locked written past its own positions (see `writeEvents`): rolled back and tried again, as
 * a serialization failure (SQLSTATE 40001) is.
 */
export class StreamOvertakenError extends Error {
  readonly code = '40001';

  constructor() {
    super('a stream was written by a transaction that reserved its positions later: the flush is tried again');
  }
}
