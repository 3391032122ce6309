import { createFileRoute } from '@tanstack/react-router';
import { VehicleDetails } from '../features/vehicles/VehicleDetails.js';
import { VEHICLE_AREA_ROLES } from '../features/vehicles/vehicle-powers.js';
import { requireUser } from '../session/guards.js';

/** One vehicle's sheet, photos, documents and dialogs (`GET /vehicle/{id}/details`). */
export const Route = createFileRoute('/vehicle-details/$idVehicle')({
  beforeLoad: requireUser(VEHICLE_AREA_ROLES),
  component: function VehicleDetailsRoute() {
    const { idVehicle } = Route.useParams();
    return <VehicleDetails key={idVehicle} idVehicle={idVehicle} />;
  },
});
