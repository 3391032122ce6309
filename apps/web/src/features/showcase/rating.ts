/** The rating dialog's rule (spec): 5 whole stars; vote only once a rating is chosen; after voting, no more voting. */

/** The stars one can give. */
export const STARS = [1, 2, 3, 4, 5] as const;

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

/** Nothing chosen yet (or already voted, for a purchase rated before). */
export function initialRating(voted = false): RatingState {
  return { rating: null, sending: false, voted };
}

/** True for 1 to 5 whole stars. */
export function isValidRating(rating: number | null): rating is number {
  return rating !== null && Number.isInteger(rating) && rating >= 1 && rating <= 5;
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
