import type { ErrorCodeName } from '../../shared/errors.js';
import { isValidAmount } from '../../shared/money.js';
import { plateKey } from '../../shared/plates.js';
import { toIso } from '../../shared/time.js';
// One rule for "no control characters in a text" across the domain (written for the registration first).
import { hasUnsafeCharacter } from '../../shared/unsafe-text.js';
import {
  EARLIEST_FIRST_REGISTRATION, FUELS, GEARBOXES, MAX_MILEAGE_KM, MAX_POWER_KW, VEHICLE_DETAIL_FIELDS, VEHICLE_TEXT_MAX,
  type AppraisalSummary, type VehicleDetails,
} from './vehicle-details.js';
import { VehicleFieldError } from './vehicle.errors.js';

/** A VIN: 17 letters and digits; I, O and Q are never used (they read as 1 and 0). */
const VIN = /^[A-HJ-NPR-Z0-9]{17}$/;
const PLATE_LENGTH = { min: 2, max: 12 } as const;

function fail(name: ErrorCodeName, field: string, message: string): never {
  throw new VehicleFieldError(name, field, message);
}

/** A trimmed text within its length, without control characters; null when blank and optional. */
function text(field: string, value: string | null | undefined, max: number, required: boolean, multiline = false): string | null {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (trimmed === '') return required ? fail('VEHICLE_TEXT_INVALID', field, 'is required') : null;
  if ([...trimmed].length > max) fail('VEHICLE_TEXT_INVALID', field, `is longer than ${max} characters`);
  if (hasUnsafeCharacter(multiline ? trimmed.replace(/[\n\r\t]/g, ' ') : trimmed)) fail('VEHICLE_TEXT_INVALID', field, 'holds a control character');
  return trimmed;
}

const requiredText = (field: string, value: string | null | undefined, max: number): string => text(field, value, max, true)!;

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isIsoDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && toIso(Date.parse(`${value}T00:00:00Z`)).slice(0, 10) === value;
}

/** A day between {@link EARLIEST_FIRST_REGISTRATION} and today (UTC at `now`). */
function pastDay(name: ErrorCodeName, field: string, value: string, now: number): string {
  if (!isIsoDay(value)) fail(name, field, 'is not a day written YYYY-MM-DD');
  if (value < EARLIEST_FIRST_REGISTRATION || value > toIso(now).slice(0, 10)) fail(name, field, 'is in the future or too far in the past');
  return value;
}

/** A whole number from 0 to `max` (never -0, which a JSON round trip would not keep). */
function count(name: ErrorCodeName, field: string, value: number, max: number): number {
  if (!Number.isInteger(value) || value < 0 || value > max) fail(name, field, `is not a whole number from 0 to ${max}`);
  return value + 0;
}

function oneOf<T extends string>(name: ErrorCodeName, field: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) fail(name, field, `is not one of ${allowed.join(', ')}`);
  return value as T;
}

function appraisal(value: AppraisalSummary | null, now: number): AppraisalSummary | null {
  if (value === null) return null;
  return {
    appraisedOn: pastDay('VEHICLE_APPRAISAL_INVALID', 'appraisal.appraisedOn', value.appraisedOn, now),
    grade: text('appraisal.grade', value.grade, VEHICLE_TEXT_MAX.grade, false),
    notes: text('appraisal.notes', value.notes, VEHICLE_TEXT_MAX.notes, false, true),
  };
}

/** A licence plate in its stored, compared form (`plateKey`), or null when it breaks the plate's rule (2 to 12 letters and digits). */
export function vehiclePlateOf(text: string): string | null {
  const plate = plateKey(text);
  return plate.length < PLATE_LENGTH.min || plate.length > PLATE_LENGTH.max ? null : plate;
}

/** A frame number (VIN) in its stored form (no spaces, upper case), or null when it is not a VIN. */
export function vehicleFrameOf(text: string): string | null {
  const frame = text.normalize('NFKC').replace(/\s/g, '').toUpperCase();
  return VIN.test(frame) ? frame : null;
}

/**
 * The details as stored: the plate in its compared form (`plateKey`), the VIN upper case, texts trimmed (blank
 * optional ones null), in a fixed key order. Throws a {@link VehicleFieldError} on the first field that breaks its rule.
 */
export function normaliseVehicleDetails(input: VehicleDetails, now: number): VehicleDetails {
  const licensePlate = vehiclePlateOf(String(input.licensePlate ?? ''));
  if (licensePlate === null) fail('VEHICLE_PLATE_INVALID', 'licensePlate', `needs ${PLATE_LENGTH.min} to ${PLATE_LENGTH.max} letters and digits`);
  const frame = vehicleFrameOf(String(input.frame ?? ''));
  if (frame === null) fail('VEHICLE_FRAME_INVALID', 'frame', 'is not 17 letters and digits without I, O and Q');
  const damageTotal = input.damageTotal;
  if (damageTotal !== 0 && !isValidAmount(damageTotal)) fail('VEHICLE_DAMAGE_INVALID', 'damageTotal', 'is not 0 or an amount in euros with at most 2 decimals');
  return {
    licensePlate,
    frame,
    brand: requiredText('brand', input.brand, VEHICLE_TEXT_MAX.brand),
    model: requiredText('model', input.model, VEHICLE_TEXT_MAX.model),
    version: text('version', input.version, VEHICLE_TEXT_MAX.version, false),
    firstRegistration: pastDay('VEHICLE_FIRST_REGISTRATION_INVALID', 'firstRegistration', input.firstRegistration, now),
    mileageKm: count('VEHICLE_MILEAGE_INVALID', 'mileageKm', input.mileageKm, MAX_MILEAGE_KM),
    fuel: oneOf('VEHICLE_FUEL_INVALID', 'fuel', input.fuel, FUELS),
    gearbox: oneOf('VEHICLE_GEARBOX_INVALID', 'gearbox', input.gearbox, GEARBOXES),
    powerKw: count('VEHICLE_POWER_INVALID', 'powerKw', input.powerKw, MAX_POWER_KW),
    colour: text('colour', input.colour, VEHICLE_TEXT_MAX.colour, false),
    damageTotal: damageTotal + 0,
    channel: requiredText('channel', input.channel, VEHICLE_TEXT_MAX.channel),
    location: {
      area: requiredText('location.area', input.location?.area, VEHICLE_TEXT_MAX.area),
      region: requiredText('location.region', input.location?.region, VEHICLE_TEXT_MAX.region),
    },
    appraisal: appraisal(input.appraisal ?? null, now),
  };
}

/** A provenance code: the loader's source of vehicles, which decides who sees them. */
export function normaliseProvenance(provenance: string): string {
  return requiredText('provenance', provenance, VEHICLE_TEXT_MAX.provenance);
}

/** The fields of `next` that differ from `current` (both normalised), in the fixed field order. */
export function changedDetails(current: VehicleDetails, next: VehicleDetails): Partial<VehicleDetails> {
  const changes: Record<string, unknown> = {};
  for (const field of VEHICLE_DETAIL_FIELDS) {
    if (JSON.stringify(current[field]) !== JSON.stringify(next[field])) changes[field] = next[field];
  }
  return changes as Partial<VehicleDetails>;
}
