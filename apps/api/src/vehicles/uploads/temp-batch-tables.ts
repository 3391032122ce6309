import type { VehicleFileKind } from '@auction/domain';
import type { BatchFile } from './temp-batches.js';

/** The tables of the temporary batches (`temp-batches.ts`), beside the read models and outside their schema. */
export const BATCHES = 'public.vehicle_upload_batches';
export const VEHICLES = 'public.vehicle_upload_vehicles';
export const FILES = 'public.vehicle_upload_files';

/**
 * A batch's row holds its owner, bounds and state (`open`, or `saving` by the claim `saving_token` until
 * `saving_until`); its vehicles (row number, plate as stored, details as JSON text) and files (in upload order, `seq`)
 * are rows of their own, so a photo's upload reads one vehicle, not a 10,000-row batch.
 */
export const TEMP_BATCH_DDL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS ${BATCHES} (
    temp_id text PRIMARY KEY, id_user text NOT NULL, provenance text NOT NULL, vehicles integer NOT NULL,
    created_at bigint NOT NULL, expires_at bigint NOT NULL,
    state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'saving')), saving_token text, saving_until bigint)`,
  `CREATE INDEX IF NOT EXISTS vehicle_upload_batches_user ON ${BATCHES} (id_user, created_at)`,
  `CREATE INDEX IF NOT EXISTS vehicle_upload_batches_expires ON ${BATCHES} (expires_at)`,
  `CREATE TABLE IF NOT EXISTS ${VEHICLES} (
    temp_id text NOT NULL REFERENCES ${BATCHES} (temp_id) ON DELETE CASCADE, row_no integer NOT NULL, plate text NOT NULL,
    details text NOT NULL, PRIMARY KEY (temp_id, row_no))`,
  `CREATE INDEX IF NOT EXISTS vehicle_upload_vehicles_plate ON ${VEHICLES} (temp_id, plate)`,
  `CREATE TABLE IF NOT EXISTS ${FILES} (
    id_file text PRIMARY KEY, temp_id text NOT NULL REFERENCES ${BATCHES} (temp_id) ON DELETE CASCADE, row_no integer NOT NULL,
    kind text NOT NULL, media_type text NOT NULL, size bigint NOT NULL, seq bigint GENERATED ALWAYS AS IDENTITY)`,
  `CREATE INDEX IF NOT EXISTS vehicle_upload_files_batch ON ${FILES} (temp_id, row_no, seq)`,
];

export const BATCH_COLUMNS = 'b.temp_id, b.id_user, b.provenance, b.created_at, b.expires_at';
export interface BatchRow { temp_id: string; id_user: string; provenance: string; created_at: string | number; expires_at: string | number }
export const FILE_COLUMNS = 'id_file, kind, media_type, size, seq';
export interface FileRow { id_file: string; kind: VehicleFileKind; media_type: string; size: string | number; seq: string | number }

export function fileOf(row: FileRow): BatchFile {
  return { idFile: row.id_file, kind: row.kind, mediaType: row.media_type, size: Number(row.size) };
}
