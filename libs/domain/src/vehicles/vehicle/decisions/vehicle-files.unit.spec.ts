import { describe, expect, it } from 'vitest';
import { listed } from '../../../testing/vehicle-fixtures.test-support.js';
import {
  ID_LOADED, attached, fileRemoved, loaded, putInAuction, ready, soldInAuction, vehicleSpec, withdrawn,
} from '../../../testing/vehicle-life-fixtures.test-support.js';
import { MAX_VEHICLE_DOCUMENTS, MAX_VEHICLE_PHOTOS, type VehicleFileKind } from '../vehicle-details.js';

const attach = (idBlob: string, kind: VehicleFileKind = 'PHOTO') => ({ type: 'AttachVehicleFile' as const, idBlob, kind });
const remove = (idBlob: string) => ({ type: 'RemoveVehicleFile' as const, idBlob });
const reorder = (...idBlobs: string[]) => ({ type: 'ReorderVehiclePhotos' as const, idBlobs });
const photos = (n: number) => Array.from({ length: n }, (_, i) => attached(`photo-${i}`));
const documents = (n: number) => Array.from({ length: n }, (_, i) => attached(`doc-${i}`, 'OTHER'));

describe('AttachVehicleFile', () => {
  it('attaches a photo last, and documents of every kind', () => {
    vehicleSpec.given([loaded, attached('p1')]).when(attach('p2')).then([attached('p2')]);
    for (const kind of ['APPRAISAL', 'DATASHEET', 'OTHER', 'RECOGNITION_DOC'] as const) {
      vehicleSpec.given([loaded]).when(attach('d1', kind)).then([attached('d1', kind)]);
    }
    const { state } = vehicleSpec.given([loaded, attached('p1'), attached('d1', 'APPRAISAL')]).when(attach('p2')).run();
    expect(state).toMatchObject({ record: { photos: ['p1', 'p2'], documents: [{ idBlob: 'd1', kind: 'APPRAISAL' }] } });
  });

  it('the same file again is a no-op; as another kind, a conflict', () => {
    vehicleSpec.given([loaded, attached('p1')]).when(attach('p1')).thenNothing();
    vehicleSpec.given([loaded, attached('d1', 'DATASHEET')]).when(attach('d1', 'DATASHEET')).thenNothing();
    vehicleSpec.given([loaded, attached('p1')]).when(attach('p1', 'OTHER')).thenThrows('VEHICLE_FILE_KIND_CONFLICT');
    vehicleSpec.given([loaded, attached('d1', 'DATASHEET')]).when(attach('d1', 'APPRAISAL')).thenThrows('VEHICLE_FILE_KIND_CONFLICT');
  });

  it(`takes at most ${MAX_VEHICLE_PHOTOS} photos and ${MAX_VEHICLE_DOCUMENTS} documents, each counted apart`, () => {
    vehicleSpec.given([loaded, ...photos(MAX_VEHICLE_PHOTOS - 1)]).when(attach('last')).then([attached('last')]);
    vehicleSpec.given([loaded, ...photos(MAX_VEHICLE_PHOTOS)]).when(attach('one-more')).thenThrows('VEHICLE_TOO_MANY_PHOTOS');
    vehicleSpec.given([loaded, ...photos(MAX_VEHICLE_PHOTOS)]).when(attach('d', 'APPRAISAL')).then([attached('d', 'APPRAISAL')]);
    vehicleSpec.given([loaded, ...documents(MAX_VEHICLE_DOCUMENTS)]).when(attach('d', 'RECOGNITION_DOC')).thenThrows('VEHICLE_TOO_MANY_DOCUMENTS');
    vehicleSpec.given([loaded, ...documents(MAX_VEHICLE_DOCUMENTS)]).when(attach('p')).then([attached('p')]);
  });

  it('refuses while the vehicle is placed (what dealers decide on does not change under them), sold or withdrawn', () => {
    vehicleSpec.given([...ready, putInAuction()]).when(attach('p1')).thenThrows('VEHICLE_IN_AUCTION');
    vehicleSpec.given([listed]).when(attach('p1')).thenThrows('VEHICLE_IN_SHOWCASE');
    vehicleSpec.given([...ready, putInAuction(), soldInAuction()]).when(attach('p1')).thenThrows('VEHICLE_SOLD');
    vehicleSpec.given([loaded, withdrawn]).when(attach('p1')).thenThrows('VEHICLE_WITHDRAWN');
    vehicleSpec.given([]).when(attach('p1')).thenThrows('VEHICLE_NOT_FOUND');
  });
});

describe('RemoveVehicleFile', () => {
  it('removes a photo or a document', () => {
    vehicleSpec.given([loaded, attached('p1'), attached('p2')]).when(remove('p1')).then([fileRemoved('p1')]);
    vehicleSpec.given([loaded, attached('d1', 'OTHER')]).when(remove('d1')).then([fileRemoved('d1')]);
    const { state } = vehicleSpec.given([loaded, attached('p1'), attached('p2'), attached('p3')]).when(remove('p2')).run();
    expect(state).toMatchObject({ record: { photos: ['p1', 'p3'] } });
  });

  it('a file the vehicle does not have is a no-op', () => {
    vehicleSpec.given([loaded]).when(remove('p1')).thenNothing();
    vehicleSpec.given([loaded, attached('p1'), fileRemoved('p1')]).when(remove('p1')).thenNothing();
  });

  it('refuses while placed', () => {
    vehicleSpec.given([...ready, attached('p1'), putInAuction()]).when(remove('p1')).thenThrows('VEHICLE_IN_AUCTION');
  });
});

describe('ReorderVehiclePhotos', () => {
  const given = [loaded, attached('p1'), attached('p2'), attached('p3')];

  it('puts the photos in a new order (the first is the cover)', () => {
    vehicleSpec.given(given).when(reorder('p3', 'p1', 'p2'))
      .then([{ type: 'VehiclePhotosReordered', data: { idVehicle: ID_LOADED, idBlobs: ['p3', 'p1', 'p2'] } }]);
  });

  it('the same order is a no-op', () => {
    vehicleSpec.given(given).when(reorder('p1', 'p2', 'p3')).thenNothing();
  });

  it('refuses an order that misses, repeats or adds a photo', () => {
    vehicleSpec.given(given).when(reorder('p1', 'p2')).thenThrows('VEHICLE_PHOTO_ORDER_INVALID');
    vehicleSpec.given(given).when(reorder('p1', 'p1', 'p2')).thenThrows('VEHICLE_PHOTO_ORDER_INVALID');
    vehicleSpec.given(given).when(reorder('p1', 'p2', 'p3', 'p4')).thenThrows('VEHICLE_PHOTO_ORDER_INVALID');
    vehicleSpec.given([...given, attached('d1', 'OTHER')]).when(reorder('p1', 'p2', 'd1')).thenThrows('VEHICLE_PHOTO_ORDER_INVALID');
  });

  it('refuses while placed', () => {
    vehicleSpec.given([...given, ...ready.slice(1), putInAuction()]).when(reorder('p3', 'p2', 'p1')).thenThrows('VEHICLE_IN_AUCTION');
  });
});
