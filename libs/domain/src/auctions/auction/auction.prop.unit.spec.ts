import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../shared/errors.js';
import { AWARD_STATUSES } from '../../shared/statuses.js';
import { toIso, toMs } from '../../shared/time.js';
import { START, minutes, seconds } from '../../testing/lot-fixtures.test-support.js';
import { auctionDefinition } from '../../testing/auction-fixtures.test-support.js';
import { decideAuction } from './auction.decide.js';
import { evolveAuction, foldAuction, initialAuctionState } from './auction.evolve.js';
import type { AuctionCommand, AuctionDefinition, AuctionEvent, AuctionState } from './auction.types.js';

const definitionArb: fc.Arbitrary<(now: number) => AuctionDefinition> = fc
  .record({
    startIn: fc.integer({ min: -10, max: 30 }).map(minutes),
    durationMs: fc.integer({ min: -5, max: 60 }).map(minutes),
    lots: fc.integer({ min: 0, max: 3 }),
    regulationRequired: fc.boolean(),
  })
  .map((r) => (now: number) => auctionDefinition({
    startDate: toIso(now + r.startIn), endDate: toIso(now + r.startIn + r.durationMs),
    regulationRequired: r.regulationRequired, lotIds: Array.from({ length: r.lots }, (_, i) => `lot-${i + 1}`),
  }));

const progressArb = fc.array(
  fc.record({ ended: fc.boolean(), awardStatus: fc.constantFrom(...AWARD_STATUSES) }).map((l) => (l.ended ? l : { ...l, awardStatus: 'TBA' as const })),
  { maxLength: 3 },
);

type Step = { dt: number; make: (now: number, state: AuctionState) => AuctionCommand };

const stepArb: fc.Arbitrary<Step> = fc
  .tuple(
    fc.integer({ min: 0, max: 300 }).map(seconds),
    fc.oneof(
      fc.tuple(definitionArb, fc.constantFrom('owner-1', 'owner-2')).map(([def, idOwner]) =>
        (now: number): AuctionCommand => ({ type: 'ScheduleAuction', idAuction: 'auction-1', idOwner, definition: def(now), now })),
      definitionArb.map((def) => (now: number): AuctionCommand => ({ type: 'EditAuction', definition: def(now), now })),
      fc.constant((now: number): AuctionCommand => ({ type: 'DeleteAuction', now })),
      fc.constant((now: number): AuctionCommand => ({ type: 'StartAuction', now })),
      fc.integer({ min: -30, max: 30 }).map((shift) => (now: number, state: AuctionState): AuctionCommand =>
        ({ type: 'RescheduleAuctionEnd', endDate: toIso((state.status === 'NONE' ? now : state.data.endMs) + minutes(shift)), now })),
      fc.constantFrom('dealer-a', 'dealer-b').map((idUser) => (): AuctionCommand => ({ type: 'AcceptRegulation', idUser })),
      progressArb.map((lots) => (now: number): AuctionCommand => ({ type: 'FollowLots', lots, now })),
      progressArb.map((lots) => (now: number): AuctionCommand => ({ type: 'FollowLots', lots, now })),
    ),
  )
  .map(([dt, make]) => ({ dt, make }));

/** Status moves an event may make (from → to). */
const ALLOWED = new Set(['NONE>SCH', 'SCH>RUN', 'SCH>DELETED', 'RUN>CLD', 'CLD>AWA', 'AWA>CLD']);

function play(steps: readonly Step[]): { events: AuctionEvent[]; state: AuctionState } {
  let state = initialAuctionState;
  const events: AuctionEvent[] = [];
  let now = START - minutes(30);
  for (const step of steps) {
    now += step.dt;
    let produced: AuctionEvent[] = [];
    try {
      produced = decideAuction(step.make(now, state), state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    for (const event of produced) {
      const next = evolveAuction(state, event);
      if (next.status !== state.status) expect(ALLOWED.has(`${state.status}>${next.status}`), `${state.status} > ${next.status}`).toBe(true);
      if (event.type === 'AuctionStarted' && state.status !== 'NONE') {
        expect(toMs(event.data.startedAt), 'never started before its start').toBeGreaterThanOrEqual(state.data.startMs);
      }
      expect(state.status, 'a deleted auction takes no more events').not.toBe('DELETED');
      state = next;
      events.push(event);
    }
  }
  return { events, state };
}

const runs = { numRuns: 400 };
const stepsArb = fc.array(stepArb, { minLength: 1, maxLength: 40, size: 'max' });
const count = (events: readonly AuctionEvent[], type: AuctionEvent['type']) => events.filter((e) => e.type === type).length;

describe('auction decider properties', () => {
  it('moves only along SCH → RUN → CLD ⇄ AWA (or SCH → DELETED), never starting early', () => {
    fc.assert(fc.property(stepsArb, (steps) => {
      play(steps);
    }), runs);
  });

  it('is scheduled, started and closed at most once', () => {
    fc.assert(fc.property(stepsArb, (steps) => {
      const { events } = play(steps);
      if (events.length > 0) expect(events[0]!.type).toBe('AuctionScheduled');
      expect(count(events, 'AuctionScheduled')).toBeLessThanOrEqual(1);
      expect(count(events, 'AuctionStarted')).toBeLessThanOrEqual(1);
      expect(count(events, 'AuctionClosed')).toBeLessThanOrEqual(1);
    }), runs);
  });

  it('folding the produced events again (after a JSON round trip) gives a deep-equal state', () => {
    fc.assert(fc.property(stepsArb, (steps) => {
      const { events, state } = play(steps);
      expect(foldAuction(JSON.parse(JSON.stringify(events)) as AuctionEvent[])).toStrictEqual(state);
    }), runs);
  });
});
