import { toMs } from '../../shared/time.js';
import type { VehicleData, VehicleEvent, VehicleHold, VehicleState } from './vehicle.types.js';

/** Initial state of a vehicle stream. */
export const initialVehicleState: VehicleState = { status: 'NONE' };

function mapData(state: VehicleState, f: (data: VehicleData) => VehicleData): VehicleState {
  return state.status === 'NONE' ? state : { ...state, data: f(state.data) };
}

/** Folds one vehicle event. Never throws. */
export function evolveVehicle(state: VehicleState, event: VehicleEvent): VehicleState {
  switch (event.type) {
    case 'VehicleListed':
      return state.status === 'NONE'
        ? { status: 'LISTED', data: { listing: event.data, inMyLotOf: [], hold: null, bookedBy: [], preemptedBy: [] } }
        : state;
    case 'VehicleAddedToMyLot':
      return mapData(state, (d) => (d.inMyLotOf.includes(event.data.idUser) ? d : { ...d, inMyLotOf: [...d.inMyLotOf, event.data.idUser] }));
    case 'VehicleRemovedFromMyLot':
      return mapData(state, (d) => ({
        ...d,
        inMyLotOf: d.inMyLotOf.filter((u) => u !== event.data.idUser),
        // Removing a held vehicle from one's lot gives the hold up.
        hold: d.hold?.idUser === event.data.idUser ? null : d.hold,
      }));
    case 'VehicleBooked':
    case 'VehiclePreempted': {
      const booking = event.type === 'VehicleBooked';
      const hold: VehicleHold = { idUser: event.data.idUser, kind: booking ? 'BOOKING' : 'PREEMPTION', untilMs: toMs(event.data.until) };
      return mapData(state, (d) => ({
        ...d,
        hold,
        bookedBy: booking ? [...d.bookedBy, hold.idUser] : d.bookedBy,
        preemptedBy: booking ? d.preemptedBy : [...d.preemptedBy, hold.idUser],
      }));
    }
    case 'VehicleSold': {
      const { idVehicle: _id, ...sale } = event.data;
      return state.status === 'LISTED' ? { status: 'SOLD', data: { ...state.data, hold: null }, sale } : state;
    }
    default: {
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

/** Folds a sequence of vehicle events from the initial state. */
export function foldVehicle(events: readonly VehicleEvent[], from: VehicleState = initialVehicleState): VehicleState {
  return events.reduce(evolveVehicle, from);
}

/** The hold in force at `now`, if any. */
export function liveHold(data: VehicleData, now: number): VehicleHold | null {
  return data.hold && data.hold.untilMs > now ? data.hold : null;
}

/** Availability of a vehicle for a dealer at `now`. */
export function vehicleAvailability(state: VehicleState, now: number): 'AVAILABLE' | 'HELD' | 'SOLD' | null {
  if (state.status === 'NONE') return null;
  if (state.status === 'SOLD') return 'SOLD';
  return liveHold(state.data, now) ? 'HELD' : 'AVAILABLE';
}

