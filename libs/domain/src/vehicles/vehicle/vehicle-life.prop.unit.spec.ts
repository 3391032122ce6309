import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_CODES } from '../../shared/errors.js';
import { SHOWCASES, SLOTS, vehicleStepsArb, type MakeCommand } from '../../testing/vehicle-arbitraries.test-support.js';
import { NOW, load } from '../../testing/vehicle-life-fixtures.test-support.js';
import { MAX_VEHICLE_DOCUMENTS, MAX_VEHICLE_PHOTOS } from './vehicle-details.js';
import { decideVehicle } from './vehicle.decide.js';
import { evolveVehicle, foldVehicle, initialVehicleState } from './vehicle.evolve.js';
import { isPublished, placementOf, recordOf } from './vehicle.predicates.js';
import type { VehicleCommand, VehicleEvent, VehiclePlacement, VehicleState } from './vehicle.types.js';

interface Step { readonly dt: number; readonly make: MakeCommand }
interface Life { readonly events: VehicleEvent[]; readonly state: VehicleState; readonly accepted: { command: VehicleCommand; after: VehicleState }[] }

const PLACING = new Set<VehicleEvent['type']>(['VehiclePutInAuction', 'VehicleListed']);
const CONTENT = new Set<VehicleEvent['type']>([
  'VehicleEdited', 'VehicleFileAttached', 'VehicleFileRemoved', 'VehiclePhotosReordered', 'VehiclePublished', 'VehicleUnpublished',
  'VehicleSentToSup', 'VehicleSentToMultiAuctioneer', 'VehicleSentBack',
]);

/**
 * Where the events say the vehicle is, kept apart from the decider's state: a placement moves it from nowhere to
 * somewhere, a return, a sale or a withdrawal back to nowhere, a reverted sale back to its lot.
 */
function whereAfter(where: VehiclePlacement | null, event: VehicleEvent): VehiclePlacement | null {
  switch (event.type) {
    case 'VehiclePutInAuction': return { kind: 'AUCTION', idAuction: event.data.idAuction, idLot: event.data.idLot };
    case 'VehicleListed': return { kind: 'SHOWCASE', idShowcase: event.data.idShowcase };
    case 'VehicleSaleReverted': return { kind: 'AUCTION', idAuction: event.data.idAuction, idLot: event.data.idLot };
    case 'VehicleReturnedToStock': case 'VehicleSold': case 'VehicleWithdrawn': return null;
    default: return where;
  }
}

/** Loads a vehicle, then plays the steps through decide and evolve, checking each event against the state before it. */
function live(steps: readonly Step[]): Life {
  let now = NOW;
  const events = decideVehicle(load(), initialVehicleState);
  let state = foldVehicle(events);
  let where: VehiclePlacement | null = null;
  const accepted: Life['accepted'] = [];
  for (const step of steps) {
    now += step.dt;
    const command = step.make(now, state);
    let produced: VehicleEvent[];
    try {
      produced = decideVehicle(command, state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      continue;
    }
    for (const event of produced) {
      const before = state;
      if (PLACING.has(event.type)) {
        expect(where, 'never in two places at once').toBeNull();
        expect(before.status, 'placed only from stock').toBe('STOCK');
        expect(isPublished(before), 'placed only once published').toBe(true);
      }
      if (CONTENT.has(event.type)) expect(before.status, 'data, files and holder change only in stock').toBe('STOCK');
      if (event.type === 'VehicleSold') expect(['IN_AUCTION', 'LISTED']).toContain(before.status);
      state = evolveVehicle(state, event);
      where = whereAfter(where, event);
      events.push(event);
      expect(placementOf(state), 'the state is where the events say').toEqual(where);
      if (placementOf(state)) expect(isPublished(state), 'a placed vehicle is published').toBe(true);
      const record = recordOf(state);
      expect(record!.photos.length).toBeLessThanOrEqual(MAX_VEHICLE_PHOTOS);
      expect(new Set(record!.photos).size, 'each photo once').toBe(record!.photos.length);
      expect(record!.documents.length).toBeLessThanOrEqual(MAX_VEHICLE_DOCUMENTS);
    }
    if (produced.length > 0) accepted.push({ command, after: state });
  }
  return { events, state, accepted };
}

const PLACEMENTS: VehicleCommand[] = [
  ...SLOTS.map(([idAuction, idLot]): VehicleCommand => ({ type: 'PutInAuction', idAuction, idLot })),
  ...SHOWCASES.map((idShowcase): VehicleCommand => ({ type: 'PutInShowcase', idShowcase, idOwner: 'exhibitor-1', idMarket: 'IT', price: 5_000 })),
];

const runs = { numRuns: 300 };

describe('vehicle life properties', () => {
  it('a vehicle is never in two places at once; only a published vehicle in stock is placed; its data changes only in stock', () => {
    fc.assert(fc.property(vehicleStepsArb, (steps) => {
      live(steps);
    }), runs);
  });

  it('folding the produced events after a JSON round trip gives the same state', () => {
    fc.assert(fc.property(vehicleStepsArb, (steps) => {
      const { events, state } = live(steps);
      expect(foldVehicle(JSON.parse(JSON.stringify(events)) as VehicleEvent[])).toStrictEqual(state);
    }), runs);
  });

  it('a sold vehicle accepts no further placement, in any auction or showcase', () => {
    fc.assert(fc.property(vehicleStepsArb, (steps) => {
      const { state } = live(steps);
      if (state.status !== 'SOLD') return;
      for (const command of PLACEMENTS) {
        expect(() => decideVehicle(command, state)).toThrow(expect.objectContaining({ code: ERROR_CODES.VEHICLE_SOLD }));
      }
    }), runs);
  });

  it('every accepted command, repeated at once, is a no-op (a retried call changes nothing)', () => {
    fc.assert(fc.property(vehicleStepsArb, (steps) => {
      for (const { command, after } of live(steps).accepted) expect(decideVehicle(command, after), command.type).toEqual([]);
    }), runs);
  });
});
