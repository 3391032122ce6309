import type { z } from 'zod';
import type {
  AttachedVehicleFile, EditVehicleRequest, HandOverAction, HandOverUser, Page, VehicleFilesView, ProvenanceView, SelectByFileResponse, VehicleAuctionRowView, VehicleCard, VehicleOutcome as VehicleOutcomeSchema, VehicleSheet,
} from '@auction/contracts';
import type { Http, RequestOptions, UploadProgress } from '../../api/http.js';

const S = '/api/v1/secure';
const enc = encodeURIComponent;
/** Each screen says what happened in its own words: no generic success popup. */
const quiet: RequestOptions = { noSuccessPopup: true };

/** A vehicle list query as sent: the filters of `GET /vehicle` (strings, as in a URL) and the page request. */
export type VehicleQuery = Readonly<Record<string, string | number | undefined>> & {
  readonly limit: number;
  readonly offset: number;
  readonly sortField?: string;
  readonly sortOrder: 'asc' | 'desc';
};

/** The answer per vehicle of a change made to several (`pubUnpubVehicle`, `sendToSup`, ...). */
export type VehicleOutcome = z.infer<typeof VehicleOutcomeSchema>;

/** One row of the auctions-history dialog (`GET /vehicle/{id}/auctions`). */
export type VehicleAuctionRow = z.infer<typeof VehicleAuctionRowView>;

function formOf(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** A vehicle document as an attachment (`GET /generic-file`: any type, downloaded; `documentUrl` opens a PDF in place). */
export function vehicleFileUrl(idBlob: string): string {
  return `${S}/generic-file?idFile=${enc(idBlob)}`;
}

/** A saved vehicle's document kinds (every file kind but the photo). */
export const VEHICLE_DOCUMENT_KINDS = ['APPRAISAL', 'DATASHEET', 'OTHER', 'RECOGNITION_DOC'] as const;
export type VehicleDocumentKind = (typeof VEHICLE_DOCUMENT_KINDS)[number];

/** One upload's progress, stop signal and Idempotency-Key (a retry of the same file with it attaches nothing twice). */
export interface FileUploadHooks {
  readonly onProgress?: (progress: UploadProgress) => void;
  readonly signal?: AbortSignal;
  readonly idempotencyKey?: string;
}

/** The vehicle calls of spec 02 §7 "Secure vehicles" the back-office screens make. */
export function vehiclesApi(http: Http) {
  return {
    list: (query: VehicleQuery) => http.get<Page<VehicleCard>>(`${S}/vehicle`, { query }),
    details: (idVehicle: string) => http.get<VehicleSheet>(`${S}/vehicle/${enc(idVehicle)}/details`),
    auctions: (idVehicle: string, query: { limit: number; offset: number; sortField?: string; sortOrder: 'asc' | 'desc' }) =>
      http.get<Page<VehicleAuctionRow>>(`${S}/vehicle/${enc(idVehicle)}/auctions`, { query, noSpinner: true }),
    provenances: () => http.get<ProvenanceView[]>(`${S}/provenance`, { noSpinner: true }),
    /** `PUT /vehicle`; refusals come back to the form (it shows them beside the fields or in the error dialog). */
    edit: (body: EditVehicleRequest) => http.put<VehicleSheet>(`${S}/vehicle`, body, { ...quiet, noErrorPopup: true }),
    publish: (idVehicles: readonly string[], published: boolean) =>
      http.put<VehicleOutcome[]>(`${S}/vehicle/pubUnpubVehicle`, { idVehicles, published }, quiet),
    sendToSup: (idVehicles: readonly string[], idUser: string) => http.patch<VehicleOutcome[]>(`${S}/sendToSup`, { idVehicles, idUser }, quiet),
    sendToMultiAuctioneer: (idVehicles: readonly string[], idUser: string) =>
      http.patch<VehicleOutcome[]>(`${S}/sendToMultiAuctioneer`, { idVehicles, idUser }, quiet),
    /** `GET /vehicle-handover-users`: one page of the users a hand-over may go to (for sendToSup, of the provenance's dealer). */
    handOverUsers: (query: { action: HandOverAction; provenance?: string; username?: string; limit: number; offset: number }) =>
      http.get<Page<HandOverUser>>(`${S}/vehicle-handover-users`, { query, noSpinner: true }),
    sendBack: (idVehicles: readonly string[]) => http.patch<VehicleOutcome[]>(`${S}/sendBack`, { idVehicles }, quiet),
    /** `POST /vehicle/{id}/photos`: one photo, added last (refusals come back to the screen, beside the file). */
    attachPhoto: (idVehicle: string, file: File, hooks: FileUploadHooks = {}) =>
      http.upload<AttachedVehicleFile>(`${S}/vehicle/${enc(idVehicle)}/photos`, formOf(file), { ...hooks, noPopup: true, noSpinner: true }),
    /** `POST /vehicle/{id}/documents?kind=`: one document of that kind. */
    attachDocument: (idVehicle: string, kind: VehicleDocumentKind, file: File, hooks: FileUploadHooks = {}) =>
      http.upload<AttachedVehicleFile>(`${S}/vehicle/${enc(idVehicle)}/documents`, formOf(file), { ...hooks, query: { kind }, noPopup: true, noSpinner: true }),
    /** `DELETE /vehicle/{id}/file/{idBlob}`. */
    removeFile: (idVehicle: string, idBlob: string, idempotencyKey?: string) =>
      http.delete<VehicleFilesView>(`${S}/vehicle/${enc(idVehicle)}/file/${enc(idBlob)}`, { ...quiet, noPopup: true, idempotencyKey }),
    /** `PUT /vehicle/{id}/photo-order`: every photo once, the cover first. */
    reorderPhotos: (idVehicle: string, idBlobs: readonly string[], idempotencyKey?: string) =>
      http.put<VehicleFilesView>(`${S}/vehicle/${enc(idVehicle)}/photo-order`, { idBlobs }, { ...quiet, noPopup: true, noSpinner: true, idempotencyKey }),
    /**
     * `POST /select-by-file`: the vehicles a CSV or XLSX names by plate or frame, and the rows that named none. Refusals
     * come back to the dialog (shown in it), not as a popup.
     */
    selectByFile: (file: File, idTemplate: string) => {
      const form = new FormData();
      form.append('idTemplate', idTemplate);
      form.append('file', file, file.name);
      return http.upload<SelectByFileResponse>(`${S}/select-by-file`, form, { noPopup: true });
    },
    /** `POST /export-vehicle`: the list's filters and sort as a CSV file (limit and offset are ignored). */
    exportCsv: (filters: Readonly<Record<string, string | undefined>>) => http.file('POST', `${S}/export-vehicle`, filters, quiet),
  };
}
export type VehiclesApi = ReturnType<typeof vehiclesApi>;
