import { Module, type Type } from '@nestjs/common';
import { VehiclesModule } from '../vehicles.module.js';
import { VehicleFilesController } from './vehicle-files.controller.js';
import { VehicleFilesService } from './vehicle-files.service.js';
import { VehicleGate } from './vehicle-gate.js';
import { VehicleUploadsController } from './vehicle-uploads.controller.js';
import { VehicleUploadsService } from './vehicle-uploads.service.js';

/** Controllers of the vehicle uploads and files. */
export const VEHICLE_UPLOADS_CONTROLLERS: Type[] = [VehicleUploadsController, VehicleFilesController];

/** The vehicle loading calls (uploads, temporary batches, saving) and the vehicle files (photos, documents). */
@Module({
  imports: [VehiclesModule],
  controllers: VEHICLE_UPLOADS_CONTROLLERS,
  providers: [VehicleGate, VehicleUploadsService, VehicleFilesService],
})
export class VehicleUploadsModule {}
