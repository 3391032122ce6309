import { describe, expect, it } from 'vitest';
import { listed } from '../../../testing/vehicle-fixtures.test-support.js';
import {
  ID_LOADED, LOADER, NOW, PROVENANCE, details, edited, load, loaded, published, putInAuction, ready, soldInAuction,
  vehicleSpec, withdrawn,
} from '../../../testing/vehicle-life-fixtures.test-support.js';
import { VehiclePlacedError } from '../vehicle.errors.js';

describe('LoadVehicle', () => {
  it('loads a vehicle with its provenance: in stock, unpublished, held by its loader', () => {
    vehicleSpec.given([]).when(load()).then([loaded]);
    const { state } = vehicleSpec.given([]).when(load()).run();
    expect(state).toMatchObject({
      status: 'STOCK',
      record: { idVehicle: ID_LOADED, provenance: PROVENANCE, published: false, holder: { role: 'LOADER', idUser: LOADER }, photos: [], documents: [] },
    });
  });

  it('stores the data normalised: plate compared form, VIN upper case, texts trimmed, blank optional texts null', () => {
    const typed = { licensePlate: 'ga 123-bc', frame: ' zfa31200000123456 ', brand: '  Fiat ', version: '   ', colour: '' };
    const { events } = vehicleSpec.given([]).when(load(typed)).run();
    expect(events[0]!.data).toMatchObject({ licensePlate: 'GA123BC', frame: 'ZFA31200000123456', brand: 'Fiat', version: null, colour: null });
  });

  it('the same load again (a retried upload) is a no-op', () => {
    vehicleSpec.given([loaded]).when(load()).thenNothing();
    vehicleSpec.given([loaded]).when(load({ licensePlate: 'GA 123 BC' }, NOW + 60_000)).thenNothing();
  });

  it('refuses another load of the id, and an id taken by a direct showcase listing', () => {
    vehicleSpec.given([loaded]).when(load({ mileageKm: 1 })).thenThrows('VEHICLE_ALREADY_LOADED');
    vehicleSpec.given([loaded]).when({ ...load(), provenance: 'OTHER' }).thenThrows('VEHICLE_ALREADY_LOADED');
    vehicleSpec.given([listed]).when(load()).thenThrows('VEHICLE_ALREADY_LOADED');
  });

  it('refuses data that breaks a rule, naming the field', () => {
    vehicleSpec.given([]).when(load({ frame: 'ZFA3120000012345O' })).thenThrows('VEHICLE_FRAME_INVALID');
    vehicleSpec.given([]).when({ ...load(), provenance: '  ' }).thenThrows('VEHICLE_TEXT_INVALID');
  });
});

describe('EditVehicle', () => {
  const edit = (changes: object, now = NOW) => ({ type: 'EditVehicle' as const, changes, now });

  it('records only the fields that changed, normalised', () => {
    vehicleSpec.given([loaded]).when(edit({ mileageKm: 46_000, brand: 'Fiat', colour: ' Red ' })).then([edited({ mileageKm: 46_000, colour: 'Red' })]);
    const { state } = vehicleSpec.given([loaded]).when(edit({ location: { area: 'SOUTH', region: 'Puglia' } })).run();
    expect(state).toMatchObject({ record: { details: { ...details, location: { area: 'SOUTH', region: 'Puglia' } } } });
  });

  it('no change at all (or the same value written otherwise) is a no-op', () => {
    vehicleSpec.given([loaded]).when(edit({})).thenNothing();
    vehicleSpec.given([loaded]).when(edit({ licensePlate: 'ga-123-bc', brand: 'Fiat ' })).thenNothing();
  });

  it('refuses a change that breaks a rule', () => {
    vehicleSpec.given([loaded]).when(edit({ mileageKm: -1 })).thenThrows('VEHICLE_MILEAGE_INVALID');
    vehicleSpec.given([loaded]).when(edit({ licensePlate: 'X' })).thenThrows('VEHICLE_PLATE_INVALID');
  });

  it('refuses a vehicle in an auction, naming where it is', () => {
    vehicleSpec.given([...ready, putInAuction()]).when(edit({ mileageKm: 1 })).thenThrows('VEHICLE_IN_AUCTION');
    try {
      vehicleSpec.given([...ready, putInAuction('auction-4', 'lot-9')]).when(edit({ mileageKm: 1 })).run();
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(VehiclePlacedError);
      expect(error).toMatchObject({
        placement: { kind: 'AUCTION', idAuction: 'auction-4', idLot: 'lot-9' },
        vehicle: { idVehicle: ID_LOADED, licensePlate: 'GA123BC', frame: 'ZFA31200000123456' },
      });
    }
  });

  it('refuses a sold, withdrawn or unknown vehicle', () => {
    vehicleSpec.given([...ready, putInAuction(), soldInAuction()]).when(edit({ mileageKm: 1 })).thenThrows('VEHICLE_SOLD');
    vehicleSpec.given([loaded, withdrawn]).when(edit({ mileageKm: 1 })).thenThrows('VEHICLE_WITHDRAWN');
    vehicleSpec.given([]).when(edit({ mileageKm: 1 })).thenThrows('VEHICLE_NOT_FOUND');
  });

  it('a published vehicle in stock can still be corrected', () => {
    vehicleSpec.given([loaded, published]).when(edit({ powerKw: 52 })).then([edited({ powerKw: 52 })]);
  });
});

describe('WithdrawVehicle', () => {
  const withdraw = { type: 'WithdrawVehicle' as const };

  it('withdraws a vehicle in stock for good; again, a no-op', () => {
    vehicleSpec.given([loaded]).when(withdraw).then([withdrawn]);
    vehicleSpec.given([loaded, withdrawn]).when(withdraw).thenNothing();
    vehicleSpec.given([loaded, withdrawn]).when({ type: 'PublishVehicle' }).thenThrows('VEHICLE_WITHDRAWN');
  });

  it('refuses a placed, sold or unknown vehicle', () => {
    vehicleSpec.given([...ready, putInAuction()]).when(withdraw).thenThrows('VEHICLE_IN_AUCTION');
    vehicleSpec.given([listed]).when(withdraw).thenThrows('VEHICLE_IN_SHOWCASE');
    vehicleSpec.given([...ready, putInAuction(), soldInAuction()]).when(withdraw).thenThrows('VEHICLE_SOLD');
    vehicleSpec.given([]).when(withdraw).thenThrows('VEHICLE_NOT_FOUND');
  });
});
