import { createFileRoute } from '@tanstack/react-router';
import { BookletPage } from '../features/identity/private/PrivatePages.js';
import { requireUser } from '../session/guards.js';

/** `/booklet`: the dealer's short guide; any logged user (the private area's login guard). */
export const Route = createFileRoute('/booklet')({ beforeLoad: requireUser(), component: BookletPage });
