import { toIso } from '../shared/time.js';
import type { VehicleDetails, VehicleFileKind } from '../vehicles/vehicle/vehicle-details.js';
import type { ReturnReason, VehicleCommand, VehicleEvent } from '../vehicles/vehicle/vehicle.types.js';
import { NOW } from './vehicle-fixtures.test-support.js';

export { NOW, vehicleSpec } from './vehicle-fixtures.test-support.js';

/** A loaded vehicle of the specs, its loader, its loader's superior and a multi-auctioneer. */
export const ID_LOADED = 'vehicle-7';
export const LOADER = 'loader-1';
export const SUPERIOR = 'superior-1';
export const MULTI = 'multi-1';
export const PROVENANCE = 'LEASYS-IT';

/** The buyer-facing data as a loader types it (already in its stored form). */
export const details: VehicleDetails = {
  licensePlate: 'GA123BC', frame: 'ZFA31200000123456', brand: 'Fiat', model: '500', version: '1.2 Lounge',
  firstRegistration: '2021-03-15', mileageKm: 45_210, fuel: 'PETROL', gearbox: 'MANUAL', powerKw: 51, colour: 'White',
  damageTotal: 850.5, channel: 'REMARKETING', location: { area: 'NORTH', region: 'Lombardia' },
  appraisal: { appraisedOn: '2026-11-02', grade: 'B', notes: 'Scratch on the rear bumper' },
};

type LoadVehicle = Extract<VehicleCommand, { type: 'LoadVehicle' }>;
export const load = (overrides: Partial<VehicleDetails> = {}, now: number = NOW): LoadVehicle =>
  ({ type: 'LoadVehicle', idVehicle: ID_LOADED, idLoader: LOADER, provenance: PROVENANCE, details: { ...details, ...overrides }, now });

const id = { idVehicle: ID_LOADED };

export const loaded: VehicleEvent = {
  type: 'VehicleLoaded', data: { ...id, idLoader: LOADER, provenance: PROVENANCE, loadedAt: toIso(NOW), ...details },
};
export const edited = (changes: Partial<VehicleDetails>): VehicleEvent => ({ type: 'VehicleEdited', data: { ...id, changes } });
export const published: VehicleEvent = { type: 'VehiclePublished', data: id };
export const unpublished: VehicleEvent = { type: 'VehicleUnpublished', data: id };
export const attached = (idBlob: string, kind: VehicleFileKind = 'PHOTO'): VehicleEvent =>
  ({ type: 'VehicleFileAttached', data: { ...id, idBlob, kind } });
export const fileRemoved = (idBlob: string): VehicleEvent => ({ type: 'VehicleFileRemoved', data: { ...id, idBlob } });
export const sentToSup = (idUser: string = SUPERIOR): VehicleEvent => ({ type: 'VehicleSentToSup', data: { ...id, idUser } });
export const sentToMulti = (idUser: string = MULTI): VehicleEvent => ({ type: 'VehicleSentToMultiAuctioneer', data: { ...id, idUser } });
export const sentBack: VehicleEvent = { type: 'VehicleSentBack', data: { ...id, idUser: LOADER } };
export const withdrawn: VehicleEvent = { type: 'VehicleWithdrawn', data: id };

export const putInAuction = (idAuction = 'auction-1', idLot = 'lot-1'): VehicleEvent =>
  ({ type: 'VehiclePutInAuction', data: { ...id, idAuction, idLot } });
export const soldInAuction = (idUser = 'dealer-a', price = 9_100, at: number = NOW, idAuction = 'auction-1', idLot = 'lot-1'): VehicleEvent =>
  ({ type: 'VehicleSold', data: { ...id, idUser, price, soldAt: toIso(at), idAuction, idLot } });
export const saleReverted = (idAuction = 'auction-1', idLot = 'lot-1'): VehicleEvent =>
  ({ type: 'VehicleSaleReverted', data: { ...id, idAuction, idLot } });
export const returnedFromAuction = (reason: Exclude<ReturnReason, 'LISTING_WITHDRAWN'> = 'UNSOLD', idAuction = 'auction-1', idLot = 'lot-1'): VehicleEvent =>
  ({ type: 'VehicleReturnedToStock', data: { ...id, from: { kind: 'AUCTION', idAuction, idLot }, reason } });

export const SHOWCASE = 'showcase-9';
export const EXHIBITOR = 'exhibitor-1';
export const SHOWCASE_PRICE = 8_900;
export const putInShowcase = (idShowcase = SHOWCASE, price = SHOWCASE_PRICE): VehicleCommand =>
  ({ type: 'PutInShowcase', idShowcase, idOwner: EXHIBITOR, idMarket: 'IT', price });
export const listedInShowcase = (idShowcase = SHOWCASE, price = SHOWCASE_PRICE): VehicleEvent => ({
  type: 'VehicleListed',
  data: { ...id, idShowcase, idOwner: EXHIBITOR, idMarket: 'IT', licensePlate: details.licensePlate, brand: details.brand, model: details.model, price },
});
export const returnedFromShowcase = (idShowcase = SHOWCASE): VehicleEvent =>
  ({ type: 'VehicleReturnedToStock', data: { ...id, from: { kind: 'SHOWCASE', idShowcase }, reason: 'LISTING_WITHDRAWN' } });

/** A vehicle in stock, published: ready to be placed. */
export const ready: readonly VehicleEvent[] = [loaded, published];

/** A showcase event of `vehicle-fixtures` (my lot, holds, sale) on the loaded vehicle of these specs. */
export const onLoaded = (event: VehicleEvent): VehicleEvent => ({ ...event, data: { ...event.data, idVehicle: ID_LOADED } }) as VehicleEvent;
/** The showcase sale of the loaded vehicle at its showcase price. */
export const boughtInShowcase = (idUser: string, at: number = NOW): VehicleEvent =>
  ({ type: 'VehicleSold', data: { ...id, idUser, price: SHOWCASE_PRICE, soldAt: toIso(at) } });
