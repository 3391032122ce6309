import { z } from 'zod';
import { Day, EditVehicleRequest, VehicleDetailsBody, type VehicleSheet } from '@auction/contracts';
import { VehicleFieldError, changedDetails, normaliseVehicleDetails, type VehicleDetails } from '@auction/domain';
import { isoDay, shownDay } from './vehicle-search.js';

const shape = VehicleDetailsBody.shape;
const blankIsNull = (s: string) => (s.trim() === '' ? null : s.trim());

/**
 * The edit form's schema: the contract's vehicle data (`VehicleDetailsBody`, the one the server checks) with the
 * inputs' forms in front of it: days typed DD/MM/YYYY, an empty optional text as null, an appraisal left all empty as
 * none. react-hook-form runs it (zodResolver): its output is the vehicle's data as the API takes it.
 */
export const VehicleEditFormSchema = z.object({
  licensePlate: shape.licensePlate, frame: shape.frame, brand: shape.brand, model: shape.model,
  version: z.string().transform(blankIsNull).pipe(z.string().max(200).nullable()),
  firstRegistration: z.string().transform(isoDay).pipe(Day),
  mileageKm: shape.mileageKm, fuel: shape.fuel, gearbox: shape.gearbox, powerKw: shape.powerKw,
  colour: z.string().transform(blankIsNull).pipe(z.string().max(200).nullable()),
  damageTotal: shape.damageTotal, channel: shape.channel, location: shape.location,
  appraisal: z.object({ appraisedOn: z.string(), grade: z.string(), notes: z.string() })
    .transform((a) => (!a.appraisedOn.trim() && !a.grade.trim() && !a.notes.trim()
      ? null
      : { appraisedOn: isoDay(a.appraisedOn), grade: blankIsNull(a.grade), notes: blankIsNull(a.notes) }))
    .pipe(z.object({ appraisedOn: Day, grade: z.string().max(100).nullable(), notes: z.string().max(2000).nullable() }).nullable()),
});
export type VehicleEditInput = z.input<typeof VehicleEditFormSchema>;
export type VehicleEditOutput = z.output<typeof VehicleEditFormSchema>;

/** The form's values of a loaded vehicle. */
export function formValuesOf(v: VehicleSheet): VehicleEditInput {
  return {
    licensePlate: v.licensePlate, frame: v.frame, brand: v.brand, model: v.model, version: v.version ?? '',
    firstRegistration: shownDay(v.firstRegistration), mileageKm: v.mileageKm, fuel: v.fuel as VehicleEditInput['fuel'],
    gearbox: v.gearbox as VehicleEditInput['gearbox'], powerKw: v.powerKw, colour: v.colour ?? '', damageTotal: v.damageTotal,
    channel: v.channel, location: { area: v.area, region: v.region },
    appraisal: { appraisedOn: v.appraisal ? shownDay(v.appraisal.appraisedOn) : '', grade: v.appraisal?.grade ?? '', notes: v.appraisal?.notes ?? '' },
  };
}

/** The vehicle's data as loaded (the domain's shape). */
export function detailsOf(v: VehicleSheet): VehicleDetails {
  return {
    licensePlate: v.licensePlate, frame: v.frame, brand: v.brand, model: v.model, version: v.version,
    firstRegistration: v.firstRegistration, mileageKm: v.mileageKm, fuel: v.fuel as VehicleDetails['fuel'], gearbox: v.gearbox as VehicleDetails['gearbox'],
    powerKw: v.powerKw, colour: v.colour, damageTotal: v.damageTotal, channel: v.channel, location: { area: v.area, region: v.region },
    appraisal: v.appraisal,
  };
}

/** A field the form shows a refusal beside, with the code whose text it shows (`errors:<code>`). */
export interface FieldRefusal {
  readonly field: string;
  readonly code: number;
}

/** The vehicle rule's code of each field (libs/domain vehicle-details.rules: 422200-422209). */
const FIELD_CODES: Readonly<Record<string, number>> = {
  licensePlate: 422200, frame: 422201, firstRegistration: 422203, mileageKm: 422204, powerKw: 422205, damageTotal: 422206,
  fuel: 422207, gearbox: 422208, appraisal: 422209,
};
/** The field of a server refusal that names one (the others go to the error dialog). */
const CODE_FIELDS: Readonly<Record<number, string>> = {
  ...Object.fromEntries(Object.entries(FIELD_CODES).filter(([f]) => f !== 'appraisal').map(([f, c]) => [c, f])),
  422209: 'appraisal.appraisedOn', 409210: 'licensePlate', 409211: 'frame',
};
const FORM_FIELDS = new Set([
  'licensePlate', 'frame', 'brand', 'model', 'version', 'firstRegistration', 'mileageKm', 'fuel', 'gearbox', 'powerKw', 'colour',
  'damageTotal', 'channel', 'location.area', 'location.region', 'appraisal.appraisedOn', 'appraisal.grade', 'appraisal.notes',
]);

/** The code whose text explains a field's refusal: its own rule's, else the text rule's (422202). */
export function codeOfField(field: string): number {
  return FIELD_CODES[field.split('.')[0]!] ?? 422202;
}

/**
 * Where a refusal of `PUT /vehicle` goes: beside its field (the vehicle rule's codes, a plate or frame another
 * vehicle has, a text rule naming its field as `field: …`), or null for the error dialog.
 */
export function refusalField(errorCode: number, errorMsg: string): FieldRefusal | null {
  const field = CODE_FIELDS[errorCode];
  if (field) return { field, code: errorCode };
  const named = /^([a-zA-Z.]+):/.exec(errorMsg)?.[1];
  if (errorCode === 422202 && named && FORM_FIELDS.has(named)) return { field: named, code: errorCode };
  return null;
}

/**
 * The domain's own rules on the form's output (plate and VIN shapes, a first registration not in the future, the
 * bounds): the first field that breaks one, as the server would refuse it, or null.
 */
export function domainRefusal(details: VehicleEditOutput, now: number): FieldRefusal | null {
  try {
    normaliseVehicleDetails(details as VehicleDetails, now);
    return null;
  } catch (error) {
    if (error instanceof VehicleFieldError) {
      const field = FORM_FIELDS.has(error.field) ? error.field : error.field === 'appraisal' ? 'appraisal.appraisedOn' : error.field;
      return { field, code: error.code };
    }
    throw error;
  }
}

/** The `PUT /vehicle` body: the vehicle and only the fields that changed (null when nothing did). */
export function editRequest(v: VehicleSheet, details: VehicleEditOutput, now: number): EditVehicleRequest | null {
  const changes = changedDetails(normaliseVehicleDetails(detailsOf(v), now), normaliseVehicleDetails(details as VehicleDetails, now));
  if (Object.keys(changes).length === 0) return null;
  return EditVehicleRequest.parse({ idVehicle: v.idVehicle, ...changes });
}
