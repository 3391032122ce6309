import { VehicleSheetMultipartBody } from '@auction/contracts';
import { vehicleScopeOf, type Provenance, type VehicleViewer } from '@auction/domain';
import { MissingParameterError, requireFile } from './upload-api.js';

/** The vehicle-file form: the file picked (none yet: null) and the provenance code ('' none). */
export interface SheetForm {
  readonly file: File | null;
  readonly provenance: string;
}

export type SheetFormErrors = Partial<Record<'file' | 'provenance', 'missingFile' | 'missingProvenance' | 'invalidProvenance'>>;

/**
 * What keeps the form from being sent, before any call: the spec's "a missing file is an error before the call is
 * made" (the calls' own {@link requireFile}), and a provenance picked within the contract's bounds.
 */
export function sheetFormErrors(form: SheetForm): SheetFormErrors {
  const errors: SheetFormErrors = {};
  try {
    requireFile(form.file);
  } catch (error) {
    if (!(error instanceof MissingParameterError)) throw error;
    errors.file = 'missingFile';
  }
  if (form.provenance.trim() === '') errors.provenance = 'missingProvenance';
  else if (!VehicleSheetMultipartBody.shape.provenance.safeParse(form.provenance).success) errors.provenance = 'invalidProvenance';
  return errors;
}

/**
 * The provenances the picker offers: those the user's vehicles come from by the domain's one rule of who sees which
 * vehicle (a LOADER its dealer's, an ADMIN its markets'), which are the ones the server lets it load into; the server
 * still judges the call (403201).
 */
export function loadableProvenances(viewer: VehicleViewer, provenances: readonly Provenance[]): Provenance[] {
  const seen = new Set(vehicleScopeOf(viewer, provenances).provenances);
  return provenances.filter((p) => seen.has(p.code));
}
