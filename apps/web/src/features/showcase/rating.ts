/** The rating dialog's rule (spec): 5 whole stars; vote only once a rating is chosen; after voting, no more voting. */
import { FEEDBACK_STARS, isFeedbackRating } from '@auction/domain';

/** The stars one can give (the domain's: whole stars 1 to 5). */
export const STARS = FEEDBACK_STARS;

/** The dialog's state: the chosen rating, a vote on its way, a vote done. */
export interface RatingState {
  readonly rating: number | null;
  readonly sending: boolean;
  readonly voted: boolean;
}

/** What happens in the dialog. */
export type RatingEvent =
  | { readonly type: 'rating.choose'; readonly rating: number }
  | { readonly type: 'vote.start' }
  | { readonly type: 'vote.done' }
  | { readonly type: 'vote.fail' };

/**
 * Nothing chosen yet; or, for a purchase rated before (`given`: the stars the server says were given), voted already,
 * showing the stars given.
 */
export function initialRating(given: number | null = null): RatingState {
  return isValidRating(given) ? { rating: given, sending: false, voted: true } : { rating: null, sending: false, voted: false };
}

/** True for 1 to 5 whole stars (the domain's rule, the same the API applies). */
export function isValidRating(rating: number | null | undefined): rating is number {
  return isFeedbackRating(rating);
}

/** Whether the vote button is enabled: a rating chosen, no vote on its way, not voted yet. */
export function canVote(state: RatingState): boolean {
  return isValidRating(state.rating) && !state.sending && !state.voted;
}

/** Whether the stars can still change: not while voting nor after. */
export function canChoose(state: RatingState): boolean {
  return !state.sending && !state.voted;
}

/** The next state; an event the rule does not allow leaves the state as it is. */
export function rate(state: RatingState, event: RatingEvent): RatingState {
  switch (event.type) {
    case 'rating.choose':
      return canChoose(state) && isValidRating(event.rating) ? { ...state, rating: event.rating } : state;
    case 'vote.start':
      return canVote(state) ? { ...state, sending: true } : state;
    case 'vote.done':
      return state.sending ? { ...state, sending: false, voted: true } : state;
    case 'vote.fail':
      return state.sending ? { ...state, sending: false } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
}
