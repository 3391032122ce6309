import { Inject, Injectable } from '@nestjs/common';
import { DealerReadModel } from '@auction/read-models';
import { CLOCK, FANOUT, type Clock } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { templatesVisibleTo } from '../../platform/engine/sales-access.js';

/** Read side of the dealer's own views: the read-model tables (`libs/read-models`). */
@Injectable()
export class DealerQueries extends DealerReadModel {
  constructor(@Inject(FANOUT) fanout: Fanout, @Inject(CLOCK) clock: Clock, index: LiveReadModel) {
    super(fanout.db, { now: () => clock.now(), templatesOf: (viewer) => templatesVisibleTo(index, viewer) });
  }
}
