import { Inject, Injectable } from '@nestjs/common';
import {
  API_ERROR_CODES, SELECT_BY_FILE_HEADERS, SELECT_BY_FILE_MAX_ROWS, SelectByFileFields, type SelectByFileResponse,
  type UnmatchedSelectionRow, type VehicleCard,
} from '@auction/contracts';
import { BLOB_STORE, type BlobMeta, type BlobStore } from '@auction/blob-store';
import { ERROR_CODES, vehicleFrameOf, vehiclePlateOf } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { discardMultipart } from '../../identity/registration/multipart.js';
import { RequestLimiter, type LimitWindows } from '../../identity/passwords/request-limiter.js';
import { LIMIT_WINDOWS } from '../../platform/engine/tokens.js';
import { UploadRefusal } from '../../platform/http/uploads/upload-refusal.js';
import { VehicleReads } from '../vehicle-reads.js';
import { readSheetUpload } from './sheet-upload.js';
import { headerKey, readSheetRecords } from './vehicle-sheet-reader.js';

/** Limits of `POST /select-by-file` (see the README). */
export const SELECT_BY_FILE_LIMITS = {
  /** Largest file: a thousand plates are a few KiB; an XLSX with styles some more. */
  bytes: 5 * 1024 * 1024,
  rows: SELECT_BY_FILE_MAX_ROWS,
  /** Selections per user an hour. */
  perUser: 120,
  windowMs: 60 * 60_000,
} as const;

type Column = keyof typeof SELECT_BY_FILE_HEADERS;
const COLUMN_BY_KEY = new Map<string, Column>(
  (Object.entries(SELECT_BY_FILE_HEADERS) as [Column, readonly string[]][]).flatMap(([c, names]) => names.map((n) => [headerKey(n), c] as const)),
);
const MAX_VALUE_CHARS = 60;

/** A row of the file naming a vehicle: by its plate or its frame, in the stored form. */
interface Wanted {
  readonly row: number;
  readonly value: string;
  readonly by: Column;
  readonly key: string;
}

/**
 * `POST /select-by-file`: a CSV or XLSX whose rows name vehicles by plate or frame becomes the list of the vehicles the
 * caller sees (GET /vehicle's rule, `VehicleReads`), in file order, and the rows that named none. It changes nothing:
 * the file is read streaming from the blob store, where it stays only for the call.
 */
@Injectable()
export class VehicleSelectionService {
  private readonly limiter: RequestLimiter;

  constructor(@Inject(BLOB_STORE) private readonly blobs: BlobStore, private readonly reads: VehicleReads, @Inject(LIMIT_WINDOWS) windows?: LimitWindows) {
    this.limiter = new RequestLimiter(SELECT_BY_FILE_LIMITS.perUser, SELECT_BY_FILE_LIMITS.windowMs, undefined, windows ? { windows, name: 'select-by-file' } : undefined);
  }

  /** Counts a selection of the caller before its body is read; 429200 with Retry-After beyond the hour's limit. */
  async admit(actor: Actor, body: unknown, now = Date.now()): Promise<void> {
    const waitMs = await this.limiter.hit(actor.idUser, now);
    if (waitMs <= 0) return;
    discardMultipart(body);
    throw new UploadRefusal(429, API_ERROR_CODES.VEHICLE_UPLOAD_RATE_LIMITED, `at most ${SELECT_BY_FILE_LIMITS.perUser} selections by file an hour: retry later`, undefined, undefined, waitMs / 1000);
  }

  async select(actor: Actor, body: unknown): Promise<SelectByFileResponse> {
    const { file: meta, value } = await readSheetUpload(this.blobs, body, {
      field: 'idTemplate', maxBytes: SELECT_BY_FILE_LIMITS.bytes, owner: `user:${actor.idUser}`,
    });
    try {
      const idTemplate = templateOf(value);
      const { wanted, unmatched } = await this.readRows(meta);
      const cards = await this.reads.withPlatesOrFrames(
        actor, wanted.filter((w) => w.by === 'licensePlate').map((w) => w.key), wanted.filter((w) => w.by === 'frame').map((w) => w.key),
        // Each plate or frame has one live vehicle; sold and withdrawn loads of the same plate come on top.
        SELECT_BY_FILE_LIMITS.rows * 4,
      );
      return { idTemplate, ...matchInOrder(wanted, unmatched, cards) };
    } finally {
      // Nothing of the call is kept.
      await this.blobs.delete(meta.idFile);
    }
  }

  /** The rows naming a vehicle, and those refused already (no plate nor VIN); refusals of the file as a whole thrown. */
  private async readRows(meta: BlobMeta): Promise<{ wanted: Wanted[]; unmatched: UnmatchedSelectionRow[] }> {
    const opened = await this.blobs.open(meta.idFile);
    if (!opened) throw new UploadRefusal(422, API_ERROR_CODES.VEHICLE_UPLOAD_UNREADABLE, 'the file cannot be read');
    const wanted: Wanted[] = [];
    const unmatched: UnmatchedSelectionRow[] = [];
    let plateAt = -1;
    let frameAt = -1;
    let header = false;
    let count = 0;
    try {
      for await (const { row, values } of readSheetRecords(opened.stream, meta.mediaType)) {
        if (!header) {
          const columns = values.map((v) => COLUMN_BY_KEY.get(headerKey(v)));
          plateAt = columns.indexOf('licensePlate');
          frameAt = columns.indexOf('frame');
          if (plateAt < 0 && frameAt < 0) throw noColumn();
          header = true;
          continue;
        }
        const plate = plateAt >= 0 ? (values[plateAt] ?? '').trim() : '';
        const frame = frameAt >= 0 ? (values[frameAt] ?? '').trim() : '';
        if (plate === '' && frame === '' && values.every((v) => v.trim() === '')) continue;
        if (++count > SELECT_BY_FILE_LIMITS.rows) {
          throw new UploadRefusal(413, API_ERROR_CODES.VEHICLE_UPLOAD_TOO_MANY_ROWS, `a selection file has at most ${SELECT_BY_FILE_LIMITS.rows} rows`);
        }
        const by: Column = plate !== '' || frameAt < 0 ? 'licensePlate' : 'frame';
        const value = (by === 'licensePlate' ? plate : frame).slice(0, MAX_VALUE_CHARS);
        const key = by === 'licensePlate' ? vehiclePlateOf(plate) : vehicleFrameOf(frame);
        if (key === null) {
          const errorCode = by === 'licensePlate' ? ERROR_CODES.VEHICLE_PLATE_INVALID : ERROR_CODES.VEHICLE_FRAME_INVALID;
          unmatched.push({ row, value, reason: 'invalid', errorCode });
        } else {
          wanted.push({ row, value, by, key });
        }
      }
    } catch (error) {
      if (error instanceof UploadRefusal) throw error;
      throw new UploadRefusal(422, API_ERROR_CODES.VEHICLE_UPLOAD_UNREADABLE, `the file cannot be read: ${error instanceof Error ? error.message.slice(0, 200) : 'broken'}`, [{ field: 'file', rule: 'unreadable' }]);
    } finally {
      opened.stream.destroy();
    }
    if (!header) throw noColumn();
    return { wanted, unmatched };
  }
}

/** idTemplate: required (400211) and an id (400212); templates do not exist yet, so it selects nothing more. */
function templateOf(value: string | undefined): string {
  if (value === undefined || value.trim() === '') {
    throw new UploadRefusal(400, API_ERROR_CODES.VEHICLE_UPLOAD_FIELD_MISSING, 'idTemplate is missing', [{ field: 'idTemplate', rule: 'required' }]);
  }
  const parsed = SelectByFileFields.safeParse({ idTemplate: value.trim() });
  if (!parsed.success) {
    throw new UploadRefusal(400, API_ERROR_CODES.VEHICLE_SELECT_TEMPLATE_INVALID, 'idTemplate must be an id: letters, digits, _ and -, at most 64', [{ field: 'idTemplate', rule: 'id' }]);
  }
  return parsed.data.idTemplate;
}

function noColumn(): UploadRefusal {
  const names = [...SELECT_BY_FILE_HEADERS.licensePlate, ...SELECT_BY_FILE_HEADERS.frame].join(', ');
  return new UploadRefusal(422, API_ERROR_CODES.VEHICLE_UPLOAD_NO_ROWS, `the header row names no plate nor frame column (${names})`,
    [{ field: 'licensePlate', rule: 'missing' }, { field: 'frame', rule: 'missing' }]);
}

/**
 * Each wanted row's vehicle (the newest load of its plate or frame among `cards`, newest first), in file order; a row
 * naming none is `notFound`, one naming a vehicle an earlier row named is `duplicate`. The rows refused before stay in.
 */
export function matchInOrder(
  wanted: readonly Wanted[], refused: readonly UnmatchedSelectionRow[], cards: readonly VehicleCard[],
): { vehicles: VehicleCard[]; unmatched: UnmatchedSelectionRow[] } {
  const byPlate = new Map<string, VehicleCard>();
  const byFrame = new Map<string, VehicleCard>();
  for (const card of cards) {
    if (!byPlate.has(card.licensePlate)) byPlate.set(card.licensePlate, card);
    if (!byFrame.has(card.frame)) byFrame.set(card.frame, card);
  }
  const vehicles: VehicleCard[] = [];
  const unmatched = [...refused];
  const chosen = new Set<string>();
  for (const w of wanted) {
    const card = (w.by === 'licensePlate' ? byPlate : byFrame).get(w.key);
    if (!card) unmatched.push({ row: w.row, value: w.value, reason: 'notFound', errorCode: API_ERROR_CODES.VEHICLE_NOT_VISIBLE });
    else if (chosen.has(card.idVehicle)) unmatched.push({ row: w.row, value: w.value, reason: 'duplicate', errorCode: API_ERROR_CODES.VEHICLE_UPLOAD_DUPLICATE_VEHICLE });
    else {
      chosen.add(card.idVehicle);
      vehicles.push(card);
    }
  }
  unmatched.sort((a, b) => a.row - b.row);
  return { vehicles, unmatched };
}
