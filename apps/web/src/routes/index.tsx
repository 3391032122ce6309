import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { homeOf } from '../session/guards.js';
import { leaveForServerPage } from '../session/server-pages.js';

/** A failed single sign-on lands here (`?ssoError=`, set by the API's callback): the login page says why. */
const HomeSearch = z.object({ ssoError: z.coerce.number().int().optional().catch(undefined) });

/**
 * The empty path: the user's home, or, for a visitor, the public portal's home, which the server draws (a full load:
 * `apps/api/src/partners/portal`). Opened as this client's page (the server has no portal build, or after a failed
 * single sign-on), the login page.
 */
export const Route = createFileRoute('/')({
  validateSearch: HomeSearch,
  beforeLoad: ({ context, search }) => {
    const profile = context.services.session.get();
    if (profile) throw redirect({ to: homeOf(profile.roles) });
    if (search.ssoError === undefined && leaveForServerPage('/')) return;
    throw redirect({ to: '/login', search: search.ssoError === undefined ? {} : { ssoError: search.ssoError } });
  },
});
