import { describe, expect, it } from 'vitest';
import {
  BOOKING_SECONDS, NOW, added, book, booked, buy, listed, listing, removed, sold, vehicleSpec,
} from '../../../testing/vehicle-fixtures.test-support.js';
import { vehicleAvailability } from '../vehicle.predicates.js';

describe('ListVehicle', () => {
  it('lists a vehicle in the showcase', () => {
    vehicleSpec.given([]).when({ type: 'ListVehicle', listing }).then([listed]);
  });

  it('listing it again (even a sold one) is a no-op', () => {
    vehicleSpec.given([listed]).when({ type: 'ListVehicle', listing: { ...listing, price: 1 } }).thenNothing();
    vehicleSpec.given([listed, sold('dealer-a')]).when({ type: 'ListVehicle', listing }).thenNothing();
  });
});

describe('AddToMyLot', () => {
  const add = { type: 'AddToMyLot' as const, idUser: 'dealer-a' };

  it('adds a vehicle to a dealer lot', () => {
    vehicleSpec.given([listed]).when(add).then([added('dealer-a')]);
  });

  it('adding it again is a no-op, even once sold', () => {
    vehicleSpec.given([listed, added('dealer-a')]).when(add).thenNothing();
    vehicleSpec.given([listed, added('dealer-a'), sold('dealer-b')]).when(add).thenNothing();
  });

  it('refuses a sold or unknown vehicle', () => {
    vehicleSpec.given([listed, sold('dealer-b')]).when(add).thenThrows('VEHICLE_SOLD');
    vehicleSpec.given([]).when(add).thenThrows('VEHICLE_NOT_FOUND');
  });
});

describe('RemoveFromMyLot', () => {
  const remove = { type: 'RemoveFromMyLot' as const, idUser: 'dealer-a' };

  it('removes a vehicle from a dealer lot', () => {
    vehicleSpec.given([listed, added('dealer-a')]).when(remove).then([removed('dealer-a')]);
  });

  it('gives up that dealer hold, so another dealer can buy', () => {
    const given = [listed, added('dealer-a'), booked('dealer-a'), removed('dealer-a')];
    vehicleSpec.given(given).when(buy('dealer-b', NOW + 1)).then([sold('dealer-b', NOW + 1)]);
  });

  it('keeps the hold of another dealer', () => {
    const { state } = vehicleSpec.given([listed, added('dealer-a'), added('dealer-b'), booked('dealer-b')]).when(remove).run();
    expect(vehicleAvailability(state, NOW + 1)).toBe('HELD');
  });

  it('is a no-op for a vehicle not in the lot', () => {
    vehicleSpec.given([listed]).when(remove).thenNothing();
  });

  it('refuses an unknown vehicle', () => {
    vehicleSpec.given([]).when(remove).thenThrows('VEHICLE_NOT_FOUND');
  });
});

describe('BookVehicle', () => {
  const inLots = [listed, added('dealer-a'), added('dealer-b')];
  const expiry = NOW + BOOKING_SECONDS * 1000;

  it('holds a vehicle of my lot for the booking time', () => {
    vehicleSpec.given(inLots).when(book('dealer-a')).then([booked('dealer-a')]);
    const { state } = vehicleSpec.given(inLots).when(book('dealer-a')).run();
    expect(vehicleAvailability(state, expiry - 1)).toBe('HELD');
    expect(vehicleAvailability(state, expiry)).toBe('AVAILABLE');
  });

  it('needs the vehicle in my lot', () => {
    vehicleSpec.given([listed]).when(book('dealer-a')).thenThrows('VEHICLE_NOT_IN_MY_LOT');
    vehicleSpec.given([listed, added('dealer-a'), removed('dealer-a')]).when(book('dealer-a')).thenThrows('VEHICLE_NOT_IN_MY_LOT');
  });

  it('booking again while my hold lasts is a no-op', () => {
    vehicleSpec.given([...inLots, booked('dealer-a')]).when(book('dealer-a', NOW + 60_000)).thenNothing();
  });

  it('is not renewable once my booking is over', () => {
    vehicleSpec.given([...inLots, booked('dealer-a')]).when(book('dealer-a', expiry)).thenThrows('VEHICLE_ALREADY_BOOKED');
  });

  it('refuses while another dealer holds it, allows once that hold is over', () => {
    vehicleSpec.given([...inLots, booked('dealer-a')]).when(book('dealer-b', expiry - 1)).thenThrows('VEHICLE_HELD');
    vehicleSpec.given([...inLots, booked('dealer-a')]).when(book('dealer-b', expiry)).then([booked('dealer-b', expiry)]);
  });

  it('refuses a sold or unknown vehicle', () => {
    vehicleSpec.given([...inLots, sold('dealer-b')]).when(book('dealer-a')).thenThrows('VEHICLE_SOLD');
    vehicleSpec.given([]).when(book('dealer-a')).thenThrows('VEHICLE_NOT_FOUND');
  });
});
