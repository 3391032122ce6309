import { API_ERROR_CODES } from '@auction/contracts';
import type { BlobMeta, BlobStore } from '@auction/blob-store';
import { judgeVehicleSheet } from '../../platform/http/uploads/content-types.js';
import { readStreamedUpload } from '../../platform/http/uploads/streamed-multipart.js';
import { UploadRefusal, refusalOf } from '../../platform/http/uploads/upload-refusal.js';

/** How one sheet upload is read: its one text field, the file's byte limit and the stored file's owner. */
export interface SheetUploadSpec {
  readonly field: string;
  readonly maxBytes: number;
  readonly owner: string;
}

/** A sheet upload read: the stored file (the caller deletes it once read) and the text field's value, if any. */
export interface SheetUpload {
  readonly file: BlobMeta;
  readonly value: string | undefined;
}

/**
 * Reads a multipart body with one vehicle sheet (CSV or XLSX, judged by content) and one text field, the file streamed
 * into the blob store under `owner`. The reading's refusals become {@link UploadRefusal}s (`refusalOf`); no file part is
 * 400 "the file is missing". Used by `POST /upload-vehicle` and `POST /select-by-file`.
 */
export async function readSheetUpload(blobs: BlobStore, body: unknown, { field, maxBytes, owner }: SheetUploadSpec): Promise<SheetUpload> {
  let upload;
  try {
    upload = await readStreamedUpload(body, {
      fields: [field], maxFileBytes: maxBytes,
      onFile: (file) => blobs.putStream(file, { owner, maxBytes, judge: judgeVehicleSheet }),
      discard: (meta) => blobs.delete(meta.idFile),
    });
  } catch (error) {
    throw refusalOf(error, maxBytes);
  }
  if (!upload.file) throw new UploadRefusal(400, API_ERROR_CODES.VEHICLE_UPLOAD_MALFORMED, 'the file is missing', [{ field: 'file', rule: 'missing' }]);
  return { file: upload.file, value: upload.fields[field] };
}
