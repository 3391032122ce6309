import { Inject, Injectable } from '@nestjs/common';
import { VehicleReadModel } from '@auction/read-models';
import { FANOUT } from '../platform/engine/tokens.js';
import type { Fanout } from '../platform/fanout/fanout.js';

/** Read side of the vehicles: the `vehicle_records` and `vehicle_auctions` tables (`libs/read-models`). */
@Injectable()
export class VehicleQueries extends VehicleReadModel {
  constructor(@Inject(FANOUT) fanout: Fanout) {
    super(fanout.db);
  }
}
