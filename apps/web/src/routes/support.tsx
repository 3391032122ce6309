import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../features/identity/private/PrivatePages.js';
import { requireUser } from '../session/guards.js';

/** `/support`: how to reach customer service; any logged user (the private area's login guard). */
export const Route = createFileRoute('/support')({ beforeLoad: requireUser(), component: SupportPage });
