import { describe, expect, it } from 'vitest';
import type { Feedback } from '@auction/domain';
import { stored } from '../testing/stored.test-support.js';
import { averageRating, emptyPartnerRatings, partnerRatingOf, projectPartnerRating, projectPartnerRatings } from './partner-rating.projection.js';

/** A FeedbackGiven; idTemplate 'absent': an event of an earlier release, without it. */
const vote = (idUser: string, idTarget: string, rating: number, idTemplate: string | null = 'T-1', absent = false) => {
  const f: Feedback & { idUser: string } = { idFeedback: `F-${idUser}-${idTarget}`, target: 'AUCTION', idTarget, rating, idAuctioneer: null, idUser };
  return stored(`user-${idUser}`, { type: 'FeedbackGiven', data: absent ? f : { ...f, idTemplate } });
};

describe('partner ratings projection', () => {
  it('totals the votes per partner: the average to one decimal (halves up) and the count', () => {
    const ratings = projectPartnerRatings([vote('d1', 'A-1', 5), vote('d2', 'A-1', 4), vote('d3', 'A-2', 4), vote('d1', 'A-3', 2, 'T-2')]);
    expect(partnerRatingOf(ratings, 'T-1')).toEqual({ auctioneerRating: 4.3, numFeedback: 3 });
    expect(partnerRatingOf(ratings, 'T-2')).toEqual({ auctioneerRating: 2, numFeedback: 1 });
    expect(partnerRatingOf(ratings, 'T-unknown')).toEqual({ auctioneerRating: 0, numFeedback: 0 });
  });

  it('counts one feedback once, delivered again or not', () => {
    const first = vote('d1', 'A-1', 5);
    const ratings = emptyPartnerRatings();
    projectPartnerRating(ratings, first);
    projectPartnerRating(ratings, first);
    projectPartnerRating(ratings, { ...first, position: first.position + 10 });
    expect(partnerRatingOf(ratings, 'T-1')).toEqual({ auctioneerRating: 5, numFeedback: 1 });
  });

  it('leaves out feedback through no partner, bad ratings, odd bodies and other events', () => {
    const ratings = projectPartnerRatings([
      vote('d1', 'A-1', 5, null), vote('d2', 'A-1', 5, 'T-1', true), vote('d3', 'A-1', 2.5), vote('d4', 'A-1', 6),
      stored('user-d5', { type: 'FeedbackGiven', data: { rating: 3, idTemplate: 'T-1' } }),
      stored('template-T-1', { type: 'FeedbackGiven', data: { idFeedback: 'x', rating: 3, idTemplate: 'T-1' } }),
      stored('user-d6', { type: 'ShowcaseRegulationAccepted', data: { idUser: 'd6' } }),
    ]);
    expect(ratings.totals.size).toBe(0);
  });

  it('rounds the average halves up, to one decimal', () => {
    expect(averageRating(9, 2)).toBe(4.5);
    expect(averageRating(17, 4)).toBe(4.3); // 4.25
    expect(averageRating(14, 3)).toBe(4.7); // 4.666…
    expect(averageRating(0, 0)).toBe(0);
  });

  it('is the same whether folded at once or event by event (a rebuild equals the live fold)', () => {
    const events = [vote('d1', 'A-1', 1), vote('d2', 'A-1', 2), vote('d3', 'A-9', 5, 'T-2'), vote('d1', 'A-1', 1)];
    const live = emptyPartnerRatings();
    for (const e of events) projectPartnerRating(live, e);
    expect(projectPartnerRatings(events)).toEqual(live);
  });
});
