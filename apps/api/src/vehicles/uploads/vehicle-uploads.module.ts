import { Module, type Type } from '@nestjs/common';
import { FANOUT } from '../../platform/engine/tokens.js';
import type { Fanout } from '../../platform/fanout/fanout.js';
import { VehiclesModule } from '../vehicles.module.js';
import { VehicleFileChangesController } from './vehicle-file-changes.controller.js';
import { VehicleFileChanges } from './vehicle-file-changes.service.js';
import { VehicleFilesController } from './vehicle-files.controller.js';
import { VehicleFilesService } from './vehicle-files.service.js';
import { TempBatches } from './temp-batches.js';
import { VehicleGate } from './vehicle-gate.js';
import { VehicleUploadsController } from './vehicle-uploads.controller.js';
import { VehicleSelectionService } from './vehicle-selection.service.js';
import { VehicleUploadsService } from './vehicle-uploads.service.js';

/** Controllers of the vehicle uploads and files. */
export const VEHICLE_UPLOADS_CONTROLLERS: Type[] = [VehicleUploadsController, VehicleFilesController, VehicleFileChangesController];

/** The vehicle loading calls (uploads, temporary batches, saving), the vehicle files (photos, documents) and their changes. */
@Module({
  imports: [VehiclesModule],
  controllers: VEHICLE_UPLOADS_CONTROLLERS,
  providers: [
    VehicleGate, VehicleUploadsService, VehicleSelectionService, VehicleFilesService, VehicleFileChanges,
    // The temporary batches in the database every instance shares (temp-batches.ts).
    { provide: TempBatches, useFactory: (fanout: Fanout) => new TempBatches(fanout.db), inject: [FANOUT] },
  ],
})
export class VehicleUploadsModule {}
