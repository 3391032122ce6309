import { createFileRoute } from '@tanstack/react-router';
import { ForbiddenPage } from '../features/identity/access/ForbiddenPage.js';

/** Where the access guard sends a user whose account is not enabled. */
export const Route = createFileRoute('/forbidden')({ component: ForbiddenPage });
