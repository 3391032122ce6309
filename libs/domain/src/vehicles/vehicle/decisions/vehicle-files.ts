import { DomainError } from '../../../shared/errors.js';
import { MAX_VEHICLE_DOCUMENTS, MAX_VEHICLE_PHOTOS } from '../vehicle-details.js';
import type { VehicleCommand, VehicleEvent, VehicleState } from '../vehicle.types.js';
import { inStock } from './vehicle-guards.js';

type Of<T extends VehicleCommand['type']> = Extract<VehicleCommand, { type: T }>;

/**
 * Attaches an uploaded file (a blob id) as a photo, which goes last, or a document. The same file again is a no-op
 * (a retried upload), as another kind a conflict. At most {@link MAX_VEHICLE_PHOTOS} photos and
 * {@link MAX_VEHICLE_DOCUMENTS} documents. Only in stock.
 */
export function attachVehicleFile(command: Of<'AttachVehicleFile'>, state: VehicleState): VehicleEvent[] {
  const { record } = inStock(state);
  const { idBlob, kind } = command;
  const asDocument = record.documents.find((d) => d.idBlob === idBlob);
  if (record.photos.includes(idBlob) || asDocument) {
    if ((asDocument?.kind ?? 'PHOTO') === kind) return [];
    throw new DomainError('VEHICLE_FILE_KIND_CONFLICT', 'this file is attached as another kind');
  }
  if (kind === 'PHOTO' && record.photos.length >= MAX_VEHICLE_PHOTOS) {
    throw new DomainError('VEHICLE_TOO_MANY_PHOTOS', `a vehicle has at most ${MAX_VEHICLE_PHOTOS} photos`);
  }
  if (kind !== 'PHOTO' && record.documents.length >= MAX_VEHICLE_DOCUMENTS) {
    throw new DomainError('VEHICLE_TOO_MANY_DOCUMENTS', `a vehicle has at most ${MAX_VEHICLE_DOCUMENTS} documents`);
  }
  return [{ type: 'VehicleFileAttached', data: { idVehicle: record.idVehicle, idBlob, kind } }];
}

/** Removes a photo or a document; a file the vehicle does not have is a no-op. Only in stock. */
export function removeVehicleFile(command: Of<'RemoveVehicleFile'>, state: VehicleState): VehicleEvent[] {
  const { record } = inStock(state);
  const has = record.photos.includes(command.idBlob) || record.documents.some((d) => d.idBlob === command.idBlob);
  return has ? [{ type: 'VehicleFileRemoved', data: { idVehicle: record.idVehicle, idBlob: command.idBlob } }] : [];
}

/** Puts the photos in a new order, which names every photo once; the same order is a no-op. Only in stock. */
export function reorderVehiclePhotos(command: Of<'ReorderVehiclePhotos'>, state: VehicleState): VehicleEvent[] {
  const { record } = inStock(state);
  const idBlobs = [...command.idBlobs];
  const permutation = idBlobs.length === record.photos.length && new Set(idBlobs).size === idBlobs.length
    && idBlobs.every((id) => record.photos.includes(id));
  if (!permutation) throw new DomainError('VEHICLE_PHOTO_ORDER_INVALID', 'the new order must name every photo of the vehicle once');
  if (idBlobs.every((id, i) => record.photos[i] === id)) return [];
  return [{ type: 'VehiclePhotosReordered', data: { idVehicle: record.idVehicle, idBlobs } }];
}
