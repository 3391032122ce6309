import { createFileRoute } from '@tanstack/react-router';
import { UserProfileView } from '../features/dealers/users/UserProfileView.js';
import { requireUser } from '../session/guards.js';

/** `/user-profile` (spec 01 §2 route segment): the logged user's own profile, read from GET /api/v1/secure/user. */
export const Route = createFileRoute('/user-profile')({
  beforeLoad: requireUser(),
  // Loaded with the page, not with the portal's first screen (first-load budget).
  loader: async ({ context }) => (await import('../features/dealers/users/users-api.js')).usersApi(context.services.http, context.services.dialogs).me(),
  component: Page,
});

function Page() {
  return <UserProfileView user={Route.useLoaderData()} />;
}
