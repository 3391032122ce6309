import { describe, expect, it } from 'vitest';
import { STARS, canChoose, canVote, initialRating, isValidRating, rate, type RatingEvent, type RatingState } from './rating.js';

const run = (events: RatingEvent[], from: RatingState = initialRating()) => events.reduce(rate, from);

describe('the rating rule', () => {
  it('offers five whole stars', () => {
    expect(STARS).toEqual([1, 2, 3, 4, 5]);
    expect([0, 0.5, 4.5, 6, null].map((n) => isValidRating(n))).toEqual([false, false, false, false, false]);
  });

  it('given no rating chosen, then voting is disabled and a vote does not start', () => {
    const state = initialRating();
    expect(canVote(state)).toBe(false);
    expect(rate(state, { type: 'vote.start' })).toBe(state);
  });

  it('given a rating chosen, then voting is enabled', () => {
    const state = run([{ type: 'rating.choose', rating: 4 }]);
    expect(state.rating).toBe(4);
    expect(canVote(state)).toBe(true);
  });

  it('ignores half or out-of-range stars', () => {
    expect(run([{ type: 'rating.choose', rating: 3.5 }, { type: 'rating.choose', rating: 6 }]).rating).toBeNull();
  });

  it('while the vote is on its way, neither the stars nor the vote can be used again', () => {
    const sending = run([{ type: 'rating.choose', rating: 5 }, { type: 'vote.start' }]);
    expect(sending.sending).toBe(true);
    expect(canVote(sending)).toBe(false);
    expect(canChoose(sending)).toBe(false);
    expect(rate(sending, { type: 'rating.choose', rating: 1 }).rating).toBe(5);
  });

  it('after voting, the vote stays disabled and the rating cannot change', () => {
    const voted = run([{ type: 'rating.choose', rating: 5 }, { type: 'vote.start' }, { type: 'vote.done' }]);
    expect(voted.voted).toBe(true);
    expect(canVote(voted)).toBe(false);
    expect(run([{ type: 'rating.choose', rating: 2 }, { type: 'vote.start' }], voted)).toEqual(voted);
  });

  it('after a failed vote, the dealer can vote again', () => {
    const failed = run([{ type: 'rating.choose', rating: 3 }, { type: 'vote.start' }, { type: 'vote.fail' }]);
    expect(failed).toEqual({ rating: 3, sending: false, voted: false });
    expect(canVote(failed)).toBe(true);
  });

  it('given a purchase already rated, then voting is disabled from the start and the stars given stay shown', () => {
    const state = run([{ type: 'rating.choose', rating: 2 }, { type: 'vote.start' }], initialRating(4));
    expect(state).toEqual({ rating: 4, sending: false, voted: true });
    expect(canVote(state)).toBe(false);
    expect(canChoose(state)).toBe(false);
  });

  it('given no rating (null) or an odd one from the server, the dialog starts unrated', () => {
    expect(initialRating(null)).toEqual({ rating: null, sending: false, voted: false });
    expect(initialRating(2.5)).toEqual({ rating: null, sending: false, voted: false });
  });
});
