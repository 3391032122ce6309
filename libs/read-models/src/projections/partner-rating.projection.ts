import { isFeedbackRating, type Feedback } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import { STREAM_PREFIX } from './event-data.js';

/** The votes one partner (template) got: their sum and count. */
export interface PartnerRatingTotals {
  readonly sum: number;
  readonly count: number;
}

/**
 * The partners' ratings, folded from the `FeedbackGiven` events of the user streams: totals per template, and the
 * feedback already counted (by idFeedback), so the same feedback delivered again counts once. Kept in memory by the API
 * as it follows the log from position 0: a rebuild is a replay.
 */
export interface PartnerRatings {
  readonly totals: Map<string, PartnerRatingTotals>;
  readonly counted: Set<string>;
}

/** No vote yet. */
export function emptyPartnerRatings(): PartnerRatings {
  return { totals: new Map(), counted: new Set() };
}

/**
 * Folds one stored event into the ratings (in place, as `projectEvent` does a row set): a `FeedbackGiven` naming a
 * partner (`idTemplate`) with a rating of 1 to 5 whole stars adds one vote to that partner, once per idFeedback.
 * Feedback of a sale through no partner (no idTemplate: the default channel, or events of earlier releases) counts
 * for none. Never throws on odd bodies.
 */
export function projectPartnerRating(ratings: PartnerRatings, event: StoredEvent): void {
  if (event.type !== 'FeedbackGiven' || !event.streamId.startsWith(STREAM_PREFIX.user)) return;
  const data = event.data as Partial<Record<keyof Feedback, unknown>>;
  const { idFeedback, idTemplate, rating } = data;
  if (typeof idFeedback !== 'string' || ratings.counted.has(idFeedback)) return;
  ratings.counted.add(idFeedback);
  if (typeof idTemplate !== 'string' || idTemplate === '' || !isFeedbackRating(rating)) return;
  const before = ratings.totals.get(idTemplate) ?? { sum: 0, count: 0 };
  ratings.totals.set(idTemplate, { sum: before.sum + rating, count: before.count + 1 });
}

/** What the partner calls answer: the average rating and the number of votes. */
export interface PartnerRating {
  /** The average of the votes rounded to one decimal, halves up (13 stars in 3 votes: 4.3); 0 without votes. */
  readonly auctioneerRating: number;
  readonly numFeedback: number;
}

/** The average to one decimal, halves up, of `sum` stars in `count` votes; 0 without votes. */
export function averageRating(sum: number, count: number): number {
  // Whole stars, so sum * 10 / count is exact enough: the half-up rounding never meets a binary fraction like 4.25 * 10.
  return count > 0 ? Math.round((sum * 10) / count) / 10 : 0;
}

/** The rating of one partner. */
export function partnerRatingOf(ratings: PartnerRatings, idTemplate: string): PartnerRating {
  const totals = ratings.totals.get(idTemplate);
  return totals ? { auctioneerRating: averageRating(totals.sum, totals.count), numFeedback: totals.count } : { auctioneerRating: 0, numFeedback: 0 };
}

/** The ratings of a log, folded from an empty state, in order. Pure. */
export function projectPartnerRatings(events: readonly StoredEvent[]): PartnerRatings {
  const ratings = emptyPartnerRatings();
  for (const e of events) projectPartnerRating(ratings, e);
  return ratings;
}
