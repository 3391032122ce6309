import { createFileRoute } from '@tanstack/react-router';
import { PrivatePrivacyPage } from '../features/identity/private/PrivatePages.js';
import { requireUser } from '../session/guards.js';

/** `/private-privacy` (an index route: a file `private-privacy.tsx` would get the same generated name as `private.privacy.tsx`): the privacy policy and the terms (the informative dialog, codes "1" and "2"); any logged user (the private area's login guard). */
export const Route = createFileRoute('/private-privacy/')({ beforeLoad: requireUser(), component: PrivatePrivacyPage });
