import { VEHICLE_UPLOAD_COLUMNS, VehicleUploadRefusal, type RefusedVehicleRow } from '@auction/contracts';
import { ApiError } from '../../../api/http.js';

/** A refused row as the table shows it: the API's row and field, the reason in the user's language. */
export interface RefusedRowLine {
  /** Unique within the list (a row may have several refused fields). */
  readonly key: string;
  readonly row: number;
  /** The column as the user's language names it (the API's name when it is none of the template's). */
  readonly field: string;
  readonly reason: string;
  readonly errorCode: number;
}

/** Translates a key of namespace `vehicleUpload` or `errors`, or says it has none (then the API's own words stand). */
export type Translate = (key: string) => string | null;

/**
 * The refused rows of a vehicle file, in the order the API listed them: 422240's `rows`, each field with the reason
 * its code gives in the user's language; a header refused (422242: a required column missing, or one named twice) as
 * row 1 with each column and rule. Null when the error is not a refusal of rows (another error shows as a message).
 */
export function refusedRowsOf(error: unknown, t: Translate): RefusedRowLine[] | null {
  if (!(error instanceof ApiError)) return null;
  if (error.errorCode === 422240) {
    const parsed = VehicleUploadRefusal.safeParse(error.body);
    if (!parsed.success) return null;
    return parsed.data.rows.map((r, i) => lineOf(r, i, t));
  }
  if (error.errorCode === 422242 && error.details.length > 0) {
    return error.details.map((d, i) => ({
      key: `header-${i}`, row: 1, field: columnName(d.field, t), errorCode: error.errorCode,
      reason: t(`vehicleUpload:rules.${d.rule}`) ?? t(`errors:${error.errorCode}`) ?? d.rule,
    }));
  }
  return null;
}

function lineOf(row: RefusedVehicleRow, index: number, t: Translate): RefusedRowLine {
  return {
    key: `${row.row}-${row.field}-${index}`, row: row.row, field: columnName(row.field, t), errorCode: row.errorCode,
    reason: t(`errors:${row.errorCode}`) ?? row.reason,
  };
}

/** A template column in the user's language; `row` (a CSV row with another number of cells) as such. */
export function columnName(field: string, t: Translate): string {
  if ((VEHICLE_UPLOAD_COLUMNS as readonly string[]).includes(field) || field === 'row') return t(`vehicleUpload:columns.${field}`) ?? field;
  return field;
}
