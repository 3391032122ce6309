import { describe, expect, it } from 'vitest';
import { spec } from '../../testing/decider-specification.test-support.js';
import { decideUser, evolveUser, feedbackOf, initialUserState, isFeedbackRating, userDecider, type Feedback, type UserEvent } from './user.js';

const data = {
  idUser: 'dealer1', username: 'dealer1', roles: ['USER' as const, 'BUYER' as const], idDealer: 'D-1', idMarket: 'IT' as const, preferredLanguage: 'it',
  consent1: true, consent2: true, consent3: true, flgEnabled: true,
};
const registered: UserEvent = { type: 'UserRegistered', data };
const feedback = (over: Partial<Feedback> = {}): Feedback => ({
  idFeedback: 'F-1', target: 'AUCTION', idTarget: 'A-1', rating: 4, idAuctioneer: null, idTemplate: 'T-1', ...over,
});
const given = (f: Feedback): UserEvent => ({ type: 'FeedbackGiven', data: { ...f, idUser: 'dealer1' } });
const users = spec(userDecider);

describe('GiveFeedback (a dealer rates a purchase once)', () => {
  it('records the rating with the partner it counts for', () => {
    users.given([registered]).when({ type: 'GiveFeedback', feedback: feedback() }).then([given(feedback())]);
  });

  it('a repeat on the same target changes nothing, whatever its rating (one vote per purchase)', () => {
    users.given([registered, given(feedback())]).when({ type: 'GiveFeedback', feedback: feedback({ rating: 1, idFeedback: 'F-other' }) }).thenNothing();
  });

  it('another target of the same user, or a showcase vehicle of the same id, is another vote', () => {
    users.given([registered, given(feedback())]).when({ type: 'GiveFeedback', feedback: feedback({ idTarget: 'A-2', idFeedback: 'F-2' }) })
      .then([given(feedback({ idTarget: 'A-2', idFeedback: 'F-2' }))]);
    users.given([registered, given(feedback())]).when({ type: 'GiveFeedback', feedback: feedback({ target: 'SHOWCASE', idFeedback: 'F-3' }) })
      .then([given(feedback({ target: 'SHOWCASE', idFeedback: 'F-3' }))]);
  });

  it.each([0, 6, 2.5, -1, Number.NaN, Number.POSITIVE_INFINITY, '3' as unknown as number, null as unknown as number])(
    'refuses the rating %s with 422380 (whole stars 1 to 5 only)', (rating) => {
      users.given([registered]).when({ type: 'GiveFeedback', feedback: feedback({ rating }) }).thenThrows('FEEDBACK_RATING_INVALID');
    });

  it('refuses an unknown user', () => {
    users.given([]).when({ type: 'GiveFeedback', feedback: feedback() }).thenThrows('BUYER_NOT_ELIGIBLE');
  });

  it('feedbackOf finds the rating given for a target, null otherwise; ratings 1..5 are the valid ones', () => {
    const state = [registered, given(feedback())].reduce(evolveUser, initialUserState);
    expect(feedbackOf(state, 'AUCTION', 'A-1')).toEqual(feedback());
    expect(feedbackOf(state, 'SHOWCASE', 'A-1')).toBeNull();
    expect(feedbackOf(initialUserState, 'AUCTION', 'A-1')).toBeNull();
    expect([1, 2, 3, 4, 5].every(isFeedbackRating)).toBe(true);
    expect(decideUser({ type: 'GiveFeedback', feedback: feedback({ rating: 5 }) }, state)).toEqual([]);
  });
});
