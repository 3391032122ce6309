import { Inject, Injectable } from '@nestjs/common';
import { AuctionReadModel } from '@auction/read-models';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { templatesVisibleTo } from '../../platform/engine/sales-access.js';
import { CLOCK, FANOUT, type Clock } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';

/** Read side of auctions: the read-model tables (`libs/read-models`). */
@Injectable()
export class AuctionQueries extends AuctionReadModel {
  // The tables name users by id only (a username may be an e-mail address, erasable): names come from the engine's
  // index when answering, so an anonymised user reads `anonymous-<idUser>` everywhere at once.
  constructor(@Inject(FANOUT) fanout: Fanout, @Inject(CLOCK) clock: Clock, index: LiveReadModel) {
    super(fanout.db, { now: () => clock.now(), usernameOf: (idUser) => index.usernameOf(idUser), templatesOf: (viewer) => templatesVisibleTo(index, viewer) });
  }
}
