import { z } from 'zod';
import {
  ERROR_CODES, FUELS, GEARBOXES, MAX_VEHICLE_PHOTOS, VEHICLE_FILE_KINDS, VehicleFieldError, normaliseVehicleDetails, type VehicleDetails,
} from '@auction/domain';
import { ErrorBody, Id, IdArray } from './common.js';
import { VehicleCard } from './vehicles.js';

/**
 * The columns of a vehicle file (CSV or XLSX), in the template's order; a header names them in any order and case.
 * `appraisedOn`, `appraisalGrade` and `appraisalNotes` make the appraisal summary (all blank: none).
 */
export const VEHICLE_UPLOAD_COLUMNS = [
  'licensePlate', 'frame', 'brand', 'model', 'version', 'firstRegistration', 'mileageKm', 'fuel', 'gearbox', 'powerKw',
  'colour', 'damageTotal', 'channel', 'area', 'region', 'appraisedOn', 'appraisalGrade', 'appraisalNotes',
] as const;
export type VehicleUploadColumn = (typeof VEHICLE_UPLOAD_COLUMNS)[number];

/** Columns a vehicle file's header must have (the others may be left out). */
export const VEHICLE_UPLOAD_REQUIRED_COLUMNS = [
  'licensePlate', 'frame', 'brand', 'model', 'firstRegistration', 'mileageKm', 'fuel', 'gearbox', 'powerKw', 'channel', 'area', 'region',
] as const satisfies readonly VehicleUploadColumn[];

/** A refused field of a row: the column, the reason, and the domain's numeric code (422200-422209) or the upload's. */
export const RefusedVehicleRow = z.object({
  /** The row as the spreadsheet numbers it: the header is row 1, the first vehicle row 2. */
  row: z.number().int(),
  field: z.string(),
  reason: z.string(),
  errorCode: z.number().int(),
});
export type RefusedVehicleRow = z.infer<typeof RefusedVehicleRow>;

/** The refusal of a vehicle file (422240): every refused row and field; nothing of the file was kept. */
export const VehicleUploadRefusal = ErrorBody.extend({ rows: z.array(RefusedVehicleRow) });
export type VehicleUploadRefusal = z.infer<typeof VehicleUploadRefusal>;

const cell = z.string().max(2_000).optional().default('');
/** Where a column's broken value is reported, with the domain's code of that field. */
const FIELD_CODES: Record<string, number> = {
  licensePlate: ERROR_CODES.VEHICLE_PLATE_INVALID, frame: ERROR_CODES.VEHICLE_FRAME_INVALID, firstRegistration: ERROR_CODES.VEHICLE_FIRST_REGISTRATION_INVALID,
  mileageKm: ERROR_CODES.VEHICLE_MILEAGE_INVALID, powerKw: ERROR_CODES.VEHICLE_POWER_INVALID, damageTotal: ERROR_CODES.VEHICLE_DAMAGE_INVALID,
  fuel: ERROR_CODES.VEHICLE_FUEL_INVALID, gearbox: ERROR_CODES.VEHICLE_GEARBOX_INVALID,
};
/** A valid vehicle whose fields stand in for broken ones, so one row's check reports all its broken fields, not the first. */
const STAND_IN: VehicleDetails = {
  licensePlate: 'AB123CD', frame: 'WVWZZZ1JZXW000001', brand: 'B', model: 'M', version: null, firstRegistration: '2020-01-01', mileageKm: 0,
  fuel: 'PETROL', gearbox: 'MANUAL', powerKw: 0, colour: null, damageTotal: 0, channel: 'C', location: { area: 'A', region: 'R' }, appraisal: null,
};

/** A whole number written plainly (`12000`, `12 000`, `12.000` as a thousands group is not taken: ambiguous). */
function wholeNumber(text: string): number {
  return /^\d{1,9}$/.test(text.replace(/[ _]/g, '')) ? Number(text.replace(/[ _]/g, '')) : Number.NaN;
}
/** An amount with a dot or a comma before at most 2 decimals. */
function amount(text: string): number {
  return /^\d{1,12}([.,]\d{1,2})?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
}
const code = (text: string) => text.trim().toUpperCase().replace(/[\s-]+/g, '_');

/**
 * One row of a vehicle file, as text cells by column (a spreadsheet's dates and numbers written as text first), checked
 * by the vehicle's own rules (`normaliseVehicleDetails` of `libs/domain`) and turned into {@link VehicleDetails}. Every
 * broken field is an issue whose path is the column and whose `params.errorCode` is the domain's code for it.
 */
export const VehicleUploadRow = z
  .object(Object.fromEntries(VEHICLE_UPLOAD_COLUMNS.map((c) => [c, cell])) as Record<VehicleUploadColumn, typeof cell>)
  .transform((row, ctx): VehicleDetails => {
    const t = (c: VehicleUploadColumn) => row[c].trim();
    const appraisalGiven = t('appraisedOn') !== '' || t('appraisalGrade') !== '' || t('appraisalNotes') !== '';
    let candidate: VehicleDetails = {
      licensePlate: t('licensePlate'), frame: t('frame'), brand: t('brand'), model: t('model'), version: t('version') || null,
      firstRegistration: t('firstRegistration'), mileageKm: wholeNumber(t('mileageKm')), fuel: code(t('fuel')) as VehicleDetails['fuel'],
      gearbox: code(t('gearbox')) as VehicleDetails['gearbox'], powerKw: wholeNumber(t('powerKw')), colour: t('colour') || null,
      damageTotal: t('damageTotal') === '' ? 0 : amount(t('damageTotal')), channel: t('channel'),
      location: { area: t('area'), region: t('region') },
      appraisal: appraisalGiven ? { appraisedOn: t('appraisedOn'), grade: t('appraisalGrade') || null, notes: t('appraisalNotes') || null } : null,
    };
    const now = Date.now();
    let refused = false;
    for (let attempt = 0; attempt < 20; attempt++) {
      try {
        const details = normaliseVehicleDetails(candidate, now);
        return refused ? z.NEVER : details;
      } catch (error) {
        if (!(error instanceof VehicleFieldError)) throw error;
        refused = true;
        const column = columnOf(error.field);
        ctx.addIssue({ code: 'custom', path: [column], message: error.message, params: { errorCode: FIELD_CODES[column] ?? error.code } });
        candidate = standIn(candidate, error.field);
      }
    }
    return z.NEVER;
  });

/** The column a domain field is read from (`location.area` → `area`, `appraisal.grade` → `appraisalGrade`). */
function columnOf(field: string): string {
  if (field.startsWith('location.')) return field.slice('location.'.length);
  if (field === 'appraisal.appraisedOn') return 'appraisedOn';
  if (field === 'appraisal.grade') return 'appraisalGrade';
  if (field === 'appraisal.notes') return 'appraisalNotes';
  return field;
}

function standIn(candidate: VehicleDetails, field: string): VehicleDetails {
  if (field.startsWith('location.')) return { ...candidate, location: STAND_IN.location };
  if (field.startsWith('appraisal')) return { ...candidate, appraisal: null };
  return { ...candidate, [field]: STAND_IN[field as keyof VehicleDetails] };
}

/** The answer to an accepted vehicle file: the temporary batch that holds its vehicles until they are saved. */
export const VehicleUploadResponse = z.object({
  tempId: z.string(),
  provenance: z.string(),
  /** Vehicles of the batch, in file order, with the row each came from. */
  vehicles: z.array(z.object({ row: z.number().int(), licensePlate: z.string(), frame: z.string(), brand: z.string(), model: z.string() })),
  /** When the batch expires unless saved (ISO time). */
  expiresAt: z.string(),
});
export type VehicleUploadResponse = z.infer<typeof VehicleUploadResponse>;

/** The multipart text fields of a file upload for a vehicle of a batch (`upload-photos`, `upload-appraisal`...). */
export const VehicleFileUploadFields = z.object({
  tempId: z.string().trim().min(1).max(64),
  /** Which vehicle of the batch: its row number in the file, or its plate. */
  tupla: z.string().trim().min(1).max(40),
});

/** The answer to a file added to a vehicle of a batch. */
export const VehicleFileUploadResponse = z.object({
  tempId: z.string(),
  row: z.number().int(),
  idFile: z.string(),
  kind: z.enum(['PHOTO', 'APPRAISAL', 'DATASHEET', 'OTHER', 'RECOGNITION_DOC']),
  mediaType: z.string(),
  size: z.number().int(),
});
export type VehicleFileUploadResponse = z.infer<typeof VehicleFileUploadResponse>;

/** The answer to a saved batch: the new vehicles, by row. */
export const SaveVehicleResponse = z.object({
  tempId: z.string(),
  vehicles: z.array(z.object({ row: z.number().int(), idVehicle: z.string(), licensePlate: z.string(), files: z.number().int() })),
});
export type SaveVehicleResponse = z.infer<typeof SaveVehicleResponse>;

/** `GET /save-vehicle` v2's query. */
export const SaveVehicleQuery = z.object({ idTemp: z.string().trim().min(1).max(64) });

/** Sizes a photo is served in: a thumbnail (320 px wide), the display size (1280 px) and the original. */
export const PHOTO_SIZES = ['thumb', 'display', 'original'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** `GET /image` query: the photo and its size (default `display`). */
export const VehicleImageQuery = z.object({
  idImage: z.string().min(1).max(64),
  size: z.enum(PHOTO_SIZES).optional().default('display'),
});
/** `GET /pdf` query. */
export const VehiclePdfQuery = z.object({ idPdf: z.string().min(1).max(64), filename: z.string().max(200).optional() });
/** `GET /generic-file` query. */
export const VehicleGenericFileQuery = z.object({ idFile: z.string().min(1).max(64) });

/** `GET /logoByProvenance` answer: each provenance asked, with the URL of its logo or null. */
export const ProvenanceLogo = z.object({ provenance: z.string(), logo: z.string().nullable() });
export type ProvenanceLogo = z.infer<typeof ProvenanceLogo>;


const FileField = z.string().meta({ format: 'binary', description: 'a file part' });
/** The form of `POST /upload-vehicle` (for the OpenAPI description; the body is read streaming). */
export const VehicleSheetMultipartBody = z.object({ file: FileField, provenance: z.string().trim().min(1).max(60) });
/** The form of `POST /upload-photos`, `-appraisal`, `-datasheet`, `-other`, `-recdoc`. */
export const VehicleFileMultipartBody = z.object({ file: FileField, ...VehicleFileUploadFields.shape });
/** Body of `PATCH /auction/{id}/file-message`: one part `file`, the auction's regulation document (a PDF). */
export const FileMessageMultipartBody = z.object({ file: FileField });

/** The form of `POST /vehicle/{idVehicle}/photos` and `/documents`: one part `file`. */
export const VehicleFileAttachMultipartBody = z.object({ file: FileField });

/** Kinds of a vehicle's document (every file kind but the photo). */
export const VehicleDocumentKindSchema = z.enum(VEHICLE_FILE_KINDS).exclude(['PHOTO']);
/** Query of `POST /vehicle/{idVehicle}/documents`: which kind of document the file is. */
export const VehicleDocumentQuery = z.object({ kind: VehicleDocumentKindSchema }).strict();
/** Path of `DELETE /vehicle/{idVehicle}/file/{idBlob}`. */
export const VehicleFileParams = z.object({ idVehicle: Id, idBlob: Id }).strict();
/** Body of `PUT /vehicle/{idVehicle}/photo-order`: every photo of the vehicle once, in the new order (the first is the cover). */
export const PhotoOrderRequest = z.object({ idBlobs: IdArray(MAX_VEHICLE_PHOTOS) }).strict();
export type PhotoOrderRequest = z.infer<typeof PhotoOrderRequest>;

/** A saved vehicle's files after a change: its photos in order (the first the cover) and its documents. */
export const VehicleFilesView = z.object({
  idVehicle: z.string(),
  photos: z.array(z.string()),
  documents: z.array(z.object({ idBlob: z.string(), kind: z.enum(VEHICLE_FILE_KINDS) })),
});
export type VehicleFilesView = z.infer<typeof VehicleFilesView>;

/** The answer to a file attached to a saved vehicle: the file and the vehicle's files with it. */
export const AttachedVehicleFile = VehicleFilesView.extend({
  idBlob: z.string(), kind: z.enum(VEHICLE_FILE_KINDS), mediaType: z.string(), size: z.number().int(),
});
export type AttachedVehicleFile = z.infer<typeof AttachedVehicleFile>;

/**
 * Header names of the column a select-by-file row names its vehicle by (compared ignoring case, spaces, dashes, dots and
 * underscores: `License plate` is `licensePlate`). A header needs one of the two; with both, a row's plate is read first.
 */
export const SELECT_BY_FILE_HEADERS = {
  licensePlate: ['licensePlate', 'licencePlate', 'plate', 'targa'],
  frame: ['frame', 'vehicleFrame', 'vin', 'telaio'],
} as const;
/** Most rows of a select-by-file file (a selection, not a load). */
export const SELECT_BY_FILE_MAX_ROWS = 1_000;
/** Why a row selected nothing: a value that is no plate nor VIN, none the caller sees, or the same vehicle as a row before. */
export const SELECT_BY_FILE_REASONS = ['invalid', 'notFound', 'duplicate'] as const;
export type SelectByFileReason = (typeof SELECT_BY_FILE_REASONS)[number];

/** The text fields of `POST /select-by-file`: the template, required and an id (templates come later: checked, then ignored). */
export const SelectByFileFields = z.object({ idTemplate: Id });

/** A row of a select-by-file file that selected no vehicle. */
export const UnmatchedSelectionRow = z.object({
  /** The row as the spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  /** The cell as written (at most 60 characters). */
  value: z.string(),
  reason: z.enum(SELECT_BY_FILE_REASONS),
  /** 422200 not a plate, 422201 not a VIN, 404200 no vehicle the caller sees, 422244 the same vehicle as an earlier row. */
  errorCode: z.number().int(),
});
export type UnmatchedSelectionRow = z.infer<typeof UnmatchedSelectionRow>;

/** The answer of `POST /select-by-file`: the vehicles matched, in file order, and the rows that matched none. */
export const SelectByFileResponse = z.object({
  idTemplate: z.string(),
  vehicles: z.array(VehicleCard),
  unmatched: z.array(UnmatchedSelectionRow),
});
export type SelectByFileResponse = z.infer<typeof SelectByFileResponse>;

/** The form of `POST /select-by-file` (for the OpenAPI description; the body is read streaming). */
export const SelectByFileMultipartBody = z.object({ file: FileField, idTemplate: Id });
