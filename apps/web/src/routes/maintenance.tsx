import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MaintenancePage } from '../features/identity/access/MaintenancePage.js';

/** `from`: the page the visitor was on when the server could not be reached (a path of the portal). */
const MaintenanceSearch = z.object({ from: z.string().max(1024).regex(/^\/(?![/\\])/).optional().catch(undefined) });

/** Where the error interceptor sends the browser when the server cannot be reached (spec 01 §8, status 0). */
export const Route = createFileRoute('/maintenance')({
  validateSearch: MaintenanceSearch,
  component: function Maintenance() {
    const { from } = Route.useSearch();
    return <MaintenancePage from={from} />;
  },
});
