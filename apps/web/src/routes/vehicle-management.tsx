import { createFileRoute } from '@tanstack/react-router';
import { VehicleManagement } from '../features/vehicles/VehicleManagement.js';
import { VEHICLE_AREA_ROLES } from '../features/vehicles/vehicle-powers.js';
import { requireUser } from '../session/guards.js';

/** The vehicle area's landing (spec 02 §2): for the roles `GET /vehicle` admits. */
export const Route = createFileRoute('/vehicle-management')({
  beforeLoad: requireUser(VEHICLE_AREA_ROLES),
  component: VehicleManagement,
});
