import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { VehicleList } from '../features/vehicles/VehicleList.js';
import { VehicleListSearch } from '../features/vehicles/vehicle-search.js';
import { VEHICLE_AREA_ROLES } from '../features/vehicles/vehicle-powers.js';
import { lenientSearch } from '../ui/lenient-search.js';
import { requireUser } from '../session/guards.js';

// Built outside the route options: inside them TypeScript cannot infer the search type through the generic call.
const validateSearch = lenientSearch(VehicleListSearch);

/** The back-office vehicle list (`GET /vehicle`), paged and sorted by the server; filters and page in the URL. */
export const Route = createFileRoute('/vehicle-list')({
  validateSearch,
  beforeLoad: requireUser(VEHICLE_AREA_ROLES),
  component: function VehicleListRoute() {
    // The router merges the raw URL under the validated search: read it through the schema again (see dealer-list).
    const search = validateSearch(Route.useSearch());
    const navigate = useNavigate({ from: '/vehicle-list' });
    return <VehicleList search={search} onSearch={(next) => void navigate({ search: next })} />;
  },
});
