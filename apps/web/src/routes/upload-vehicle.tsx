import { createFileRoute } from '@tanstack/react-router';
import { VehicleUpload } from '../features/vehicles/upload/VehicleUpload.js';
import { requireUser } from '../session/guards.js';

/** The spec's `upload-vehicle` screen: the API's upload calls allow LOADER and ADMIN (vehicle-uploads.routes.ts). */
export const Route = createFileRoute('/upload-vehicle')({
  beforeLoad: requireUser(['LOADER', 'ADMIN']),
  component: VehicleUpload,
});
