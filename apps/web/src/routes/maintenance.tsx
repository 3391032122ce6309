import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MaintenancePage } from '../features/identity/access/MaintenancePage.js';
import { portalPath } from '../features/identity/access/return-path.js';

/** `from`: the page the visitor was on when the server could not be reached (a safe path of the portal, else dropped). */
const MaintenanceSearch = z.object({ from: z.unknown().optional().transform(portalPath) });

/**
 * Where the error interceptor sends the browser when the server cannot be reached (spec 01 §8, status 0). Its code is
 * in the main bundle, not a chunk of its own: a chunk cannot load from the server that is down (the visitor saw
 * "Failed to fetch dynamically imported module" instead of this page).
 */
export const Route = createFileRoute('/maintenance')({
  validateSearch: MaintenanceSearch,
  codeSplitGroupings: [],
  component: function Maintenance() {
    const { from } = Route.useSearch();
    return <MaintenancePage from={from} />;
  },
});
