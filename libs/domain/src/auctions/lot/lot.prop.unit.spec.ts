import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/errors.js';
import { toCents } from '../../shared/money.js';
import { toMs } from '../../shared/time.js';
import { lotCommandFor, lotDefinitionArb, lotStepArb, type LotStep } from '../../testing/lot-arbitraries.test-support.js';
import { START, seconds } from '../../testing/lot-fixtures.test-support.js';
import { decideLot } from './lot.decide.js';
import { evolveLot, foldLot, initialLotState } from './lot.evolve.js';
import { nextMinimumOffer } from './lot.predicates.js';
import type { LotDefinition, LotEvent, LotState, LotTiming } from './lot.types.js';

interface Run { readonly events: LotEvent[]; readonly state: LotState }

const bestCents = (state: LotState): number | null =>
  state.status !== 'NONE' && state.data.best ? toCents(state.data.best.amount) : null;

/** Applies the steps through decide + evolve, checking the per-step invariants on the way. */
function play(definition: LotDefinition & LotTiming, steps: readonly LotStep[]): Run {
  let state = evolveLot(initialLotState, { type: 'LotScheduled', data: definition });
  const events: LotEvent[] = [{ type: 'LotScheduled', data: definition }];
  const offerIds: string[] = [];
  let now = START - seconds(30);
  steps.forEach((step, i) => {
    now += step.dt;
    const command = lotCommandFor(step, i, now, state, offerIds);
    const before = state;
    let produced: LotEvent[] = [];
    try {
      produced = decideLot(command, before);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    if (command.type === 'PlaceOffer' && command.idempotencyKey !== null && before.status !== 'NONE'
      && before.data.dealers[command.idUser]?.recentKeys.some((k) => k.key === command.idempotencyKey)) {
      expect(produced, 'a retry with a known key is a no-op').toEqual([]);
    }
    for (const event of produced) {
      const previousBest = bestCents(state);
      if (event.type === 'OfferPlaced') {
        expect(before.status, 'offers only on an open lot').toBe('OPEN');
        if (before.status !== 'OPEN') continue;
        const placedMs = toMs(event.data.placedAt);
        expect(placedMs, 'not before the start').toBeGreaterThanOrEqual(before.data.startMs);
        expect(placedMs, 'before the end in force').toBeLessThan(before.data.endMs);
        if (!event.data.clickAndBuy) {
          expect(toCents(event.data.amount)).toBeGreaterThanOrEqual(toCents(nextMinimumOffer(before.data.definition, before.data.best)));
        }
        offerIds.push(event.data.idOffer);
      }
      if (event.type === 'LotAwardReverted' && state.status === 'CLOSED' && state.award.status === 'AWA') {
        expect(state.data.best?.clickAndBuy && state.data.best.idOffer === state.award.idOffer, 'a buy-now is never reverted').toBeFalsy();
      }
      state = evolveLot(state, event);
      events.push(event);
      const best = bestCents(state);
      if (previousBest !== null) {
        expect(best, 'the best offer never disappears').not.toBeNull();
        expect(best!, 'the best offer never decreases').toBeGreaterThanOrEqual(previousBest);
      }
    }
  });
  return { events, state };
}

const runs = { numRuns: 400 };
const stepsArb = fc.array(lotStepArb, { minLength: 1, maxLength: 60, size: 'max' });

describe('lot decider properties', () => {
  it('the best offer only rises; offers only while open, from the start and before the end in force', () => {
    fc.assert(fc.property(lotDefinitionArb, stepsArb, (definition, steps) => {
      play(definition, steps);
    }), runs);
  });

  it('offersCount equals the number of OfferPlaced events, and the offer list holds them all', () => {
    fc.assert(fc.property(lotDefinitionArb, stepsArb, (definition, steps) => {
      const { events, state } = play(definition, steps);
      const placed = events.filter((e) => e.type === 'OfferPlaced');
      expect(state.status === 'NONE' ? -1 : state.data.offersCount).toBe(placed.length);
      let listed = 0;
      for (let node = state.status === 'NONE' ? null : state.data.offers; node; node = node.tail) listed++;
      expect(listed).toBe(placed.length);
    }), runs);
  });

  it('the lot closes at most once; a buy-now closes it and awards the buyer', () => {
    fc.assert(fc.property(lotDefinitionArb, stepsArb, (definition, steps) => {
      const { events, state } = play(definition, steps);
      expect(events.filter((e) => e.type === 'LotClosed').length).toBeLessThanOrEqual(1);
      const buyNow = events.find((e) => e.type === 'OfferPlaced' && e.data.clickAndBuy);
      if (buyNow?.type === 'OfferPlaced') {
        expect(state).toMatchObject({ status: 'CLOSED', award: { status: 'AWA', idOffer: buyNow.data.idOffer } });
      }
    }), runs);
  });

  it('folding the produced events again (after a JSON round trip) gives a deep-equal state', () => {
    fc.assert(fc.property(lotDefinitionArb, stepsArb, (definition, steps) => {
      const { events, state } = play(definition, steps);
      expect(foldLot(JSON.parse(JSON.stringify(events)) as LotEvent[])).toStrictEqual(state);
    }), runs);
  });
});
