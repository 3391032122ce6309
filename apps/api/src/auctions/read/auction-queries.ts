import { Inject, Injectable } from '@nestjs/common';
import { AuctionReadModel } from '@auction/read-models';
import { CLOCK, FANOUT, type Clock } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';

/** Read side of auctions: the read-model tables (`libs/read-models`). */
@Injectable()
export class AuctionQueries extends AuctionReadModel {
  constructor(@Inject(FANOUT) fanout: Fanout, @Inject(CLOCK) clock: Clock) {
    super(fanout.db, { now: () => clock.now() });
  }
}
