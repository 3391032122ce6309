import type {
  ProvenanceView, SaveVehicleResponse, VehicleFileUploadResponse, VehicleUploadResponse,
} from '@auction/contracts';
import type { Http, UploadProgress } from '../../../api/http.js';

const S = '/api/v1/secure';

/** The per-vehicle uploads of a batch (spec 02: `upload-photos`, `upload-appraisal`...), by the kind of file. */
export const VEHICLE_FILE_KINDS = ['PHOTO', 'APPRAISAL', 'DATASHEET', 'OTHER', 'RECOGNITION_DOC'] as const;
export type VehicleFileKind = (typeof VEHICLE_FILE_KINDS)[number];

/** The call of each kind. */
export const UPLOAD_PATHS: Readonly<Record<VehicleFileKind, string>> = {
  PHOTO: `${S}/upload-photos`,
  APPRAISAL: `${S}/upload-appraisal`,
  DATASHEET: `${S}/upload-datasheet`,
  OTHER: `${S}/upload-other`,
  RECOGNITION_DOC: `${S}/upload-recdoc`,
};

/**
 * A required parameter of a call is missing: the call is not made (spec 02 "Missing required parameters throw
 * client-side errors named after the parameter": `Required parameter file was null or undefined`).
 */
export class MissingParameterError extends Error {
  constructor(readonly parameter: string) {
    super(`Required parameter ${parameter} was null or undefined`);
    this.name = 'MissingParameterError';
  }
}

/** The file of an upload, or {@link MissingParameterError} before any call (a missing file, or an empty pick). */
export function requireFile(file: File | null | undefined): File {
  if (file === null || file === undefined) throw new MissingParameterError('file');
  return file;
}

/** Where the progress of one upload goes, and how it is stopped. */
export interface UploadHooks {
  readonly onProgress?: (progress: UploadProgress) => void;
  readonly signal?: AbortSignal;
}

/**
 * The calls of the vehicle upload screen, on the one HTTP client. Uploads go through {@link Http.upload} (progress
 * events) without popups: the screen shows each refusal beside its file.
 */
export function vehicleUploadApi(http: Http) {
  const quiet = { noPopup: true, noSpinner: true } as const;
  return {
    /** The provenances (reference data), by code. */
    provenances: () => http.get<ProvenanceView[]>(`${S}/provenance`, { noSpinner: true }),
    /** A vehicle file (XLSX or CSV) into `provenance`: a temporary batch, or 422240 with the refused rows. */
    uploadVehicleFile: async (file: File | null | undefined, provenance: string, hooks: UploadHooks = {}): Promise<VehicleUploadResponse> => {
      const form = new FormData();
      // The text field first: the server knows the provenance before the file's bytes arrive.
      form.append('provenance', provenance);
      const checked = requireFile(file);
      form.append('file', checked, checked.name);
      return http.upload<VehicleUploadResponse>(`${S}/upload-vehicle`, form, { ...quiet, ...hooks });
    },
    /** One file for the vehicle `tupla` (its row number or plate) of batch `tempId`. */
    uploadVehicleFileOf: async (kind: VehicleFileKind, file: File | null | undefined, tempId: string, tupla: string, hooks: UploadHooks = {}): Promise<VehicleFileUploadResponse> => {
      const checked = requireFile(file);
      const form = new FormData();
      form.append('tempId', tempId);
      form.append('tupla', tupla);
      form.append('file', checked, checked.name);
      return http.upload<VehicleFileUploadResponse>(UPLOAD_PATHS[kind], form, { ...quiet, ...hooks });
    },
    /** Saves batch `tempId` (v2: the batch named, not the caller's latest): its vehicles, with their files. */
    save: (tempId: string) => http.post<SaveVehicleResponse>('/api/v2/secure/save-vehicle', undefined, { noPopup: true, query: { idTemp: tempId } }),
    /** The thumbnail (320 px wide) of an uploaded photo. */
    thumbnailUrl: (idImage: string) => http.url(`${S}/image`, { idImage, size: 'thumb' }),
  };
}

export type VehicleUploadApi = ReturnType<typeof vehicleUploadApi>;
