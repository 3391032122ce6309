import { Inject, Injectable } from '@nestjs/common';
import { ShowcaseReadModel } from '@auction/read-models';
import { LiveReadModel } from '../platform/engine/live-read-model.js';
import { CLOCK, FANOUT, type Clock } from '../platform/engine/tokens.js';
import type { Fanout } from '../platform/fanout/fanout.js';

export type { SoldPage, SoldVehicleRow } from '@auction/read-models';
export { vehicleView } from './vehicle-view.js';

/** Read side of the showcase: the read-model tables (`libs/read-models`). */
@Injectable()
export class ShowcaseQueries extends ShowcaseReadModel {
  // The tables name users by id only (a username may be an e-mail address, erasable): names come from the engine's
  // index when answering, so an anonymised user reads `anonymous-<idUser>` everywhere at once.
  constructor(@Inject(FANOUT) fanout: Fanout, @Inject(CLOCK) clock: Clock, index: LiveReadModel) {
    super(fanout.db, { now: () => clock.now(), usernameOf: (idUser) => index.usernameOf(idUser) });
  }
}
