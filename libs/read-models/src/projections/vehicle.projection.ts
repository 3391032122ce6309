import type { UserEvent, VehicleEvent } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import type { MyLotRow, RegulationRow, VehicleAuctionRow, VehicleRecordRow, VehicleRow } from '../rows.js';
import { domainEventOf, iso } from './event-data.js';

/**
 * The vehicle row after one event of its stream, as `evolveVehicle` folds it: listed, hold (booking or
 * pre-emption), hold given up when the holder removes it from their my lot, sold. Pure.
 */
export function projectVehicle(row: VehicleRow | undefined, event: StoredEvent): VehicleRow | undefined {
  const e = domainEventOf<VehicleEvent>(event);
  if (e.type === 'VehicleListed') {
    if (row) return row;
    const l = e.data;
    return {
      idVehicle: l.idVehicle, idShowcase: l.idShowcase, idOwner: l.idOwner, idMarket: l.idMarket, licensePlate: l.licensePlate,
      brand: l.brand, model: l.model, price: l.price, status: 'LISTED', holdUserId: null, holdKind: null, holdUntil: null,
      soldUserId: null, soldPrice: null, soldAt: null, listedPosition: event.position, idTemplate: l.idTemplate ?? null,
    };
  }
  if (!row) return row;
  switch (e.type) {
    case 'VehicleRemovedFromMyLot':
      return row.holdUserId === e.data.idUser ? { ...row, holdUserId: null, holdKind: null, holdUntil: null } : row;
    case 'VehicleBooked':
    case 'VehiclePreempted':
      return { ...row, holdUserId: e.data.idUser, holdKind: e.type === 'VehicleBooked' ? 'BOOKING' : 'PREEMPTION', holdUntil: iso(e.data.until) };
    case 'VehicleSold':
      return row.status === 'LISTED'
        ? {
            ...row, status: 'SOLD', holdUserId: null, holdKind: null, holdUntil: null, soldUserId: e.data.idUser,
            soldPrice: e.data.price, soldAt: iso(e.data.soldAt),
          }
        : row;
    // Withdrawn from its showcase (back in stock, or a typed-in vehicle withdrawn for good): no longer in the showcase.
    case 'VehicleReturnedToStock':
      return e.data.from.kind === 'SHOWCASE' && row.status === 'LISTED' ? undefined : row;
    case 'VehicleWithdrawn':
      return row.status === 'LISTED' ? undefined : row;
    default:
      return row;
  }
}

/** A vehicle in a dealer's my lot: added and removed, for an existing vehicle. Pure. */
export function projectMyLotEntry(row: MyLotRow | undefined, event: StoredEvent, vehicle: VehicleRow | undefined): MyLotRow | undefined {
  const e = domainEventOf<VehicleEvent>(event);
  if (!vehicle) return row;
  if (e.type === 'VehicleAddedToMyLot') return row ?? { idVehicle: e.data.idVehicle, idUser: e.data.idUser };
  if (e.type === 'VehicleRemovedFromMyLot') return undefined;
  return row;
}

/** A dealer's acceptance of the showcase regulation (`ShowcaseRegulationAccepted` of a user stream). Pure. */
export function projectShowcaseRegulation(row: RegulationRow | undefined, event: StoredEvent): RegulationRow | undefined {
  const e = domainEventOf<UserEvent>(event);
  if (e.type !== 'ShowcaseRegulationAccepted' || row) return row;
  return { kind: 'SHOWCASE', idScope: '', idUser: e.data.idUser, acceptedPosition: event.position };
}

type Loaded = Extract<VehicleEvent, { type: 'VehicleLoaded' }>['data'];
type Details = Partial<Omit<Loaded, 'idVehicle' | 'idLoader' | 'provenance' | 'loadedAt'>>;

/** The row's columns of a vehicle's details (all of them on load, the changed ones on edit). */
function detailColumns(d: Details): Partial<VehicleRecordRow> {
  const { location, appraisal, ...plain } = d;
  return {
    ...plain,
    ...(location ? { area: location.area, region: location.region } : {}),
    ...(appraisal !== undefined ? { appraisal } : {}),
  };
}

/**
 * A loaded vehicle's row after one event of its stream, as `evolveVehicle` folds its record: loaded, edited, files,
 * publication, holder, placements, sale, withdrawal. A vehicle listed without a load has no row. Pure.
 */
export function projectVehicleRecord(row: VehicleRecordRow | undefined, event: StoredEvent): VehicleRecordRow | undefined {
  const e = domainEventOf<VehicleEvent>(event);
  if (e.type === 'VehicleLoaded') {
    if (row) return row;
    const { idVehicle, idLoader, provenance, loadedAt, ...details } = e.data;
    const { location, appraisal, ...plain } = details;
    return {
      idVehicle, provenance, idLoader, status: 'STOCK', published: false, holderRole: 'LOADER', holderUserId: idLoader,
      ...plain, area: location.area, region: location.region, appraisal: appraisal ?? null,
      photos: [], documents: [], price: null, auctionsCount: 0, idAuction: null, idLot: null, idShowcase: null,
      soldUserId: null, soldPrice: null, soldAt: null, insertedAt: iso(loadedAt) ?? new Date(event.recordedAt).toISOString(), loadedPosition: event.position,
    };
  }
  if (!row) return row;
  switch (e.type) {
    case 'VehicleEdited':
      return { ...row, ...detailColumns(e.data.changes) };
    case 'VehicleFileAttached': {
      const { idBlob, kind } = e.data;
      if (row.photos.includes(idBlob) || row.documents.some((d) => (d as { idBlob: string }).idBlob === idBlob)) return row;
      return kind === 'PHOTO' ? { ...row, photos: [...row.photos, idBlob] } : { ...row, documents: [...row.documents, { idBlob, kind }] };
    }
    case 'VehicleFileRemoved':
      return {
        ...row, photos: row.photos.filter((p) => p !== e.data.idBlob),
        documents: row.documents.filter((d) => (d as { idBlob: string }).idBlob !== e.data.idBlob),
      };
    case 'VehiclePhotosReordered':
      return { ...row, photos: [...e.data.idBlobs] };
    case 'VehiclePublished':
    case 'VehicleUnpublished':
      return { ...row, published: e.type === 'VehiclePublished' };
    case 'VehicleSentToSup':
      return { ...row, holderRole: 'SUPERIOR', holderUserId: e.data.idUser };
    case 'VehicleSentToMultiAuctioneer':
      return { ...row, holderRole: 'MULTI_AUCTIONEER', holderUserId: e.data.idUser };
    case 'VehicleSentBack':
      return { ...row, holderRole: 'LOADER', holderUserId: e.data.idUser };
    case 'VehiclePutInAuction':
      return row.status === 'STOCK'
        ? { ...row, status: 'IN_AUCTION', idAuction: e.data.idAuction, idLot: e.data.idLot, auctionsCount: row.auctionsCount + 1 }
        : row;
    case 'VehicleListed':
      return row.status === 'STOCK' ? { ...row, status: 'LISTED', idShowcase: e.data.idShowcase, price: e.data.price } : row;
    case 'VehicleReturnedToStock':
      return row.status === 'IN_AUCTION' || row.status === 'LISTED' ? { ...row, status: 'STOCK', idAuction: null, idLot: null, idShowcase: null } : row;
    case 'VehicleSold':
      return row.status === 'IN_AUCTION' || row.status === 'LISTED'
        ? { ...row, status: 'SOLD', soldUserId: e.data.idUser, soldPrice: e.data.price, soldAt: iso(e.data.soldAt) }
        : row;
    case 'VehicleSaleReverted':
      return row.status === 'SOLD' && row.idLot === e.data.idLot
        ? { ...row, status: 'IN_AUCTION', soldUserId: null, soldPrice: null, soldAt: null }
        : row;
    case 'VehicleWithdrawn':
      return { ...row, status: 'WITHDRAWN', idAuction: null, idLot: null, idShowcase: null };
    default:
      return row;
  }
}

/** A loaded vehicle's placement in an auction lot (its auctions history), for a vehicle with a row. Pure. */
export function projectVehicleAuction(row: VehicleAuctionRow | undefined, event: StoredEvent, vehicle: VehicleRecordRow | undefined): VehicleAuctionRow | undefined {
  const e = domainEventOf<VehicleEvent>(event);
  if (e.type !== 'VehiclePutInAuction' || row || !vehicle) return row;
  return { idVehicle: e.data.idVehicle, idLot: e.data.idLot, idAuction: e.data.idAuction, placedAt: new Date(event.recordedAt).toISOString(), position: event.position };
}
