import { Global, Module } from '@nestjs/common';
import { LOT_VEHICLES } from '../platform/engine/lot-vehicles.js';
import { VEHICLE_RULES } from '../platform/engine/vehicle-rules.js';
import { MobileVehiclesController } from './mobile-vehicles.controller.js';
import { Provenances } from './provenances.js';
import { VehicleAccess } from './vehicle-access.js';
import { VehicleCommands } from './vehicle-commands.js';
import { VehicleLots } from './vehicle-lots.js';
import { LotOutcomeReactor } from './lot-outcome-reactor.js';
import { VehicleQueries } from './vehicle-queries.js';
import { VehicleReads } from './vehicle-reads.js';
import { VehiclesController } from './vehicles.controller.js';
import { HandOverUsers } from './handover-users.js';

/** The vehicles context's controllers. */
export const VEHICLES_CONTROLLERS = [VehiclesController, MobileVehiclesController];

/**
 * Loaded vehicles: lists, sheets, edits, publication and hand-over, and the vehicles of auction lots (placed with their
 * auction through the platform's `LOT_VEHICLES` port, moved on by their lots' outcomes through the reactor). Exports the
 * commands and the access rule for the other vehicle calls (uploads, files). Global for the platform ports `LOT_VEHICLES` and
 * `VEHICLE_RULES` only: the auctions and showcase contexts reach them by their tokens, never by importing this context.
 */
@Global()
@Module({
  controllers: VEHICLES_CONTROLLERS,
  providers: [
    Provenances, VehicleQueries, VehicleAccess, VehicleCommands, VehicleReads, VehicleLots, LotOutcomeReactor, HandOverUsers,
    { provide: LOT_VEHICLES, useExisting: VehicleLots },
    { provide: VEHICLE_RULES, useExisting: VehicleAccess },
  ],
  exports: [Provenances, VehicleQueries, VehicleAccess, VehicleCommands, VehicleReads, LOT_VEHICLES, VEHICLE_RULES, LotOutcomeReactor],
})
export class VehiclesModule {}
