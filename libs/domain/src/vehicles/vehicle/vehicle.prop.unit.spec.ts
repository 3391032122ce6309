import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, ERROR_CODES } from '../../shared/errors.js';
import { toMs } from '../../shared/time.js';
import { NOW, listed } from '../../testing/vehicle-fixtures.test-support.js';
import { decideVehicle } from './vehicle.decide.js';
import { evolveVehicle, foldVehicle } from './vehicle.evolve.js';
import { liveHold, showcaseDataOf } from './vehicle.predicates.js';
import type { VehicleCommand, VehicleEvent, VehicleState } from './vehicle.types.js';

const DEALERS = ['dealer-a', 'dealer-b', 'dealer-c', 'dealer-d'] as const;

const commandArb: fc.Arbitrary<(now: number) => VehicleCommand> = fc
  .tuple(
    fc.constantFrom('add', 'remove', 'book', 'book', 'preempt', 'preempt', 'buy', 'buy'),
    fc.constantFrom(...DEALERS),
    fc.integer({ min: 30, max: 1800 }),
  )
  .map(([kind, idUser, holdSeconds]) => (now: number): VehicleCommand => {
    switch (kind) {
      case 'add': return { type: 'AddToMyLot', idUser };
      case 'remove': return { type: 'RemoveFromMyLot', idUser };
      case 'book': return { type: 'BookVehicle', idUser, holdSeconds, now };
      case 'preempt': return { type: 'PreemptVehicle', idUser, holdSeconds, now };
      default: return { type: 'BuyVehicle', idUser, now };
    }
  });

/** Commands that read the same version of the stream at about the same time. */
const batchArb = fc.record({
  dt: fc.integer({ min: 0, max: 600 }).map((s) => s * 1000),
  commands: fc.array(commandArb, { minLength: 1, maxLength: 4 }),
});

interface Outcome { readonly events: VehicleEvent[]; readonly state: VehicleState; readonly refusals: number[] }

/**
 * Plays batches against an in-memory stream with optimistic concurrency: every command of a batch decides on the
 * same snapshot; the first to append wins, the others find the version moved and decide again on the fresh state.
 */
function play(batches: readonly { dt: number; commands: readonly ((now: number) => VehicleCommand)[] }[]): Outcome {
  const events: VehicleEvent[] = [listed];
  let state = evolveVehicle({ status: 'NONE' }, listed);
  const refusals: number[] = [];
  let now = NOW;
  for (const batch of batches) {
    now += batch.dt;
    const snapshot = { state, version: events.length };
    for (const make of batch.commands) {
      const command = make(now);
      let base = snapshot;
      for (;;) {
        let produced: VehicleEvent[];
        try {
          produced = decideVehicle(command, base.state);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          refusals.push(error.code);
          break;
        }
        if (produced.length === 0) break;
        if (base.version !== events.length) {
          base = { state, version: events.length };
          continue;
        }
        for (const event of produced) {
          check(state, event, now);
          state = evolveVehicle(state, event);
          events.push(event);
        }
        break;
      }
    }
  }
  return { events, state, refusals };
}

/** Invariants of one appended event against the state it was decided on. */
function check(before: VehicleState, event: VehicleEvent, now: number): void {
  const data = showcaseDataOf(before);
  if (!data) throw new Error('events on an unlisted vehicle');
  const hold = liveHold(data, now);
  switch (event.type) {
    case 'VehicleSold':
      expect(before.status, 'sold only once').toBe('LISTED');
      if (hold) expect(event.data.idUser, 'only the holder buys a held vehicle').toBe(hold.idUser);
      break;
    case 'VehicleBooked':
    case 'VehiclePreempted':
      expect(before.status).toBe('LISTED');
      expect(hold, 'no hold over another dealer hold').toBeNull();
      expect(toMs(event.data.until)).toBeGreaterThan(now);
      if (event.type === 'VehicleBooked') {
        expect(data.inMyLotOf).toContain(event.data.idUser);
        expect(data.bookedBy, 'a booking is not renewable').not.toContain(event.data.idUser);
      } else {
        expect(data.preemptedBy, 'a pre-emption is not renewable').not.toContain(event.data.idUser);
      }
      break;
    default:
      break;
  }
}

const runs = { numRuns: 400 };
const batchesArb = fc.array(batchArb, { minLength: 1, maxLength: 30, size: 'max' });

describe('vehicle decider properties', () => {
  it('a vehicle is sold at most once, and a held vehicle only to its holder', () => {
    fc.assert(fc.property(batchesArb, (batches) => {
      const { events } = play(batches);
      expect(events.filter((e) => e.type === 'VehicleSold').length).toBeLessThanOrEqual(1);
    }), runs);
  });

  it('of concurrent buys of a free vehicle exactly one succeeds; the others are told it is sold', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.constantFrom(...DEALERS), { minLength: 1, maxLength: 4 }), (buyers) => {
      const { events, state, refusals } = play([{ dt: 0, commands: buyers.map((idUser) => (now: number) => ({ type: 'BuyVehicle' as const, idUser, now })) }]);
      expect(events.filter((e) => e.type === 'VehicleSold')).toHaveLength(1);
      expect(state.status === 'SOLD' && state.sale.idUser).toBe(buyers[0]);
      expect(refusals).toEqual(buyers.slice(1).map(() => ERROR_CODES.VEHICLE_SOLD));
    }), runs);
  });

  it('folding the produced events again (after a JSON round trip) gives a deep-equal state', () => {
    fc.assert(fc.property(batchesArb, (batches) => {
      const { events, state } = play(batches);
      expect(foldVehicle(JSON.parse(JSON.stringify(events)) as VehicleEvent[])).toStrictEqual(state);
    }), runs);
  });
});
