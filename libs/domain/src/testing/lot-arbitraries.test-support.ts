import fc from 'fast-check';
import { fromCents, toCents } from '../shared/money.js';
import { toIso } from '../shared/time.js';
import { nextMinimumOffer } from '../auctions/lot/lot.predicates.js';
import type { LotCommand, LotDefinition, LotState, LotTiming } from '../auctions/lot/lot.types.js';
import { START, lotDefinition, minutes, seconds } from './lot-fixtures.test-support.js';

/** Dealers bidding in the generated runs. */
export const DEALERS = ['dealer-a', 'dealer-b', 'dealer-c', 'dealer-d'] as const;

/** How a generated offer picks its amount once the lot state is known. */
export type PriceKind = 'min' | 'above' | 'below' | 'float' | 'raw';

/** One generated step: a command template, resolved against the state when it runs. */
export type LotStep = { readonly dt: number } & (
  | { kind: 'offer'; dealer: number; price: PriceKind; cents: number; key: string | null; regulation: boolean }
  | { kind: 'buyNow'; dealer: number; exact: boolean; key: string | null }
  | { kind: 'close' } | { kind: 'awardAll' } | { kind: 'notAward' } | { kind: 'revert' }
  | { kind: 'award'; pick: number }
  | { kind: 'reschedule'; shiftMs: number }
  | { kind: 'observe'; dealer: number; end: boolean }
);

const euros = (min: number, max: number) => fc.integer({ min, max }).map(fromCents);

/** Lot definitions with awkward cents (0.1, 0.2, 1.1…), optional reserve and buy-now, short durations. */
export const lotDefinitionArb: fc.Arbitrary<LotDefinition & LotTiming> = fc
  .record({
    basePrice: fc.oneof(fc.constantFrom(0.1, 0.2, 1.1, 0.3), euros(1, 1_000_000)),
    minIncrement: fc.oneof({ arbitrary: fc.constantFrom(0.1, 0.2, 2.2, 100), weight: 3 }, { arbitrary: euros(0, 5000), weight: 3 }),
    reserveOver: fc.option(fc.integer({ min: -500, max: 5000 }), { nil: null }),
    buyNowOver: fc.option(fc.integer({ min: 1, max: 3000 }), { nil: null }),
    durationMs: fc.integer({ min: 0, max: 20 * 60 }).map(seconds),
    windowSeconds: fc.constantFrom(0, 10, 60, 120, 300),
    extendSeconds: fc.constantFrom(0, 30, 60, 120),
  })
  .map((r) => lotDefinition({
    basePrice: r.basePrice,
    minIncrement: r.minIncrement,
    reservePrice: r.reserveOver === null ? null : fromCents(Math.max(1, toCents(r.basePrice) + r.reserveOver)),
    buyNowPrice: r.buyNowOver === null ? null : fromCents(toCents(r.basePrice) + r.buyNowOver),
    endDate: toIso(START + r.durationMs),
    windowSeconds: r.windowSeconds,
    extendSeconds: r.extendSeconds,
  }));

const dealer = fc.integer({ min: 0, max: DEALERS.length - 1 });
// A small key space, so that some offers are retries of earlier ones.
const key = fc.option(fc.integer({ min: 0, max: 12 }).map((n) => `key-${n}`), { nil: null, freq: 3 });

/** Steps: mostly offers, some buy-now, close and award decisions. Time moves on by `dt` (sometimes a bit back, as a late request). */
export const lotStepArb: fc.Arbitrary<LotStep> = fc
  .tuple(
    // Whole seconds, so that offers often land exactly on a start, an end or a window edge.
    fc.integer({ min: -5, max: 60 }).map(seconds),
    fc.oneof(
      { weight: 12, arbitrary: fc.record({
        kind: fc.constant('offer' as const), dealer,
        price: fc.constantFrom<PriceKind>('min', 'min', 'above', 'below', 'float', 'raw'),
        cents: fc.integer({ min: 1, max: 20_000 }), key, regulation: fc.constantFrom(true, true, true, true, false),
      }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('buyNow' as const), dealer, exact: fc.boolean(), key }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('close' as const) }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('award' as const), pick: fc.integer({ min: -1, max: 10 }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('awardAll' as const) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('notAward' as const) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('revert' as const) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('reschedule' as const), shiftMs: fc.integer({ min: -minutes(10), max: minutes(10) }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('observe' as const), dealer, end: fc.boolean() }) },
    ),
  )
  .map(([dt, step]) => ({ ...step, dt }));

function amountFor(step: Extract<LotStep, { kind: 'offer' }>, state: LotState): number {
  if (state.status === 'NONE') return fromCents(step.cents);
  const def = state.data.definition;
  const minimum = toCents(nextMinimumOffer(def, state.data.best));
  switch (step.price) {
    case 'min': return fromCents(minimum);
    case 'above': return fromCents(minimum + step.cents);
    case 'below': return fromCents(minimum - step.cents);
    // Float arithmetic on euros, as a careless client would do it (0.1 + 0.2 style).
    case 'float': return state.data.best ? state.data.best.amount + def.minIncrement : def.basePrice + step.cents / 100;
    case 'raw': return fromCents(step.cents);
  }
}

/** Turns a step into a lot command against the current state; `offerIds` lists the offers accepted so far. */
export function lotCommandFor(step: LotStep, i: number, now: number, state: LotState, offerIds: readonly string[]): LotCommand {
  const idOffer = `offer-${i}`;
  switch (step.kind) {
    case 'offer': {
      const idUser = DEALERS[step.dealer]!;
      return {
        type: 'PlaceOffer', idOffer, idUser, idDealer: null, amount: amountFor(step, state), clickAndBuy: false,
        idempotencyKey: step.key, regulationAccepted: step.regulation, now,
      };
    }
    case 'buyNow': {
      const idUser = DEALERS[step.dealer]!;
      const buyNow = state.status === 'NONE' ? null : state.data.definition.buyNowPrice;
      const amount = buyNow === null ? 1000 : step.exact ? buyNow : fromCents(toCents(buyNow) + 1);
      return { type: 'PlaceOffer', idOffer, idUser, idDealer: null, amount, clickAndBuy: true, idempotencyKey: step.key, regulationAccepted: true, now };
    }
    case 'close': return { type: 'CloseLot', now };
    case 'award': return { type: 'AwardLot', idOffer: step.pick < 0 || offerIds.length === 0 ? 'unknown' : offerIds[step.pick % offerIds.length]!, now };
    case 'awardAll': return { type: 'AwardLotIfReserveMet', now };
    case 'notAward': return { type: 'NotAwardLot', now };
    case 'revert': return { type: 'RevertLotAward' };
    case 'reschedule': {
      const endMs = state.status === 'NONE' ? now : state.data.endMs;
      return { type: 'RescheduleLotEnd', endDate: toIso(endMs + step.shiftMs), now };
    }
    case 'observe': return { type: 'ObserveLot', idUser: DEALERS[step.dealer]!, end: step.end };
  }
}
