import { describe, expect, it } from 'vitest';
import type { VehicleEvent } from '@auction/domain';
import type { VehicleRow } from '../rows.js';
import { fold, stored } from '../testing/stored.test-support.js';
import { projectMyLotEntry, projectShowcaseRegulation, projectVehicle } from './vehicle.projection.js';

const SID = 'vehicle-v1';
const listing = { idVehicle: 'v1', idShowcase: 's1', idOwner: 'ex1', idMarket: 'IT', licensePlate: 'GA123BC', brand: 'Fiat', model: '500', price: 7500.5 };
const ev = (e: VehicleEvent) => stored(SID, e);
const listed = () => ev({ type: 'VehicleListed', data: listing });
const booked = (idUser: string) => ev({ type: 'VehicleBooked', data: { idVehicle: 'v1', idUser, until: '2026-11-21T09:30:00Z' } });
const preempted = (idUser: string) => ev({ type: 'VehiclePreempted', data: { idVehicle: 'v1', idUser, until: '2026-11-21T09:05:00Z' } });
const removed = (idUser: string) => ev({ type: 'VehicleRemovedFromMyLot', data: { idVehicle: 'v1', idUser } });
const sold = (idUser: string) => ev({ type: 'VehicleSold', data: { idVehicle: 'v1', idUser, price: 7500.5, soldAt: '2026-11-21T09:10:00.000Z' } });
const vehicleOf = (...events: ReturnType<typeof ev>[]) => fold<VehicleRow>(projectVehicle, events);

describe('projectVehicle', () => {
  it('lists a vehicle once, in listing order', () => {
    const first = listed();
    const row = projectVehicle(undefined, first);
    expect(row).toMatchObject({ idVehicle: 'v1', status: 'LISTED', price: 7500.5, holdUserId: null, listedPosition: first.position });
    expect(projectVehicle(row, listed())).toBe(row);
  });

  it('holds for a booking or a pre-emption', () => {
    expect(vehicleOf(listed(), booked('d1'))).toMatchObject({ holdUserId: 'd1', holdKind: 'BOOKING', holdUntil: '2026-11-21T09:30:00.000Z' });
    expect(vehicleOf(listed(), preempted('d2'))).toMatchObject({ holdUserId: 'd2', holdKind: 'PREEMPTION', holdUntil: '2026-11-21T09:05:00.000Z' });
  });

  it('the holder removing the vehicle from their my lot gives the hold up; another dealer does not', () => {
    expect(vehicleOf(listed(), booked('d1'), removed('d2'))?.holdUserId).toBe('d1');
    expect(vehicleOf(listed(), booked('d1'), removed('d1'))).toMatchObject({ holdUserId: null, holdKind: null, holdUntil: null });
  });

  it('is sold once, which ends the hold', () => {
    const row = vehicleOf(listed(), booked('d1'), sold('d1'));
    expect(row).toMatchObject({ status: 'SOLD', soldUserId: 'd1', soldPrice: 7500.5, holdUserId: null });
    expect(projectVehicle(row, sold('d2'))).toBe(row);
  });

  it('keeps no username of the buyer, also from a sale written by an earlier release that carried one', () => {
    const legacy = ev({ type: 'VehicleSold', data: { idVehicle: 'v1', idUser: 'd1', username: 'someone@example.com', price: 7500.5, soldAt: '2026-11-21T09:10:00.000Z' } as never });
    const row = vehicleOf(listed(), legacy);
    expect(row).toMatchObject({ status: 'SOLD', soldUserId: 'd1' });
    expect(JSON.stringify(row)).not.toContain('someone@example.com');
  });

  it('withdrawn from its showcase (#22 item 6), the vehicle leaves it; put in a showcase again, it is listed afresh', () => {
    const back = ev({ type: 'VehicleReturnedToStock', data: { idVehicle: 'v1', from: { kind: 'SHOWCASE', idShowcase: 's1' }, reason: 'LISTING_WITHDRAWN' } });
    expect(vehicleOf(listed(), back)).toBeUndefined();
    expect(vehicleOf(listed(), ev({ type: 'VehicleWithdrawn', data: { idVehicle: 'v1' } }))).toBeUndefined();
    const again = ev({ type: 'VehicleListed', data: { ...listing, idShowcase: 's2', price: 8000 } });
    expect(vehicleOf(listed(), back, again)).toMatchObject({ idShowcase: 's2', price: 8000, status: 'LISTED' });
    // Back from an auction: not the showcase's business; a sold vehicle stays sold.
    const fromLot = ev({ type: 'VehicleReturnedToStock', data: { idVehicle: 'v1', from: { kind: 'AUCTION', idAuction: 'a', idLot: 'l' }, reason: 'UNSOLD' } });
    expect(vehicleOf(listed(), fromLot)?.status).toBe('LISTED');
    expect(vehicleOf(listed(), sold('d1'), back)?.status).toBe('SOLD');
  });

  it('ignores events of a vehicle it never saw', () => {
    expect(projectVehicle(undefined, sold('d1'))).toBeUndefined();
  });
});

describe('projectMyLotEntry and projectShowcaseRegulation', () => {
  const vehicle = vehicleOf(listed());
  it('adds and removes a vehicle of a dealer\'s my lot, for a known vehicle', () => {
    const entry = projectMyLotEntry(undefined, ev({ type: 'VehicleAddedToMyLot', data: { idVehicle: 'v1', idUser: 'd1' } }), vehicle);
    expect(entry).toEqual({ idVehicle: 'v1', idUser: 'd1' });
    expect(projectMyLotEntry(entry, removed('d1'), vehicle)).toBeUndefined();
    expect(projectMyLotEntry(undefined, ev({ type: 'VehicleAddedToMyLot', data: { idVehicle: 'v1', idUser: 'd1' } }), undefined)).toBeUndefined();
  });
  it('records the showcase regulation of a dealer', () => {
    const e = stored('user-d1', { type: 'ShowcaseRegulationAccepted', data: { idUser: 'd1' } });
    expect(projectShowcaseRegulation(undefined, e)).toEqual({ kind: 'SHOWCASE', idScope: '', idUser: 'd1', acceptedPosition: e.position });
    expect(projectShowcaseRegulation(undefined, stored('user-d1', { type: 'UserSessionEnded', data: { idUser: 'd1', sid: 's' } }))).toBeUndefined();
  });
});
