import { randomBytes } from 'node:crypto';
import { plateKey, type VehicleDetails, type VehicleFileKind } from '@auction/domain';

/** A file uploaded for a vehicle of a batch, stored in the blob store under its uploader until the batch is saved. */
export interface BatchFile {
  readonly idFile: string;
  readonly kind: VehicleFileKind;
  readonly mediaType: string;
  readonly size: number;
}

/** One vehicle of a batch: the row it came from, its checked data, its files. */
export interface BatchVehicle {
  readonly row: number;
  readonly details: VehicleDetails;
  readonly files: BatchFile[];
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

/** How many batches are kept, and for how long. */
/** The bounds of the temporary batches (tests give smaller ones). */
export interface TempBatchLimits { readonly ttlMs: number; readonly perUser: number; readonly totalVehicles: number }

export const TEMP_BATCH_LIMITS: TempBatchLimits = {
  /** A batch not saved within this time is dropped with its files. */
  ttlMs: 6 * 60 * 60_000,
  /** Open batches per user: a loader works on a few files at a time. */
  perUser: 5,
  /** Vehicles held in all batches of one instance (~1 KiB each): bounds the memory batches take. */
  totalVehicles: 100_000,
};

/**
 * Temporary batches (`tempId`), in memory: bounded per user and in vehicles, expiring after
 * {@link TEMP_BATCH_LIMITS.ttlMs}. A dropped or expired batch hands back its files for deletion. They live on one
 * instance: in server mode with several instances, a loader's uploads of one batch must reach the same one (sticky
 * sessions), or the batch is unknown (404210) and the file is loaded again.
 */
export class TempBatches {
  private readonly batches = new Map<string, TempBatch>();
  private vehicles = 0;
  /** Batches being saved: closed to uploads, to a second save and to expiry until the save ends. */
  private readonly saving = new Set<string>();

  constructor(private readonly limits: TempBatchLimits = TEMP_BATCH_LIMITS) {}

  /** A new batch, or null when the user or the instance has no room for it (after dropping the expired ones). */
  create(idUser: string, provenance: string, vehicles: readonly Omit<BatchVehicle, 'files'>[], now: number): TempBatch | null {
    const own = [...this.batches.values()].filter((b) => b.idUser === idUser).length;
    if (own >= this.limits.perUser || this.vehicles + vehicles.length > this.limits.totalVehicles) return null;
    const batch: TempBatch = {
      tempId: randomBytes(18).toString('base64url'), idUser, provenance, createdAt: now, expiresAt: now + this.limits.ttlMs,
      vehicles: vehicles.map((v) => ({ ...v, files: [] })),
    };
    this.batches.set(batch.tempId, batch);
    this.vehicles += vehicles.length;
    return batch;
  }

  /** The user's open batch of that id, or null (unknown, expired or another user's: the same answer). */
  get(tempId: string, idUser: string, now: number): TempBatch | null {
    const batch = this.batches.get(tempId);
    return batch && batch.idUser === idUser && batch.expiresAt > now && !this.saving.has(tempId) ? batch : null;
  }

  /**
   * Closes a batch while it is saved (a late upload or a second save finds no batch, 404210, instead of adding a file
   * the save no longer sees); its files as they are now, per vehicle, for the save to load.
   */
  claim(batch: TempBatch): BatchFile[][] {
    this.saving.add(batch.tempId);
    return batch.vehicles.map((v) => [...v.files]);
  }

  /** Opens again a batch whose save failed, for a retry. */
  release(tempId: string): void {
    this.saving.delete(tempId);
  }

  /** The user's most recent open batch (the v1 `save-vehicle`, which names none). */
  latest(idUser: string, now: number): TempBatch | null {
    return [...this.batches.values()].filter((b) => b.idUser === idUser && b.expiresAt > now && !this.saving.has(b.tempId)).sort((a, b) => b.createdAt - a.createdAt)[0] ?? null;
  }

  /** The vehicle a `tupla` names: its row number in the file, or its plate. */
  vehicleOf(batch: TempBatch, tupla: string): BatchVehicle | null {
    const text = tupla.trim();
    if (/^\d{1,7}$/.test(text)) {
      const byRow = batch.vehicles.find((v) => v.row === Number(text));
      if (byRow) return byRow;
    }
    const key = plateKey(text);
    return batch.vehicles.find((v) => v.details.licensePlate === key) ?? null;
  }

  /** Removes a batch (saved or dropped); the files it held, for the caller to delete or keep. */
  remove(tempId: string): BatchFile[] {
    const batch = this.batches.get(tempId);
    if (!batch) return [];
    this.batches.delete(tempId);
    this.saving.delete(tempId);
    this.vehicles -= batch.vehicles.length;
    return batch.vehicles.flatMap((v) => v.files);
  }

  /** Removes the expired batches (not one being saved); their files, to delete. */
  sweep(now: number): BatchFile[] {
    return [...this.batches.values()].filter((b) => b.expiresAt <= now && !this.saving.has(b.tempId)).flatMap((b) => this.remove(b.tempId));
  }
}
