import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_CODES, type ErrorCodeName } from '../../shared/errors.js';
import { NOW, details } from '../../testing/vehicle-life-fixtures.test-support.js';
import { MAX_MILEAGE_KM, MAX_POWER_KW, type VehicleDetails } from './vehicle-details.js';
import { changedDetails, isIsoDay, normaliseVehicleDetails } from './vehicle-details.rules.js';
import { VehicleFieldError } from './vehicle.errors.js';

const TODAY = '2026-11-21';

function refusal(overrides: Record<string, unknown>): { code: number; field: string } | null {
  try {
    normaliseVehicleDetails({ ...details, ...overrides } as VehicleDetails, NOW);
    return null;
  } catch (error) {
    if (!(error instanceof VehicleFieldError)) throw error;
    return { code: error.code, field: error.field };
  }
}

const refused = (name: ErrorCodeName, field: string) => ({ code: ERROR_CODES[name], field });

describe('vehicle data rules', () => {
  it('takes the data of a real vehicle as it is', () => {
    expect(normaliseVehicleDetails(details, NOW)).toStrictEqual(details);
  });

  it('plate: 2 to 12 letters and digits once spaces, dashes and dots are dropped', () => {
    expect(normaliseVehicleDetails({ ...details, licensePlate: 'ab.12 cd' }, NOW).licensePlate).toBe('AB12CD');
    expect(refusal({ licensePlate: 'A' })).toEqual(refused('VEHICLE_PLATE_INVALID', 'licensePlate'));
    expect(refusal({ licensePlate: '- -' })).toEqual(refused('VEHICLE_PLATE_INVALID', 'licensePlate'));
    expect(refusal({ licensePlate: 'ABCDEFGHIJKLM' })).toEqual(refused('VEHICLE_PLATE_INVALID', 'licensePlate'));
  });

  it('VIN: 17 letters and digits without I, O and Q', () => {
    for (const frame of ['ZFA3120000012345', 'ZFA312000001234567', 'ZFA31200000I23456', 'ZFA31200000Q23456', 'ZFA31200000-23456']) {
      expect(refusal({ frame }), frame).toEqual(refused('VEHICLE_FRAME_INVALID', 'frame'));
    }
    expect(normaliseVehicleDetails({ ...details, frame: 'zfa 3120 0000 1234 56' }, NOW).frame).toBe('ZFA31200000123456');
  });

  it('texts: required ones present, each within its length, no control characters', () => {
    expect(refusal({ brand: '  ' })).toEqual(refused('VEHICLE_TEXT_INVALID', 'brand'));
    expect(refusal({ model: 'x'.repeat(81) })).toEqual(refused('VEHICLE_TEXT_INVALID', 'model'));
    expect(refusal({ colour: 'Red\u202Eder' })).toEqual(refused('VEHICLE_TEXT_INVALID', 'colour'));
    expect(refusal({ channel: '' })).toEqual(refused('VEHICLE_TEXT_INVALID', 'channel'));
    expect(refusal({ location: { area: 'NORTH', region: '' } })).toEqual(refused('VEHICLE_TEXT_INVALID', 'location.region'));
    expect(refusal({ model: 'x'.repeat(80) })).toBeNull();
  });

  it('first registration: a real day, not in the future, not before 1900', () => {
    expect(refusal({ firstRegistration: TODAY })).toBeNull();
    expect(refusal({ firstRegistration: '2026-11-22' })).toEqual(refused('VEHICLE_FIRST_REGISTRATION_INVALID', 'firstRegistration'));
    expect(refusal({ firstRegistration: '2021-02-30' })).toEqual(refused('VEHICLE_FIRST_REGISTRATION_INVALID', 'firstRegistration'));
    expect(refusal({ firstRegistration: '15/03/2021' })).toEqual(refused('VEHICLE_FIRST_REGISTRATION_INVALID', 'firstRegistration'));
    expect(refusal({ firstRegistration: '1899-12-31' })).toEqual(refused('VEHICLE_FIRST_REGISTRATION_INVALID', 'firstRegistration'));
  });

  it('mileage and power: whole numbers from 0 to their bound', () => {
    expect(refusal({ mileageKm: 0, powerKw: 0 })).toBeNull();
    expect(refusal({ mileageKm: MAX_MILEAGE_KM, powerKw: MAX_POWER_KW })).toBeNull();
    expect(refusal({ mileageKm: MAX_MILEAGE_KM + 1 })).toEqual(refused('VEHICLE_MILEAGE_INVALID', 'mileageKm'));
    expect(refusal({ mileageKm: 10.5 })).toEqual(refused('VEHICLE_MILEAGE_INVALID', 'mileageKm'));
    expect(refusal({ mileageKm: '100' })).toEqual(refused('VEHICLE_MILEAGE_INVALID', 'mileageKm'));
    expect(refusal({ powerKw: -1 })).toEqual(refused('VEHICLE_POWER_INVALID', 'powerKw'));
    expect(refusal({ powerKw: Number.NaN })).toEqual(refused('VEHICLE_POWER_INVALID', 'powerKw'));
  });

  it('damage total: 0 or an amount of whole cents (the shared money rule)', () => {
    expect(refusal({ damageTotal: 0 })).toBeNull();
    expect(refusal({ damageTotal: 0.01 })).toBeNull();
    expect(refusal({ damageTotal: -5 })).toEqual(refused('VEHICLE_DAMAGE_INVALID', 'damageTotal'));
    expect(refusal({ damageTotal: 10.001 })).toEqual(refused('VEHICLE_DAMAGE_INVALID', 'damageTotal'));
    expect(Object.is(normaliseVehicleDetails({ ...details, damageTotal: -0, mileageKm: -0 }, NOW).damageTotal, 0)).toBe(true);
  });

  it('fuel and gearbox: one of their lists', () => {
    expect(refusal({ fuel: 'STEAM' })).toEqual(refused('VEHICLE_FUEL_INVALID', 'fuel'));
    expect(refusal({ gearbox: 'CVT' })).toEqual(refused('VEHICLE_GEARBOX_INVALID', 'gearbox'));
  });

  it('appraisal: absent, or a past day with an optional grade and notes (notes may span lines)', () => {
    expect(refusal({ appraisal: null })).toBeNull();
    expect(refusal({ appraisal: { appraisedOn: TODAY, grade: null, notes: 'Front:\n- scratch\n- dent' } })).toBeNull();
    expect(refusal({ appraisal: { appraisedOn: '2026-12-01', grade: null, notes: null } }))
      .toEqual(refused('VEHICLE_APPRAISAL_INVALID', 'appraisal.appraisedOn'));
    expect(refusal({ appraisal: { appraisedOn: TODAY, grade: 'x'.repeat(21), notes: null } })).toEqual(refused('VEHICLE_TEXT_INVALID', 'appraisal.grade'));
  });

  it('a refusal is a DomainError with an HTTP 422 code', () => {
    expect(() => normaliseVehicleDetails({ ...details, frame: '' }, NOW)).toThrow(DomainError);
    expect(refusal({ frame: '' })!.code).toBe(422201);
  });
});

describe('changedDetails', () => {
  it('lists only the fields that differ, objects compared by value', () => {
    expect(changedDetails(details, { ...details })).toEqual({});
    expect(changedDetails(details, { ...details, location: { ...details.location } })).toEqual({});
    expect(changedDetails(details, { ...details, mileageKm: 1, appraisal: null })).toEqual({ mileageKm: 1, appraisal: null });
  });
});

describe('isIsoDay', () => {
  it('is a real calendar day written YYYY-MM-DD', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2023-02-29')).toBe(false);
    expect(isIsoDay('2024-2-9')).toBe(false);
    expect(isIsoDay(20240229)).toBe(false);
  });
});
