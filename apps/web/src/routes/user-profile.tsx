import { createFileRoute } from '@tanstack/react-router';
import { UserProfileView } from '../features/dealers/users/UserProfileView.js';
import { usersApi } from '../features/dealers/users/users-api.js';
import { requireUser } from '../session/guards.js';

/** `/user-profile` (spec 01 §2 route segment): the logged user's own profile, read from GET /api/v1/secure/user. */
export const Route = createFileRoute('/user-profile')({
  beforeLoad: requireUser(),
  loader: ({ context }) => usersApi(context.services.http, context.services.dialogs).me(),
  component: Page,
});

function Page() {
  return <UserProfileView user={Route.useLoaderData()} />;
}
