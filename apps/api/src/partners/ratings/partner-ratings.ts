import { Injectable } from '@nestjs/common';
import { emptyPartnerRatings, partnerRatingOf, projectPartnerRating, type PartnerRating } from '@auction/read-models';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';

/**
 * The partners' ratings read model: the pure projection of libs/read-models (`projectPartnerRating`) folded over the
 * log as the engine's index follows it from position 0, so it is rebuilt on every start (a rebuild is a replay) and
 * counts each feedback once. A few bytes per vote: the totals per template and the ids of the feedback counted.
 */
@Injectable()
export class PartnerRatings {
  private readonly ratings = emptyPartnerRatings();

  constructor(readonly model: LiveReadModel) {
    model.onChange((event) => projectPartnerRating(this.ratings, event));
  }

  /** A partner's average rating (one decimal) and number of votes. */
  of(idTemplate: string): PartnerRating {
    return partnerRatingOf(this.ratings, idTemplate);
  }
}
