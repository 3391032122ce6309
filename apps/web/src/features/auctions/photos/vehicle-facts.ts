import { formatCalendarDate, formatNumber, type Language } from '@auction/i18n';
import type { TFunction } from 'i18next';

/** DD/MM/YYYY of a vehicle's day (`YYYY-MM-DD`, e.g. its first registration); anything else as it came. */
export function dayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? formatCalendarDate({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }) : day;
}

/** The key data of a lot's vehicle beside its thumbnail: first registration, mileage and fuel, those it has. */
export interface VehicleKeys {
  readonly firstRegistration?: string | null;
  readonly mileageKm?: number | null;
  readonly fuel?: string | null;
}

/** The key data as short texts in the language shown (none for a lot without a vehicle). */
export function vehicleKeyTexts(v: VehicleKeys, t: TFunction, language: Language): string[] {
  return [
    v.firstRegistration ? dayText(v.firstRegistration) : null,
    typeof v.mileageKm === 'number' ? t('auction:vehicle.km', { km: formatNumber(v.mileageKm, language, 0) }) : null,
    v.fuel ? t(`auction:vehicle.fuels.${v.fuel}`, { defaultValue: v.fuel }) : null,
  ].filter((text): text is string => text !== null);
}

/** The fields of a vehicle's data sheet, in the order shown, and how each is written. */
const SHEET: readonly { key: string; text: (value: unknown, t: TFunction, language: Language) => string | null }[] = [
  { key: 'version', text: (v) => (typeof v === 'string' && v ? v : null) },
  { key: 'firstRegistration', text: (v) => (typeof v === 'string' && v ? dayText(v) : null) },
  { key: 'mileageKm', text: (v, t, l) => (typeof v === 'number' ? t('auction:vehicle.km', { km: formatNumber(v, l, 0) }) : null) },
  { key: 'fuel', text: (v, t) => (typeof v === 'string' && v ? t(`auction:vehicle.fuels.${v}`, { defaultValue: v }) : null) },
  { key: 'gearbox', text: (v, t) => (typeof v === 'string' && v ? t(`auction:vehicle.gearboxes.${v}`, { defaultValue: v }) : null) },
  { key: 'powerKw', text: (v, t, l) => (typeof v === 'number' ? t('auction:vehicle.kw', { kw: formatNumber(v, l, 0) }) : null) },
  { key: 'colour', text: (v) => (typeof v === 'string' && v ? v : null) },
  { key: 'damageTotal', text: (v, _t, l) => (typeof v === 'number' ? `${formatNumber(v, l, 2)}\u00a0€` : null) },
  { key: 'area', text: (v) => (typeof v === 'string' && v ? v : null) },
  { key: 'region', text: (v) => (typeof v === 'string' && v ? v : null) },
];

/**
 * A vehicle's data sheet as label and text pairs, from the lot detail's `vehicle` (fields it lacks are left out; a
 * location given as `{area, region}` counts as those two fields).
 */
export function vehicleSheetRows(vehicle: Record<string, unknown>, t: TFunction, language: Language): [string, string][] {
  const location = typeof vehicle['location'] === 'object' && vehicle['location'] !== null ? (vehicle['location'] as Record<string, unknown>) : {};
  const flat: Record<string, unknown> = { ...location, ...vehicle };
  return SHEET.flatMap(({ key, text }) => {
    const value = text(flat[key], t, language);
    return value === null ? [] : [[t(`auction:vehicle.${key}`), value] as [string, string]];
  });
}
