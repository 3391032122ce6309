import { createFileRoute } from '@tanstack/react-router';
import { PrivateContactPage } from '../features/identity/private/PrivatePages.js';
import { requireUser } from '../session/guards.js';

/** `/private-contact`: customer service and the change-partition dialog; any logged user (the private area's login guard). */
export const Route = createFileRoute('/private-contact')({ beforeLoad: requireUser(), component: PrivateContactPage });
