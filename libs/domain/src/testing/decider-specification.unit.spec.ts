import { describe, expect, it } from 'vitest';
import type { Decider } from '../shared/decider.js';
import { DomainError } from '../shared/errors.js';
import { spec } from './decider-specification.test-support.js';

type Command = { type: 'Add'; n: number };
type Event = { type: 'Added'; n: number };

/** A counter that refuses negative numbers and ignores zero. */
const counter: Decider<Command, Event, number> = {
  decide: (c) => {
    if (c.n < 0) throw new DomainError('INVALID_AMOUNT', 'negative');
    return c.n === 0 ? [] : [{ type: 'Added', n: c.n }];
  },
  evolve: (s, e) => s + e.n,
  initialState: 0,
};
const counterSpec = spec(counter);

describe('decider specification helper', () => {
  it('passes on the expected events, refusal and no-op', () => {
    counterSpec.given([]).when({ type: 'Add', n: 2 }).then([{ type: 'Added', n: 2 }]);
    counterSpec.given([]).when({ type: 'Add', n: -1 }).thenThrows('INVALID_AMOUNT');
    counterSpec.given([]).when({ type: 'Add', n: 0 }).thenNothing();
  });

  it('folds the given events and returns events and next state from run()', () => {
    expect(counterSpec.given([{ type: 'Added', n: 3 }]).when({ type: 'Add', n: 2 }).run()).toEqual({ events: [{ type: 'Added', n: 2 }], state: 5 });
  });

  it('fails on other events, a missing or different refusal, and events instead of nothing', () => {
    expect(() => counterSpec.given([]).when({ type: 'Add', n: 2 }).then([{ type: 'Added', n: 3 }])).toThrow();
    expect(() => counterSpec.given([]).when({ type: 'Add', n: 2 }).thenThrows('INVALID_AMOUNT')).toThrow(/expected INVALID_AMOUNT, got events/);
    expect(() => counterSpec.given([]).when({ type: 'Add', n: -1 }).thenThrows('LOT_ENDED')).toThrow(/expected LOT_ENDED, got DomainError 422007/);
    expect(() => counterSpec.given([]).when({ type: 'Add', n: 1 }).thenNothing()).toThrow();
  });
});
