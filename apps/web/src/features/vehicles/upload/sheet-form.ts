import { z } from 'zod';
import { VehicleSheetMultipartBody } from '@auction/contracts';
import { vehicleScopeOf, type Provenance, type VehicleViewer } from '@auction/domain';
import { MissingParameterError, requireFile } from './upload-api.js';

/** The vehicle-file form: the file picked (none yet: null) and the provenance code ('' none). */
export interface SheetForm {
  readonly file: File | null;
  readonly provenance: string;
}

export type SheetFormError = 'missingFile' | 'missingProvenance' | 'invalidProvenance';
export type SheetFormErrors = Partial<Record<'file' | 'provenance', SheetFormError>>;

/**
 * The vehicle-file form's schema (react-hook-form's resolver), on the contract's multipart body: the spec's "a missing
 * file is an error before the call is made" (the calls' own {@link requireFile}), and a provenance picked within the
 * contract's bounds. Each issue's message is the form's error key.
 */
export const SheetFormSchema = z.object({
  provenance: z.string().superRefine((value, ctx) => {
    if (value.trim() === '') ctx.addIssue({ code: 'custom', message: 'missingProvenance' satisfies SheetFormError });
    else if (!VehicleSheetMultipartBody.shape.provenance.safeParse(value).success) ctx.addIssue({ code: 'custom', message: 'invalidProvenance' satisfies SheetFormError });
  }),
  file: z.custom<File | null>((value) => {
    try {
      requireFile(value as File | null);
      return true;
    } catch (error) {
      if (!(error instanceof MissingParameterError)) throw error;
      return false;
    }
  }, { message: 'missingFile' satisfies SheetFormError }).transform((value) => value as File),
});
export type SheetFormInput = z.input<typeof SheetFormSchema>;
export type SheetFormOutput = z.output<typeof SheetFormSchema>;

/** What keeps the form from being sent, by field: {@link SheetFormSchema}'s issues. */
export function sheetFormErrors(form: SheetForm): SheetFormErrors {
  const errors: SheetFormErrors = {};
  for (const issue of SheetFormSchema.safeParse(form).error?.issues ?? []) {
    const field = issue.path[0] as keyof SheetFormErrors;
    errors[field] ??= issue.message as SheetFormError;
  }
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
