import type { VehicleData, VehicleHold, VehiclePlacement, VehicleRecord, VehicleState } from './vehicle.types.js';

/** The hold in force at `now`, if any. */
export function liveHold(data: VehicleData, now: number): VehicleHold | null {
  return data.hold && data.hold.untilMs > now ? data.hold : null;
}

/** The showcase side of a vehicle: while listed, and after a showcase sale; null otherwise. */
export function showcaseDataOf(state: VehicleState): VehicleData | null {
  if (state.status === 'LISTED') return state.data;
  return state.status === 'SOLD' ? state.data : null;
}

/** Availability of a vehicle for a dealer at `now`; null when it is not (and was not sold) in a showcase. */
export function vehicleAvailability(state: VehicleState, now: number): 'AVAILABLE' | 'HELD' | 'SOLD' | null {
  const data = showcaseDataOf(state);
  if (!data) return null;
  if (state.status === 'SOLD') return 'SOLD';
  return liveHold(data, now) ? 'HELD' : 'AVAILABLE';
}

/** The record of a loaded vehicle, null for an unknown vehicle or a legacy direct listing. */
export function recordOf(state: VehicleState): VehicleRecord | null {
  return state.status === 'NONE' ? null : state.record;
}

/**
 * Where a vehicle is placed for sale, null when it is in none: in one auction lot or one showcase at a time (a
 * placement refused for that reason says where: `VehiclePlacedError`).
 */
export function placementOf(state: VehicleState): VehiclePlacement | null {
  if (state.status === 'IN_AUCTION') return { kind: 'AUCTION', ...state.auction };
  if (state.status === 'LISTED') return { kind: 'SHOWCASE', idShowcase: state.data.listing.idShowcase };
  return null;
}

/** A vehicle is visible to dealers once published; a vehicle listed directly in a showcase always is. */
export function isPublished(state: VehicleState): boolean {
  if (state.status === 'NONE') return false;
  return state.record ? state.record.published : state.status === 'LISTED' || state.status === 'SOLD';
}

/** True when the vehicle can be placed (in an auction or a showcase) now: in stock and published. */
export function isPlaceable(state: VehicleState): boolean {
  return state.status === 'STOCK' && state.record.published;
}
