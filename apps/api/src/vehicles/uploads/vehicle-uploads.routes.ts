import {
  AttachedVehicleFile, PhotoOrderRequest, VehicleFileAttachMultipartBody, VehicleFilesView, ProvenanceLogo, SELECT_BY_FILE_HEADERS, SaveVehicleResponse,
  SelectByFileMultipartBody, SelectByFileResponse, VehicleFileMultipartBody, VehicleFileUploadResponse, VehicleSheetMultipartBody, VehicleUploadResponse,
} from '@auction/contracts';
import { MAX_VEHICLE_DOCUMENTS, MAX_VEHICLE_PHOTOS } from '@auction/domain';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/docs/route-doc.js';
import { TEMP_BATCH_LIMITS } from './temp-batches.js';
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS } from './vehicle-photos.js';
import { SELECT_BY_FILE_LIMITS } from './vehicle-selection.service.js';
import { VEHICLE_UPLOAD_LIMITS } from './vehicle-uploads.service.js';

const MIB = 1024 * 1024;
const LOADERS = 'LOADER, ADMIN';
const VIEWERS = 'logged in (who may see the vehicle)';
const COMMON = 'Read streaming (never whole in memory) after the guard; the content decides the type, never the name or Content-Type. '
  + `Refusals: not multipart 415201; a broken body, another part or a missing file 400210; a missing field 400211; too large 413200; `
  + `more than ${VEHICLE_UPLOAD_LIMITS.filesPerUser} files (${VEHICLE_UPLOAD_LIMITS.sheetsPerUser} vehicle files) by one user an hour 429200, too many bodies read at once 429001, both with Retry-After. `
  + 'Nothing is kept after a refusal.';
const FILE_UPLOAD = (what: string, types: string, maxBytes: number) => `Adds ${what} to one vehicle of a temporary batch: multipart file + tempId + tupla `
  + `(the vehicle's row number in the file, or its plate). ${types}, at most ${maxBytes / MIB} MiB. ${COMMON} Unknown, expired, being saved or another user's tempId 404210; `
  + `a tupla naming no vehicle of it 404211; a vehicle with ${MAX_VEHICLE_PHOTOS} photos or ${MAX_VEHICLE_DOCUMENTS} documents 422245. `
  + 'The file is its uploader\'s until the batch is saved.';
const DOCUMENT_TYPES = 'A PDF, or a scan as JPEG or PNG, by content (else 415200)';

const FILE_CHANGERS = 'LOADER, AUCTIONEER, MULTI_AUCTIONEER, ADMIN (vehicle rule)';
const WHO_CHANGES_FILES = 'Who (the one vehicle rule, ROLES.md, checked before the body is read and again in the command\'s turn): ADMIN in its markets; while loaders hold it, a LOADER of the provenance\'s dealer; while a superior or multi-auctioneer holds it, that user. A vehicle the caller does not see, or unknown: 404200; seen but not changeable (a dealer, another holder, a read-only user): 403200. Only in stock: in an auction 409201, in a showcase 409202, sold or withdrawn 409010/409012.';
const ATTACH = (what: string, types: string, maxBytes: number, limit: string) => `Adds ${what} to a saved vehicle: multipart, one part file. ${types}, at most ${maxBytes / MIB} MiB. ${COMMON} `
  + `A vehicle has at most ${limit} (422210/422211, refused before the body is read). An Idempotency-Key makes a retry answer the first answer and attach nothing (the key is bound to the call; a multipart body counts as empty, so the key must not be reused for another file); `
  + 'without one, a file whose bytes the vehicle has already attaches nothing new and the answer names that file (another kind of document with the same bytes: 409207). '
  + `Answers 201 with the file (idBlob, kind, mediaType, size) and the vehicle's photos (in order, the first the cover) and documents. ${WHO_CHANGES_FILES}`;

/** The OpenAPI entries of a saved vehicle's file changes (#22). */
const VEHICLE_FILE_CHANGE_ROUTE_DOCS: RouteDoc[] = [
  ['post', '/api/v1/secure/vehicle/{idVehicle}/photos', ATTACH('a photo (it goes last)', `JPEG, PNG or WebP by content (else 415200), at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels (413202)`, MAX_PHOTO_BYTES, `${MAX_VEHICLE_PHOTOS} photos`)
    + ' Stored once, turned upright, without EXIF (GPS included), XMP or IPTC.', FILE_CHANGERS, VehicleFileAttachMultipartBody, AttachedVehicleFile, 'multipart/form-data'],
  ['post', '/api/v1/secure/vehicle/{idVehicle}/documents', ATTACH('a document; query kind APPRAISAL|DATASHEET|OTHER|RECOGNITION_DOC (required, else 400001)', DOCUMENT_TYPES, VEHICLE_UPLOAD_LIMITS.documentBytes, `${MAX_VEHICLE_DOCUMENTS} documents`),
    FILE_CHANGERS, VehicleFileAttachMultipartBody, AttachedVehicleFile, 'multipart/form-data'],
  ['delete', '/api/v1/secure/vehicle/{idVehicle}/file/{idBlob}', `Removes a photo or a document from a saved vehicle; its bytes are deleted (GET /image and the other file calls answer 404212 from then on). A file the vehicle does not have: no change (a retry answers the same). Answers 200 with the vehicle's photos and documents. ${WHO_CHANGES_FILES}`,
    FILE_CHANGERS, undefined, VehicleFilesView],
  ['put', '/api/v1/secure/vehicle/{idVehicle}/photo-order', `Puts a saved vehicle's photos in a new order: idBlobs names every photo of the vehicle once (else 422212), the first is the cover; the same order: no change. Answers 200 with the vehicle's photos and documents. ${WHO_CHANGES_FILES}`,
    FILE_CHANGERS, PhotoOrderRequest, VehicleFilesView],
];

/** The OpenAPI entries of the vehicle uploads and files. */
export const VEHICLE_UPLOADS_ROUTE_DOCS: RouteDoc[] = [
  ['post', '/api/v1/secure/upload-vehicle', `Loads a vehicle file (spec 02 §7): multipart file + provenance. XLSX (its first sheet) or CSV (UTF-8, \`,\` or \`;\`: the one its header line uses), at most ${VEHICLE_UPLOAD_LIMITS.sheetBytes / MIB} MiB and ${VEHICLE_UPLOAD_LIMITS.sheetRows} rows (413201). `
    + 'The header names the columns (VEHICLE_UPLOAD_COLUMNS, any order and case; the required ones missing or a column twice: 422242 with details); every row is checked by one schema (VehicleUploadRow: the vehicle\'s own rules). '
    + `Any refused row refuses the file: 422240 with rows [{row, field, reason, errorCode}] (the header is row 1; codes 422200-422209 of the field, 422244 a plate or frame twice, 422240 field row a CSV row with another number of cells than the header; at most ${VEHICLE_UPLOAD_LIMITS.listedRefusals} listed), and nothing is kept. `
    + `A broken XLSX or CSV 422241; not XLSX or CSV by content 415200; an unknown provenance 422220, another dealer's 403201 (the vehicles context's rule). ${COMMON} `
    + `Accepted: 201 with a tempId holding the checked vehicles for ${TEMP_BATCH_LIMITS.ttlMs / 3_600_000} hours (at most ${TEMP_BATCH_LIMITS.perUser} open per user: 429201); the file itself is not kept.`,
  LOADERS, VehicleSheetMultipartBody, VehicleUploadResponse, 'multipart/form-data'],
  ['post', '/api/v1/secure/select-by-file', `Selects vehicles by a file (spec 02 §7; the vehicle list's "select by file"): multipart file + idTemplate. Reads only: nothing is changed, nothing kept (an Idempotency-Key is ignored). `
    + `The file: XLSX (its first sheet) or CSV (UTF-8, \`,\` or \`;\`), at most ${SELECT_BY_FILE_LIMITS.bytes / MIB} MiB and ${SELECT_BY_FILE_LIMITS.rows} rows (413201), read with the readers of upload-vehicle. `
    + `Its header row names the column of licence plates (accepted headers: ${SELECT_BY_FILE_HEADERS.licensePlate.join(', ')}) or of frames/VINs (${SELECT_BY_FILE_HEADERS.frame.join(', ')}), any case, spaces, dashes, dots and underscores ignored; other columns are ignored; neither column: 422242. `
    + 'With both, a row\'s plate is used and its frame only when the plate cell is empty. Plates are compared as plates are (spaces and dashes ignored), frames upper case. '
    + 'Answers 200 {idTemplate, vehicles, unmatched}: vehicles are list cards (the shape of GET /vehicle) of the vehicles the caller sees by GET /vehicle\'s rule, in file order (a plate\'s newest load: the live one when there is one); '
    + 'unmatched lists the rows that selected nothing, by row (the header is row 1): {row, value, reason, errorCode}, reason invalid (not a plate: 422200, not a VIN: 422201), notFound (no vehicle the caller sees: 404200, so existence is not disclosed) or duplicate (the same vehicle as an earlier row: 422244). '
    + 'idTemplate is required (missing: 400211; not an id of letters, digits, _ and -, at most 64: 400212): it is accepted and checked for form; ignored until templates exist (it narrows nothing yet). '
    + `A broken XLSX or CSV 422241; not XLSX or CSV by content (an HTML page named .csv) 415200; not multipart 415201; a broken body, another part or a missing file 400210; too large 413200; more than ${SELECT_BY_FILE_LIMITS.perUser} selections by one user an hour 429200 (Retry-After). A dealer (BUYER) or another role: 403001.`,
  'LOADER, AUCTIONEER, MULTI_AUCTIONEER, ADMIN, CUSTOMER_CENTER', SelectByFileMultipartBody, SelectByFileResponse, 'multipart/form-data'],
  ['post', '/api/v1/secure/upload-photos', FILE_UPLOAD('a photo', `JPEG, PNG or WebP by content (else 415200), at most ${MAX_PHOTO_PIXELS / 1_000_000} megapixels (a decompression bomb: 413202, refused from its header before decoding)`, MAX_PHOTO_BYTES)
    + ' Stored once, turned upright, without EXIF (GPS included), XMP or IPTC.', LOADERS, VehicleFileMultipartBody, VehicleFileUploadResponse, 'multipart/form-data'],
  ['post', '/api/v1/secure/upload-appraisal', FILE_UPLOAD('the appraisal', DOCUMENT_TYPES, VEHICLE_UPLOAD_LIMITS.documentBytes), LOADERS, VehicleFileMultipartBody, VehicleFileUploadResponse, 'multipart/form-data'],
  ['post', '/api/v1/secure/upload-datasheet', FILE_UPLOAD('the data sheet', DOCUMENT_TYPES, VEHICLE_UPLOAD_LIMITS.documentBytes), LOADERS, VehicleFileMultipartBody, VehicleFileUploadResponse, 'multipart/form-data'],
  ['post', '/api/v1/secure/upload-other', FILE_UPLOAD('another document', DOCUMENT_TYPES, VEHICLE_UPLOAD_LIMITS.documentBytes), LOADERS, VehicleFileMultipartBody, VehicleFileUploadResponse, 'multipart/form-data'],
  ['post', '/api/v1/secure/upload-recdoc', FILE_UPLOAD('a recognition document', DOCUMENT_TYPES, VEHICLE_UPLOAD_LIMITS.documentBytes), LOADERS, VehicleFileMultipartBody, VehicleFileUploadResponse, 'multipart/form-data'],
  ['post', '/api/v1/secure/save-vehicle', 'Saves the caller\'s most recent temporary batch (no body): each vehicle loaded in stock with its files, in the batch\'s provenance; each vehicle\'s id follows from the batch and its row, so a retry loads nothing twice. No batch: 404210. Its files become the vehicle\'s.',
    LOADERS, undefined, SaveVehicleResponse],
  ['post', '/api/v2/secure/save-vehicle', 'Saves the temporary batch idTemp (query; no body), as POST /api/v1/secure/save-vehicle. Unknown, expired, saved, being saved or another user\'s: 404210.',
    LOADERS, undefined, SaveVehicleResponse],
  ['get', '/api/v1/secure/image', 'A vehicle photo (query idImage, size thumb = 320 px wide, display = 1280 px (default), original), never enlarged, without metadata: WebP when Accept takes image/webp, else JPEG (Vary: Accept). '
    + 'The variants never change (the id names the content): ETag, If-None-Match answers 304, Cache-Control private, max-age=31536000, immutable (the caller\'s browser keeps it; no shared cache, since who may see it depends on who asks). '
    + 'A photo of a temporary batch: its uploader only; a saved one: whoever may see its vehicle (the back office within its markets; a dealer: published and in an auction or showcase). Otherwise, or unknown: 404212 (no-store).', VIEWERS, undefined, 'file'],
  ['get', '/api/v1/mobile/image', 'GET /api/v1/secure/image for the mobile app (token header).', VIEWERS, undefined, 'file'],
  ['get', '/api/v1/secure/pdf', 'A vehicle\'s PDF document (query idPdf, filename: the name offered), inline, application/pdf, nosniff; the same access as /image; not a PDF, unknown or not visible: 404212.', VIEWERS, undefined, 'file'],
  ['get', '/api/v1/mobile/pdf', 'GET /api/v1/secure/pdf for the mobile app (token header).', VIEWERS, undefined, 'file'],
  ['get', '/api/v1/secure/generic-file', 'Any vehicle document (query idFile) as an attachment with its sniffed type, nosniff and a sandboxing CSP; the same access as /image; else 404212.', VIEWERS, undefined, 'file'],
  ['get', '/api/v1/secure/logoByProvenance', 'Each provenance asked (repeated query provenances) with the URL of its logo; no provenance has a logo yet, so null for each.', 'logged in', undefined, z.array(ProvenanceLogo)],
  ['get', '/api/v1/mobile/logoByProvenance', 'GET /api/v1/secure/logoByProvenance for the mobile app (token header).', 'logged in', undefined, z.array(ProvenanceLogo)],
  ...VEHICLE_FILE_CHANGE_ROUTE_DOCS,
];
