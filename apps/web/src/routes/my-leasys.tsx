import { createFileRoute } from '@tanstack/react-router';
import { MyLeasysPage } from '../features/identity/private/PrivatePages.js';
import { requireUser } from '../session/guards.js';

/** `/my-leasys`: the leasing site of the user's market; any logged user (the private area's login guard). */
export const Route = createFileRoute('/my-leasys')({ beforeLoad: requireUser(), component: MyLeasysPage });
