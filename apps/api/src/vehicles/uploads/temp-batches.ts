import { randomBytes } from 'node:crypto';
import type { ReadModelDb, SqlRunner } from '@auction/read-models';
import { plateKey, type VehicleDetails, type VehicleFileKind } from '@auction/domain';
import { sideTable } from '../../platform/engine/side-table.js';
import { BATCHES, BATCH_COLUMNS, FILES, FILE_COLUMNS, TEMP_BATCH_DDL, VEHICLES, fileOf, type BatchRow, type FileRow } from './temp-batch-tables.js';

/** A file uploaded for a vehicle of a batch, stored in the blob store under its uploader until the batch is saved. */
export interface BatchFile {
  readonly idFile: string;
  readonly kind: VehicleFileKind;
  readonly mediaType: string;
  readonly size: number;
}

/** One vehicle of a batch: the row it came from, its checked data, its files (in upload order). */
export interface BatchVehicle {
  readonly row: number;
  readonly details: VehicleDetails;
  readonly files: readonly BatchFile[];
}

/** A loaded vehicle file waiting to be saved: its owner, provenance and vehicles. */
export interface TempBatch {
  readonly tempId: string;
  readonly idUser: string;
  readonly provenance: string;
  readonly vehicles: readonly BatchVehicle[];
  readonly createdAt: number;
  readonly expiresAt: number;
}

/** A batch closed by a save ({@link TempBatches.claim}): its files as they were when it closed; `token` names the claim. */
export interface ClaimedBatch extends TempBatch {
  readonly token: string;
}

/** What became of a file offered to a batch's vehicle ({@link TempBatches.addFile}). */
export type AddFileOutcome =
  | { readonly kind: 'added'; readonly row: number }
  | { readonly kind: 'noBatch' }
  | { readonly kind: 'noVehicle' }
  | { readonly kind: 'noRoom' };

/** The bounds of the temporary batches (tests give smaller ones). */
export interface TempBatchLimits { readonly ttlMs: number; readonly perUser: number; readonly totalVehicles: number; readonly saveLeaseMs: number }

export const TEMP_BATCH_LIMITS: TempBatchLimits = {
  /** A batch not saved within this time is dropped with its files. */
  ttlMs: 6 * 60 * 60_000,
  /** Open batches per user: a loader works on a few files at a time. */
  perUser: 5,
  /** Vehicles held in all batches together (~1 KiB each in the database). */
  totalVehicles: 100_000,
  /** A running save renews its hold every third of this; a hold not renewed this long (its instance died) lapses. */
  saveLeaseMs: 60_000,
};

/** Open: not being saved, or held by a save whose instance stopped renewing it ($2: now). */
const OPEN = `(b.state = 'open' OR b.saving_until <= $2)`;
/** Expired batches dropped by one statement of a sweep. */
const SWEEP_BATCH = 100;

class NoRoom extends Error {}

/**
 * Temporary batches (`tempId`) as three SQL tables on the read models' connection (PostgreSQL in server mode, PGlite
 * in embedded mode), outside the read-model schema: every API instance sees the same batches, so a loader's calls of
 * one batch may reach any instance (no sticky sessions). Bounded per user and in vehicles (a create counts under a
 * lock, so instances creating at once keep the bounds), expiring after {@link TEMP_BATCH_LIMITS.ttlMs}; a dropped or
 * expired batch hands back its files for deletion (to the one instance whose sweep deleted it).
 *
 * A save closes its batch by a conditional UPDATE of the row's state (`open` → `saving`): of saves on several
 * instances at once one wins; until it ends, an upload, a second save and the sweep find no batch. A file is added
 * under the batch row's lock, so it is either in the save's files or refused. A save renews its hold while it runs; a
 * hold whose instance died lapses after `saveLeaseMs` and the batch is open again.
 */
export class TempBatches {
  private readonly ensure: () => Promise<void>;

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>, readonly limits: TempBatchLimits = TEMP_BATCH_LIMITS) {
    this.ensure = sideTable(db, 'vehicle_upload_batches', TEMP_BATCH_DDL);
  }

  /** A new batch, or null when the user or the store has no room for it (expired batches do not count). */
  async create(idUser: string, provenance: string, vehicles: readonly Omit<BatchVehicle, 'files'>[], now: number): Promise<TempBatch | null> {
    await this.ensure();
    const batch: TempBatch = {
      tempId: randomBytes(18).toString('base64url'), idUser, provenance, createdAt: now, expiresAt: now + this.limits.ttlMs,
      vehicles: vehicles.map((v) => ({ ...v, files: [] })),
    };
    try {
      await this.db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${BATCHES} (temp_id, id_user, provenance, vehicles, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
          [batch.tempId, idUser, provenance, vehicles.length, now, batch.expiresAt]);
        await tx.query(
          `INSERT INTO ${VEHICLES} (temp_id, row_no, plate, details)
           SELECT $1, x.row_no, x.plate, x.details FROM json_to_recordset($2::text::json) AS x(row_no integer, plate text, details text)`,
          [batch.tempId, JSON.stringify(vehicles.map((v) => ({ row_no: v.row, plate: v.details.licensePlate, details: JSON.stringify(v.details) })))]);
        // Counted after the rows are in and under one lock to the commit: creates on several instances count each other.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['vehicle-upload-batches-create']);
        const [held] = await tx.query<{ own: string | number; total: string | number }>(
          `SELECT count(*) FILTER (WHERE b.id_user = $1) AS own, coalesce(sum(b.vehicles), 0) AS total FROM ${BATCHES} b
           WHERE b.expires_at > $2 OR (b.state = 'saving' AND b.saving_until > $2)`, [idUser, now]);
        if (Number(held!.own) > this.limits.perUser || Number(held!.total) > this.limits.totalVehicles) throw new NoRoom();
      });
    } catch (error) {
      if (error instanceof NoRoom) return null;
      throw error;
    }
    return batch;
  }

  /** The user's open batch of that id, or null (unknown, expired, being saved or another user's: the same answer). */
  async get(tempId: string, idUser: string, now: number): Promise<TempBatch | null> {
    await this.ensure();
    const [row] = await this.db.query<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM ${BATCHES} b WHERE b.temp_id = $1 AND b.id_user = $3 AND b.expires_at > $2 AND ${OPEN}`, [tempId, now, idUser]);
    return row ? this.withVehicles(this.db, row) : null;
  }

  /**
   * Adds a file to the vehicle `tupla` names (its row number in the file, or its plate) of the user's open batch, when
   * `fits` its files so far; under the batch row's lock, so a save closing the batch sees the file or it is refused.
   */
  async addFile(tempId: string, idUser: string, tupla: string, file: BatchFile, now: number, fits: (files: readonly BatchFile[]) => boolean): Promise<AddFileOutcome> {
    await this.ensure();
    return this.db.transaction(async (tx): Promise<AddFileOutcome> => {
      const [batch] = await tx.query(`SELECT 1 AS open FROM ${BATCHES} b WHERE b.temp_id = $1 AND b.id_user = $3 AND b.expires_at > $2 AND ${OPEN} FOR UPDATE`, [tempId, now, idUser]);
      if (!batch) return { kind: 'noBatch' };
      const text = tupla.trim();
      const byRow = /^\d{1,7}$/.test(text) ? Number(text) : null;
      const [vehicle] = await tx.query<{ row_no: number }>(
        `SELECT row_no FROM ${VEHICLES} WHERE temp_id = $1 AND (row_no = $2 OR plate = $3) ORDER BY CASE WHEN row_no = $2 THEN 0 ELSE 1 END, row_no LIMIT 1`,
        [tempId, byRow, plateKey(text)]);
      if (!vehicle) return { kind: 'noVehicle' };
      const files = await tx.query<FileRow>(`SELECT ${FILE_COLUMNS} FROM ${FILES} WHERE temp_id = $1 AND row_no = $2 ORDER BY seq`, [tempId, vehicle.row_no]);
      if (!fits(files.map(fileOf))) return { kind: 'noRoom' };
      await tx.query(`INSERT INTO ${FILES} (id_file, temp_id, row_no, kind, media_type, size) VALUES ($1, $2, $3, $4, $5, $6)`,
        [file.idFile, tempId, vehicle.row_no, file.kind, file.mediaType, file.size]);
      return { kind: 'added', row: Number(vehicle.row_no) };
    });
  }

  /**
   * Closes the user's open batch `tempId` (null: the user's most recent open one, as the v1 `save-vehicle` names none)
   * for a save, with its vehicles and files as they are now; null when there is none or another save holds it.
   */
  async claim(tempId: string | null, idUser: string, now: number): Promise<ClaimedBatch | null> {
    await this.ensure();
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = tempId ?? (await this.db.query<{ temp_id: string }>(
        `SELECT b.temp_id FROM ${BATCHES} b WHERE b.id_user = $1 AND b.expires_at > $2 AND ${OPEN} ORDER BY b.created_at DESC, b.temp_id LIMIT 1`, [idUser, now]))[0]?.temp_id;
      if (id === undefined) return null;
      const token = randomBytes(12).toString('base64url');
      const [row] = await this.db.query<BatchRow>(
        `UPDATE ${BATCHES} b SET state = 'saving', saving_token = $4, saving_until = $5
         WHERE b.temp_id = $1 AND b.id_user = $3 AND b.expires_at > $2 AND ${OPEN} RETURNING ${BATCH_COLUMNS}`,
        [id, now, idUser, token, now + this.limits.saveLeaseMs]);
      if (row) return { ...(await this.withVehicles(this.db, row)), token };
      if (tempId !== null) return null;
      // The latest one was claimed by a save elsewhere meanwhile: the next latest, as when it was already closed.
    }
    return null;
  }

  /** Extends a running save's hold (false: the hold was lost, another save took the batch over). */
  async renew(batch: ClaimedBatch, now: number): Promise<boolean> {
    const rows = await this.db.query(`UPDATE ${BATCHES} SET saving_until = $3 WHERE temp_id = $1 AND saving_token = $2 RETURNING 1 AS held`,
      [batch.tempId, batch.token, now + this.limits.saveLeaseMs]);
    return rows.length > 0;
  }

  /** Renews the hold every third of its lease until the returned function is called. */
  keepClaimed(batch: ClaimedBatch): () => void {
    const timer = setInterval(() => void this.renew(batch, Date.now()).catch(() => undefined), Math.max(50, Math.floor(this.limits.saveLeaseMs / 3)));
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Opens again a batch whose save failed, for a retry. */
  async release(batch: ClaimedBatch): Promise<void> {
    await this.db.query(`UPDATE ${BATCHES} SET state = 'open', saving_token = NULL, saving_until = NULL WHERE temp_id = $1 AND saving_token = $2`, [batch.tempId, batch.token]);
  }

  /** Removes a saved batch (if its save still holds it); the files it held, for the caller to delete or keep. */
  async remove(batch: ClaimedBatch): Promise<BatchFile[]> {
    return this.db.transaction(async (tx) => {
      const held = await tx.query(`SELECT 1 AS held FROM ${BATCHES} WHERE temp_id = $1 AND saving_token = $2 FOR UPDATE`, [batch.tempId, batch.token]);
      return held.length > 0 ? this.drop(tx, [batch.tempId]) : [];
    });
  }

  /** Removes the expired batches (not one a save holds); their files, to delete. Each is handed to one sweeper. */
  async sweep(now: number): Promise<BatchFile[]> {
    await this.ensure();
    const files: BatchFile[] = [];
    for (;;) {
      // Skipped when locked: a batch another instance sweeps, or one a file is being added to, waits for the next sweep.
      const swept = await this.db.transaction(async (tx) => {
        const rows = await tx.query<{ temp_id: string }>(
          `SELECT b.temp_id FROM ${BATCHES} b WHERE b.expires_at <= $1 AND (b.state = 'open' OR b.saving_until <= $1)
           ORDER BY b.expires_at LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED`, [now]);
        return { batches: rows.length, files: await this.drop(tx, rows.map((r) => r.temp_id)) };
      });
      files.push(...swept.files); // only once committed: a rolled-back sweep's files are still their batch's
      if (swept.batches < SWEEP_BATCH) return files;
    }
  }

  /** Deletes batches (their rows locked by the caller's transaction); their files. */
  private async drop(tx: SqlRunner, tempIds: readonly string[]): Promise<BatchFile[]> {
    if (tempIds.length === 0) return [];
    const ids = JSON.stringify(tempIds);
    const listed = `temp_id IN (SELECT value FROM json_array_elements_text($1::text::json))`;
    const files = await tx.query<FileRow>(`DELETE FROM ${FILES} WHERE ${listed} RETURNING ${FILE_COLUMNS}`, [ids]);
    await tx.query(`DELETE FROM ${VEHICLES} WHERE ${listed}`, [ids]);
    await tx.query(`DELETE FROM ${BATCHES} WHERE ${listed}`, [ids]);
    return files.sort((a, b) => Number(a.seq) - Number(b.seq)).map(fileOf);
  }

  private async withVehicles(runner: SqlRunner, row: BatchRow): Promise<TempBatch> {
    const vehicles = await runner.query<{ row_no: number; details: string }>(`SELECT row_no, details FROM ${VEHICLES} WHERE temp_id = $1 ORDER BY row_no`, [row.temp_id]);
    const files = await runner.query<FileRow & { row_no: number }>(`SELECT row_no, ${FILE_COLUMNS} FROM ${FILES} WHERE temp_id = $1 ORDER BY seq`, [row.temp_id]);
    const byRow = new Map<number, BatchFile[]>();
    for (const f of files) {
      const list = byRow.get(Number(f.row_no)) ?? [];
      list.push(fileOf(f));
      byRow.set(Number(f.row_no), list);
    }
    return {
      tempId: row.temp_id, idUser: row.id_user, provenance: row.provenance, createdAt: Number(row.created_at), expiresAt: Number(row.expires_at),
      vehicles: vehicles.map((v) => ({ row: Number(v.row_no), details: JSON.parse(v.details) as VehicleDetails, files: byRow.get(Number(v.row_no)) ?? [] })),
    };
  }
}
