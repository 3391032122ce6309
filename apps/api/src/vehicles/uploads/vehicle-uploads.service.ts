import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  API_ERROR_CODES, VehicleFileUploadFields, VehicleUploadRow, type RefusedVehicleRow, type SaveVehicleResponse,
  type VehicleFileUploadResponse, type VehicleUploadResponse,
} from '@auction/contracts';
import { BLOB_STORE, type BlobMeta, type BlobStore } from '@auction/blob-store';
import { MAX_VEHICLE_DOCUMENTS, MAX_VEHICLE_PHOTOS, type VehicleDetails, type VehicleFileKind } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { discardMultipart } from '../../identity/registration/multipart.js';
import { RequestLimiter, type LimitWindows } from '../../identity/passwords/request-limiter.js';
import { LIMIT_WINDOWS } from '../../platform/engine/tokens.js';
import { readStreamedUpload } from '../../platform/http/uploads/streamed-multipart.js';
import { TempBatches, type BatchFile, type BatchVehicle, type ClaimedBatch } from './temp-batches.js';
import { UploadRefusal, refusalOf } from '../../platform/http/uploads/upload-refusal.js';
import { VehicleGate } from './vehicle-gate.js';
import { MAX_PHOTO_BYTES, storeDocument, storePhoto } from './vehicle-photos.js';
import { readSheetUpload } from './sheet-upload.js';
import { SheetError, readVehicleSheet } from './vehicle-sheet-reader.js';

/** Limits of the vehicle uploads, per user and per file (see the README). */
export const VEHICLE_UPLOAD_LIMITS = {
  /** Vehicle files (CSV, XLSX) per user an hour. */
  sheetsPerUser: 30,
  /** Photos and documents per user an hour: a loader's day of 20 vehicles with 50 photos each fits in an hour. */
  filesPerUser: 1_200,
  windowMs: 60 * 60_000,
  /** Largest vehicle file: 10,000 rows of a few hundred bytes, with room. */
  sheetBytes: 20 * 1024 * 1024,
  /** Most vehicle rows of one file. */
  sheetRows: 10_000,
  /** Largest document (appraisal, data sheet, other, recognition document). */
  documentBytes: 20 * 1024 * 1024,
  /** Most refused rows listed in a refusal (the count is always told). */
  listedRefusals: 1_000,
} as const;

/** The vehicle file kinds of the `upload-*` calls. */
export type UploadKind = Exclude<VehicleFileKind, never>;

const SWEEP_MS = 60_000;

/**
 * The vehicle loading calls: a vehicle file becomes a temporary batch (`tempId`) of checked vehicles; photos and
 * documents are added to its vehicles (`tupla`); saving loads the vehicles with their files. Every file streams to
 * the blob store under its uploader's name, judged by content; a refusal deletes what it stored.
 */
@Injectable()
export class VehicleUploadsService implements OnModuleDestroy {
  private readonly sheets: RequestLimiter;
  private readonly files: RequestLimiter;
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore, private readonly gate: VehicleGate, private readonly batches: TempBatches,
    @Inject(LIMIT_WINDOWS) windows?: LimitWindows,
  ) {
    this.sheets = new RequestLimiter(VEHICLE_UPLOAD_LIMITS.sheetsPerUser, VEHICLE_UPLOAD_LIMITS.windowMs, undefined, windows ? { windows, name: 'vehicle-sheets' } : undefined);
    this.files = new RequestLimiter(VEHICLE_UPLOAD_LIMITS.filesPerUser, VEHICLE_UPLOAD_LIMITS.windowMs, undefined, windows ? { windows, name: 'vehicle-files' } : undefined);
    // A sweep that fails (the database away) is tried again at the next tick: the expired batches wait with their files.
    this.sweeper = setInterval(() => void this.batches.sweep(Date.now()).then((files) => this.deleteFiles(files.map((f) => f.idFile))).catch(() => undefined), SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  /** Counts an upload of the caller before its body is read; 429200 with Retry-After beyond the hour's limit. */
  async admit(actor: Actor, body: unknown, sheet: boolean, now = Date.now()): Promise<void> {
    const waitMs = await (sheet ? this.sheets : this.files).hit(actor.idUser, now);
    if (waitMs <= 0) return;
    discardMultipart(body);
    const max = sheet ? VEHICLE_UPLOAD_LIMITS.sheetsPerUser : VEHICLE_UPLOAD_LIMITS.filesPerUser;
    throw new UploadRefusal(429, API_ERROR_CODES.VEHICLE_UPLOAD_RATE_LIMITED, `at most ${max} such uploads an hour: retry later`, undefined, undefined, waitMs / 1000);
  }

  /** `POST /upload-vehicle`: the file read row by row; refused rows refuse the file (nothing kept); else a batch. */
  async uploadSheet(actor: Actor, body: unknown, now = Date.now()): Promise<VehicleUploadResponse> {
    const owner = `user:${actor.idUser}`;
    const { file: meta, value } = await readSheetUpload(this.blobs, body, { field: 'provenance', maxBytes: VEHICLE_UPLOAD_LIMITS.sheetBytes, owner });
    try {
      const provenance = this.provenanceOf(actor, value);
      const vehicles = await this.readSheet(meta);
      const batch = await this.batches.create(actor.idUser, provenance, vehicles, now);
      if (!batch) throw new UploadRefusal(429, API_ERROR_CODES.VEHICLE_UPLOAD_BATCHES_FULL, 'too many uploads wait to be saved: save them or let them expire', undefined, undefined, 60);
      return {
        tempId: batch.tempId, provenance, expiresAt: new Date(batch.expiresAt).toISOString(),
        vehicles: batch.vehicles.map((v) => ({ row: v.row, licensePlate: v.details.licensePlate, frame: v.details.frame, brand: v.details.brand, model: v.details.model })),
      };
    } finally {
      // The vehicle file itself is never kept: its rows are in the batch, or refused.
      await this.blobs.delete(meta.idFile);
    }
  }

  /** `POST /upload-photos`, `/upload-appraisal`...: one file for one vehicle of a batch. */
  async uploadFile(actor: Actor, body: unknown, kind: UploadKind, now = Date.now()): Promise<VehicleFileUploadResponse> {
    const owner = `user:${actor.idUser}`;
    const maxBytes = kind === 'PHOTO' ? MAX_PHOTO_BYTES : VEHICLE_UPLOAD_LIMITS.documentBytes;
    let upload;
    try {
      upload = await readStreamedUpload<BlobMeta>(body, {
        fields: ['tempId', 'tupla'], maxFileBytes: maxBytes,
        onFile: (file) => kind === 'PHOTO' ? storePhoto(this.blobs, file, owner) : storeDocument(this.blobs, file, owner, maxBytes),
        discard: (meta) => this.blobs.delete(meta.idFile),
      });
    } catch (error) {
      throw refusalOf(error, maxBytes);
    }
    const meta = upload.file;
    let kept = false;
    try {
      if (!meta) throw new UploadRefusal(400, API_ERROR_CODES.VEHICLE_UPLOAD_MALFORMED, 'the file is missing', [{ field: 'file', rule: 'missing' }]);
      const fields = VehicleFileUploadFields.safeParse(upload.fields);
      if (!fields.success) {
        const field = String(fields.error.issues[0]?.path[0] ?? 'tempId');
        throw new UploadRefusal(400, API_ERROR_CODES.VEHICLE_UPLOAD_FIELD_MISSING, `${field} is missing or too long`, [{ field, rule: 'required' }]);
      }
      const { tempId, tupla } = fields.data;
      const file: BatchFile = { idFile: meta.idFile, kind, mediaType: meta.mediaType, size: meta.size };
      const added = await this.batches.addFile(tempId, actor.idUser, tupla, file, now, (files) => roomFor(files, kind));
      if (added.kind === 'noBatch') throw this.noBatch();
      if (added.kind === 'noVehicle') throw new UploadRefusal(404, API_ERROR_CODES.VEHICLE_UPLOAD_TUPLA_NOT_FOUND, 'no vehicle of this batch has that row or plate', [{ field: 'tupla', rule: 'unknown' }]);
      if (added.kind === 'noRoom') {
        throw new UploadRefusal(422, API_ERROR_CODES.VEHICLE_UPLOAD_TOO_MANY_FILES, `a vehicle has at most ${MAX_VEHICLE_PHOTOS} photos and ${MAX_VEHICLE_DOCUMENTS} documents`, [{ field: 'file', rule: 'tooMany' }]);
      }
      kept = true;
      return { tempId, row: added.row, ...file };
    } finally {
      if (meta && !kept) await this.blobs.delete(meta.idFile);
    }
  }

  /**
   * `POST /save-vehicle` (the caller's latest batch) and `/api/v2/secure/save-vehicle?idTemp=`: loads every vehicle of
   * the batch with its files, one append each (`VehicleCommands.loadMany`: one duplicate check for all, 32 appends at a time); each vehicle's id follows from the batch and its row, so a retried save
   * loads nothing twice. Its files become the vehicle's (`vehicle:<idVehicle>`). The batch is gone once all are saved.
   * The batch is closed first (on every instance: its row's state), so a file uploaded from now on is refused, not lost,
   * and a second save meanwhile finds no batch (404210).
   */
  async save(actor: Actor, tempId: string | null, correlationId: string, now = Date.now()): Promise<SaveVehicleResponse> {
    const batch = await this.batches.claim(tempId, actor.idUser, now);
    if (!batch) throw tempId === null ? new UploadRefusal(404, API_ERROR_CODES.VEHICLE_UPLOAD_BATCH_NOT_FOUND, 'no vehicle upload waits to be saved') : this.noBatch();
    const held = this.batches.keepClaimed(batch);
    try {
      return await this.saveClaimed(actor, batch, correlationId);
    } catch (error) {
      await this.batches.release(batch).catch(() => undefined); // else the hold lapses after saveLeaseMs
      throw error;
    } finally {
      held();
    }
  }

  private async saveClaimed(actor: Actor, batch: ClaimedBatch, correlationId: string): Promise<SaveVehicleResponse> {
    const files = batch.vehicles.map((v) => v.files);
    const loads = await this.gate.loadMany(actor, batch.provenance, batch.vehicles.map((vehicle, i) => ({
      idempotencyKey: `upload:${batch.tempId}:${vehicle.row}`,
      v: {
        details: vehicle.details,
        photos: files[i]!.filter((f) => f.kind === 'PHOTO').map((f) => f.idFile),
        documents: files[i]!.flatMap((f) => (f.kind === 'PHOTO' ? [] : [{ idBlob: f.idFile, kind: f.kind }])),
      },
    })), correlationId);
    const saved: SaveVehicleResponse['vehicles'] = [];
    let refused: unknown = null;
    for (const [i, load] of loads.entries()) {
      const vehicle = batch.vehicles[i]!;
      if (load.status === 'rejected') { refused ??= load.reason; continue; }
      for (const file of files[i]!) await this.blobs.setOwner(file.idFile, `vehicle:${load.value}`);
      saved.push({ row: vehicle.row, idVehicle: load.value, licensePlate: vehicle.details.licensePlate, files: files[i]!.length });
    }
    if (refused) throw refused; // the batch stays: a retry after the fix loads the saved ones no second time
    const loaded = new Set(files.flat().map((f) => f.idFile));
    await this.deleteFiles((await this.batches.remove(batch)).map((f) => f.idFile).filter((id) => !loaded.has(id)));
    return { tempId: batch.tempId, vehicles: saved };
  }

  private noBatch(): UploadRefusal {
    return new UploadRefusal(404, API_ERROR_CODES.VEHICLE_UPLOAD_BATCH_NOT_FOUND, 'this upload expired, was saved, is being saved, or is not yours', [{ field: 'tempId', rule: 'unknown' }]);
  }

  private provenanceOf(actor: Actor, value: string | undefined): string {
    if (value === undefined || value.trim() === '') {
      throw new UploadRefusal(400, API_ERROR_CODES.VEHICLE_UPLOAD_FIELD_MISSING, 'the provenance is missing', [{ field: 'provenance', rule: 'required' }]);
    }
    return this.gate.provenanceToLoad(actor, value);
  }

  /** Every row checked by the one schema; any refused row (or a duplicate) refuses the file, all listed. */
  private async readSheet(meta: BlobMeta): Promise<Omit<BatchVehicle, 'files'>[]> {
    const opened = await this.blobs.open(meta.idFile);
    if (!opened) throw new UploadRefusal(422, API_ERROR_CODES.VEHICLE_UPLOAD_UNREADABLE, 'the file cannot be read');
    const vehicles: { row: number; details: VehicleDetails }[] = [];
    const refused: RefusedVehicleRow[] = [];
    let refusedCount = 0;
    const refuse = (r: RefusedVehicleRow) => { refusedCount++; if (refused.length < VEHICLE_UPLOAD_LIMITS.listedRefusals) refused.push(r); };
    const plates = new Map<string, number>();
    const frames = new Map<string, number>();
    try {
      for await (const { row, cells, cellCount } of readVehicleSheet(opened.stream, meta.mediaType, VEHICLE_UPLOAD_LIMITS.sheetRows)) {
        if (cellCount) {
          refuse({ row, field: 'row', reason: `${cellCount.found} cells where the header has ${cellCount.expected}: a stray delimiter or a decimal comma unquoted?`, errorCode: API_ERROR_CODES.VEHICLE_UPLOAD_ROWS_REFUSED });
          continue;
        }
        const checked = VehicleUploadRow.safeParse(cells);
        if (!checked.success) {
          for (const issue of checked.error.issues) {
            const errorCode = Number((issue as { params?: { errorCode?: number } }).params?.errorCode ?? API_ERROR_CODES.VEHICLE_UPLOAD_ROWS_REFUSED);
            refuse({ row, field: String(issue.path[0] ?? 'row'), reason: issue.message, errorCode });
          }
          continue;
        }
        const d = checked.data;
        const samePlate = plates.get(d.licensePlate);
        const sameFrame = frames.get(d.frame);
        if (samePlate !== undefined) refuse({ row, field: 'licensePlate', reason: `the same plate as row ${samePlate}`, errorCode: API_ERROR_CODES.VEHICLE_UPLOAD_DUPLICATE_VEHICLE });
        if (sameFrame !== undefined) refuse({ row, field: 'frame', reason: `the same frame as row ${sameFrame}`, errorCode: API_ERROR_CODES.VEHICLE_UPLOAD_DUPLICATE_VEHICLE });
        if (samePlate !== undefined || sameFrame !== undefined) continue;
        plates.set(d.licensePlate, row);
        frames.set(d.frame, row);
        vehicles.push({ row, details: d });
      }
    } catch (error) {
      if (!(error instanceof SheetError)) throw error;
      if (error.problem === 'tooManyRows') throw new UploadRefusal(413, API_ERROR_CODES.VEHICLE_UPLOAD_TOO_MANY_ROWS, error.message);
      if (error.problem === 'duplicateColumn') throw new UploadRefusal(422, API_ERROR_CODES.VEHICLE_UPLOAD_NO_ROWS, error.message, error.missing.map((field) => ({ field, rule: 'duplicate' })));
      if (error.problem === 'noHeader') throw new UploadRefusal(422, API_ERROR_CODES.VEHICLE_UPLOAD_NO_ROWS, error.message, error.missing.map((field) => ({ field, rule: 'missing' })));
      throw new UploadRefusal(422, API_ERROR_CODES.VEHICLE_UPLOAD_UNREADABLE, error.message, [{ field: 'file', rule: 'unreadable' }]);
    }
    if (refusedCount > 0) {
      throw new UploadRefusal(422, API_ERROR_CODES.VEHICLE_UPLOAD_ROWS_REFUSED, `${refusedCount} field(s) of the file are refused; nothing was loaded`, undefined, refused);
    }
    if (vehicles.length === 0) throw new UploadRefusal(422, API_ERROR_CODES.VEHICLE_UPLOAD_NO_ROWS, 'the file has no vehicle rows');
    return vehicles;
  }

  private async deleteFiles(ids: readonly string[]): Promise<void> {
    for (const id of ids) await this.blobs.delete(id).catch(() => undefined);
  }
}

/** Whether a vehicle with these files takes one more of `kind`: at most so many photos and so many documents. */
function roomFor(files: readonly BatchFile[], kind: UploadKind): boolean {
  const photos = files.filter((f) => f.kind === 'PHOTO').length;
  return kind === 'PHOTO' ? photos < MAX_VEHICLE_PHOTOS : files.length - photos < MAX_VEHICLE_DOCUMENTS;
}
