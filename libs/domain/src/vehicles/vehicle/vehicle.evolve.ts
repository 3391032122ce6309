import { toMs } from '../../shared/time.js';
import type { VehicleData, VehicleEvent, VehicleHold, VehicleListing, VehicleRecord, VehicleState } from './vehicle.types.js';

/** Initial state of a vehicle stream. */
export const initialVehicleState: VehicleState = { status: 'NONE' };

function listed(listing: VehicleListing): VehicleData {
  return { listing, inMyLotOf: [], hold: null, bookedBy: [], preemptedBy: [] };
}

/** The showcase side changed, when there is one (listed, or sold from a showcase). */
function mapData(state: VehicleState, f: (data: VehicleData) => VehicleData): VehicleState {
  if (state.status === 'LISTED') return { ...state, data: f(state.data) };
  if (state.status === 'SOLD' && state.data) return { ...state, data: f(state.data) };
  return state;
}

/** The record changed, when the vehicle was loaded. */
function mapRecord(state: VehicleState, f: (record: VehicleRecord) => VehicleRecord): VehicleState {
  return state.status === 'NONE' || state.record === null ? state : ({ ...state, record: f(state.record) } as VehicleState);
}

function loaded(event: Extract<VehicleEvent, { type: 'VehicleLoaded' }>): VehicleRecord {
  const { idVehicle, idLoader, provenance, loadedAt, ...details } = event.data;
  return {
    idVehicle, idLoader, provenance, loadedAtMs: toMs(loadedAt), details,
    photos: [], documents: [], published: false, holder: { role: 'LOADER', idUser: idLoader },
  };
}

/** Folds one vehicle event. Never throws: an event that does not fit leaves the state as it is. */
export function evolveVehicle(state: VehicleState, event: VehicleEvent): VehicleState {
  switch (event.type) {
    case 'VehicleLoaded':
      return state.status === 'NONE' ? { status: 'STOCK', record: loaded(event) } : state;
    case 'VehicleListed':
      // On an empty stream: the legacy direct listing, a vehicle without a record. On a vehicle in stock: PutInShowcase.
      if (state.status === 'NONE') return { status: 'LISTED', record: null, data: listed(event.data) };
      return state.status === 'STOCK' ? { status: 'LISTED', record: state.record, data: listed(event.data) } : state;
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
      if (state.status === 'LISTED') return { status: 'SOLD', record: state.record, data: { ...state.data, hold: null }, sale };
      return state.status === 'IN_AUCTION' ? { status: 'SOLD', record: state.record, data: null, sale } : state;
    }
    case 'VehicleSaleReverted':
      return state.status === 'SOLD' && state.record && state.sale.idAuction === event.data.idAuction && state.sale.idLot === event.data.idLot
        ? { status: 'IN_AUCTION', record: state.record, auction: { idAuction: event.data.idAuction, idLot: event.data.idLot } }
        : state;
    case 'VehicleEdited':
      return mapRecord(state, (r) => ({ ...r, details: { ...r.details, ...event.data.changes } }));
    case 'VehicleFileAttached': {
      const { idBlob, kind } = event.data;
      return mapRecord(state, (r) => {
        if (r.photos.includes(idBlob) || r.documents.some((d) => d.idBlob === idBlob)) return r;
        return kind === 'PHOTO' ? { ...r, photos: [...r.photos, idBlob] } : { ...r, documents: [...r.documents, { idBlob, kind }] };
      });
    }
    case 'VehicleFileRemoved':
      return mapRecord(state, (r) => ({
        ...r, photos: r.photos.filter((p) => p !== event.data.idBlob), documents: r.documents.filter((d) => d.idBlob !== event.data.idBlob),
      }));
    case 'VehiclePhotosReordered':
      return mapRecord(state, (r) => ({ ...r, photos: [...event.data.idBlobs] }));
    case 'VehiclePublished':
    case 'VehicleUnpublished':
      return mapRecord(state, (r) => ({ ...r, published: event.type === 'VehiclePublished' }));
    case 'VehicleSentToSup':
      return mapRecord(state, (r) => ({ ...r, holder: { role: 'SUPERIOR', idUser: event.data.idUser } }));
    case 'VehicleSentToMultiAuctioneer':
      return mapRecord(state, (r) => ({ ...r, holder: { role: 'MULTI_AUCTIONEER', idUser: event.data.idUser } }));
    case 'VehicleSentBack':
      return mapRecord(state, (r) => ({ ...r, holder: { role: 'LOADER', idUser: event.data.idUser } }));
    case 'VehiclePutInAuction':
      return state.status === 'STOCK'
        ? { status: 'IN_AUCTION', record: state.record, auction: { idAuction: event.data.idAuction, idLot: event.data.idLot } }
        : state;
    case 'VehicleReturnedToStock':
      return (state.status === 'IN_AUCTION' || state.status === 'LISTED') && state.record ? { status: 'STOCK', record: state.record } : state;
    case 'VehicleWithdrawn':
      return state.status === 'NONE' ? state : { status: 'WITHDRAWN', record: state.record };
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
