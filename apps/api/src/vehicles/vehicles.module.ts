import { Module } from '@nestjs/common';
import { MobileVehiclesController } from './mobile-vehicles.controller.js';
import { Provenances } from './provenances.js';
import { VehicleAccess } from './vehicle-access.js';
import { VehicleCommands } from './vehicle-commands.js';
import { VehicleQueries } from './vehicle-queries.js';
import { VehicleReads } from './vehicle-reads.js';
import { VehiclesController } from './vehicles.controller.js';

/** The vehicles context's controllers. */
export const VEHICLES_CONTROLLERS = [VehiclesController, MobileVehiclesController];

/**
 * Loaded vehicles: lists, sheets, edits, publication and hand-over. Exports the commands and the access rule for the
 * other vehicle calls (uploads, files).
 */
@Module({
  controllers: VEHICLES_CONTROLLERS,
  providers: [Provenances, VehicleQueries, VehicleAccess, VehicleCommands, VehicleReads],
  exports: [Provenances, VehicleQueries, VehicleAccess, VehicleCommands, VehicleReads],
})
export class VehiclesModule {}
