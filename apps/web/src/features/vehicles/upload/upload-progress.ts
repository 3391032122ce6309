import type { VehicleFileUploadResponse } from '@auction/contracts';
import type { VehicleFileKind } from './upload-api.js';

/**
 * One file on its way: waiting its turn, sending (the body going out), checking (all sent, the server reading it),
 * done, or refused with the API's code (0: the server could not be reached).
 */
export type UploadPhase = 'waiting' | 'sending' | 'checking' | 'done' | 'refused';

export interface FileUpload {
  /** Unique within the screen. */
  readonly key: string;
  readonly name: string;
  /** The file's size: the total until the browser tells the body's. */
  readonly size: number;
  /** `SHEET`: the vehicle file; else the kind of a vehicle's file. */
  readonly kind: VehicleFileKind | 'SHEET';
  /** The batch row it belongs to (null: the vehicle file). */
  readonly row: number | null;
  readonly phase: UploadPhase;
  readonly sent: number;
  readonly total: number;
  readonly errorCode: number | null;
  /** The server's answer to a file of a vehicle (its id: the photo's thumbnail). */
  readonly result: VehicleFileUploadResponse | null;
}

/** What happens to the uploads of the screen. */
export type UploadEvent =
  | { readonly type: 'queued'; readonly key: string; readonly name: string; readonly size: number; readonly kind: FileUpload['kind']; readonly row: number | null }
  | { readonly type: 'progress'; readonly key: string; readonly loaded: number; readonly total: number }
  | { readonly type: 'done'; readonly key: string; readonly result?: VehicleFileUploadResponse }
  | { readonly type: 'refused'; readonly key: string; readonly errorCode: number }
  | { readonly type: 'cleared' };

/**
 * The uploads after `event`: a queued file is added at the end; progress never goes back and fills the phase
 * (`checking` once every byte is sent); a file done or refused stays so (a late progress event changes nothing).
 */
export function uploadsAfter(uploads: readonly FileUpload[], event: UploadEvent): FileUpload[] {
  if (event.type === 'cleared') return [];
  if (event.type === 'queued') {
    if (uploads.some((u) => u.key === event.key)) return [...uploads];
    return [...uploads, {
      key: event.key, name: event.name, size: event.size, kind: event.kind, row: event.row,
      phase: 'waiting', sent: 0, total: event.size, errorCode: null, result: null,
    }];
  }
  return uploads.map((u) => (u.key === event.key ? changed(u, event) : u));
}

function changed(upload: FileUpload, event: Exclude<UploadEvent, { type: 'queued' | 'cleared' }>): FileUpload {
  if (upload.phase === 'done' || upload.phase === 'refused') return upload;
  switch (event.type) {
    case 'progress': {
      const total = event.total > 0 ? event.total : upload.total;
      const sent = Math.min(Math.max(upload.sent, event.loaded), total);
      return { ...upload, total, sent, phase: total > 0 && sent >= total ? 'checking' : 'sending' };
    }
    case 'done':
      return { ...upload, phase: 'done', sent: upload.total, result: event.result ?? null };
    case 'refused':
      return { ...upload, phase: 'refused', errorCode: event.errorCode };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** Whole percent of the body sent (100 once done; an empty file counts as sent once it goes). */
export function percentOf(upload: FileUpload): number {
  if (upload.phase === 'done' || upload.phase === 'checking') return 100;
  if (upload.total <= 0) return 0;
  return Math.floor((upload.sent / upload.total) * 100);
}

/** True while any upload is waiting, sending or being checked. */
export function anyPending(uploads: readonly FileUpload[]): boolean {
  return uploads.some((u) => u.phase === 'waiting' || u.phase === 'sending' || u.phase === 'checking');
}

/** The uploads of one vehicle of the batch, in the order they were picked. */
export function uploadsOfRow(uploads: readonly FileUpload[], row: number): FileUpload[] {
  return uploads.filter((u) => u.row === row);
}

/** Per row: how many photos and documents were accepted (what the save takes along). */
export function acceptedCounts(uploads: readonly FileUpload[]): Map<number, { photos: number; documents: number }> {
  const counts = new Map<number, { photos: number; documents: number }>();
  for (const u of uploads) {
    if (u.phase !== 'done' || u.row === null) continue;
    const c = counts.get(u.row) ?? { photos: 0, documents: 0 };
    counts.set(u.row, u.kind === 'PHOTO' ? { ...c, photos: c.photos + 1 } : { ...c, documents: c.documents + 1 });
  }
  return counts;
}
