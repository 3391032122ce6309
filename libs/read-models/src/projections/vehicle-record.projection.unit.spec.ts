import { describe, expect, it } from 'vitest';
import { decideVehicle, evolveVehicle, initialVehicleState, type VehicleCommand, type VehicleEvent, type VehicleState } from '@auction/domain';
import type { VehicleAuctionRow, VehicleRecordRow } from '../rows.js';
import { fold, stored } from '../testing/stored.test-support.js';
import { projectAll } from './project-event.js';
import { projectVehicleAuction, projectVehicleRecord } from './vehicle.projection.js';

const SID = 'vehicle-v1';
const NOW = Date.parse('2026-11-20T10:00:00Z');
const details = {
  licensePlate: 'ab 123 cd', frame: 'zfa31200000200000', brand: 'Fiat', model: 'Tipo', version: null, firstRegistration: '2020-01-15',
  mileageKm: 50_000, fuel: 'DIESEL', gearbox: 'MANUAL', powerKw: 88, colour: 'Bianco', damageTotal: 450, channel: 'LEASING',
  location: { area: 'Nord', region: 'Lombardia' }, appraisal: { appraisedOn: '2026-10-01', grade: 'B', notes: null },
} as const;

/** The events the decider makes of `commands`, in order. */
function life(...commands: VehicleCommand[]): VehicleEvent[] {
  let state: VehicleState = initialVehicleState;
  const out: VehicleEvent[] = [];
  for (const c of commands) {
    for (const e of decideVehicle(c, state)) {
      state = evolveVehicle(state, e);
      out.push(e);
    }
  }
  return out;
}
const load: VehicleCommand = { type: 'LoadVehicle', idVehicle: 'v1', idLoader: 'loader', provenance: 'LEASYS-IT', details, now: NOW };
const rowOf = (events: VehicleEvent[]) => fold<VehicleRecordRow>(projectVehicleRecord, events.map((e) => stored(SID, e)));

describe('projectVehicleRecord', () => {
  it('a load makes the row: in stock, unpublished, held by its loader, the data as the domain stores it', () => {
    const row = rowOf(life(load));
    expect(row).toMatchObject({
      idVehicle: 'v1', provenance: 'LEASYS-IT', idLoader: 'loader', status: 'STOCK', published: false, holderRole: 'LOADER', holderUserId: 'loader',
      licensePlate: 'AB123CD', frame: 'ZFA31200000200000', area: 'Nord', region: 'Lombardia', damageTotal: 450, auctionsCount: 0,
      appraisal: { appraisedOn: '2026-10-01', grade: 'B', notes: null }, photos: [], documents: [], insertedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(projectVehicleRecord(row, stored(SID, life(load)[0]!))).toBe(row);
  });

  it('follows edits, files, publication, hand-over, an auction and its sale, as the decider folds them', () => {
    const events = life(
      load,
      { type: 'EditVehicle', changes: { mileageKm: 60_000, location: { area: 'Sud', region: 'Campania' } }, now: NOW },
      { type: 'AttachVehicleFile', idBlob: 'p1', kind: 'PHOTO' }, { type: 'AttachVehicleFile', idBlob: 'p2', kind: 'PHOTO' },
      { type: 'AttachVehicleFile', idBlob: 'd1', kind: 'APPRAISAL' }, { type: 'ReorderVehiclePhotos', idBlobs: ['p2', 'p1'] },
      { type: 'RemoveVehicleFile', idBlob: 'p1' }, { type: 'PublishVehicle' }, { type: 'SendToSup', idSuperior: 'auct' },
      { type: 'PutInAuction', idAuction: 'a1', idLot: 'l1' },
    );
    const row = rowOf(events);
    expect(row).toMatchObject({
      mileageKm: 60_000, area: 'Sud', region: 'Campania', photos: ['p2'], documents: [{ idBlob: 'd1', kind: 'APPRAISAL' }], published: true,
      holderRole: 'SUPERIOR', holderUserId: 'auct', status: 'IN_AUCTION', idAuction: 'a1', idLot: 'l1', auctionsCount: 1,
    });
    const sold = projectVehicleRecord(row, stored(SID, { type: 'VehicleSold', data: { idVehicle: 'v1', idUser: 'd1', price: 9000, soldAt: '2026-11-21T09:00:00Z', idAuction: 'a1', idLot: 'l1' } }));
    expect(sold).toMatchObject({ status: 'SOLD', soldUserId: 'd1', soldPrice: 9000, soldAt: '2026-11-21T09:00:00.000Z' });
    const returned = projectVehicleRecord(row, stored(SID, { type: 'VehicleReturnedToStock', data: { idVehicle: 'v1', from: { kind: 'AUCTION', idAuction: 'a1', idLot: 'l1' }, reason: 'UNSOLD' } }));
    expect(returned).toMatchObject({ status: 'STOCK', idAuction: null, idLot: null, auctionsCount: 1 });
  });

  it('a vehicle listed without a load has no row; its placements none either', () => {
    const listed = stored(SID, { type: 'VehicleListed', data: { idVehicle: 'v1', idShowcase: 's1', idOwner: 'ex', idMarket: 'IT', licensePlate: 'X1', brand: 'a', model: 'b', price: 1 } });
    expect(projectVehicleRecord(undefined, listed)).toBeUndefined();
    const put = stored(SID, { type: 'VehiclePutInAuction', data: { idVehicle: 'v1', idAuction: 'a1', idLot: 'l1' } });
    expect(projectVehicleAuction(undefined, put, undefined)).toBeUndefined();
  });

  it('the whole log projects the record and the auctions history beside the showcase row', () => {
    const events = life(load, { type: 'PublishVehicle' }, { type: 'PutInAuction', idAuction: 'a1', idLot: 'l1' }).map((e) => stored(SID, e));
    const rows = projectAll(events);
    expect(rows.vehicleRecords.get({ idVehicle: 'v1' })).toMatchObject({ status: 'IN_AUCTION', auctionsCount: 1 });
    expect(rows.vehicleAuctions.get({ idVehicle: 'v1', idLot: 'l1' })).toMatchObject<Partial<VehicleAuctionRow>>({ idAuction: 'a1', position: events[2]!.position });
    expect(rows.vehicles.get({ idVehicle: 'v1' })).toBeUndefined();
  });
});
