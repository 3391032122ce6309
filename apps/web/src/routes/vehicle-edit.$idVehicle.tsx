import { createFileRoute } from '@tanstack/react-router';
import { VehicleEdit } from '../features/vehicles/VehicleEdit.js';
import { requireUser } from '../session/guards.js';

/** A vehicle's data edited (`PUT /vehicle`: LOADER, AUCTIONEER, MULTI_AUCTIONEER, ADMIN; then the vehicle's own rule). */
export const Route = createFileRoute('/vehicle-edit/$idVehicle')({
  beforeLoad: requireUser(['LOADER', 'AUCTIONEER', 'MULTI_AUCTIONEER', 'ADMIN']),
  component: function VehicleEditRoute() {
    const { idVehicle } = Route.useParams();
    return <VehicleEdit key={idVehicle} idVehicle={idVehicle} />;
  },
});
