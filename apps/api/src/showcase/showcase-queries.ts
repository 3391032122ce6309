import { Inject, Injectable } from '@nestjs/common';
import { ShowcaseReadModel } from '@auction/read-models';
import { CLOCK, FANOUT, type Clock } from '../platform/engine/tokens.js';
import type { Fanout } from '../platform/fanout/fanout.js';

export type { SoldPage, SoldVehicleRow } from '@auction/read-models';
export { vehicleView } from './vehicle-view.js';

/** Read side of the showcase: the read-model tables (`libs/read-models`). */
@Injectable()
export class ShowcaseQueries extends ShowcaseReadModel {
  constructor(@Inject(FANOUT) fanout: Fanout, @Inject(CLOCK) clock: Clock) {
    super(fanout.db, { now: () => clock.now() });
  }
}
