import { createFileRoute } from '@tanstack/react-router';
import { PrivateCookiePage } from '../features/identity/private/PrivatePages.js';
import { requireUser } from '../session/guards.js';

/** `/private-cookie`: the private area's cookie page; any logged user (the private area's login guard). */
export const Route = createFileRoute('/private-cookie')({ beforeLoad: requireUser(), component: PrivateCookiePage });
