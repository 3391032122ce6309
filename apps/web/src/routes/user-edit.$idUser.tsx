import { createFileRoute } from '@tanstack/react-router';
import { API_ERROR_CODES, Id } from '@auction/contracts';
import { ApiError } from '../api/http.js';
import { BACK_OFFICE_ROLES } from '../features/dealers/shell/back-office-menu.js';
import { UserCard } from '../features/dealers/users/UserCard.js';
import { UserCardMissing } from '../features/dealers/users/UserCardMissing.js';
import { requireUser } from '../session/guards.js';

/** `/user-edit/{idUser}`: one user's card in the back-office (data, state, password reset, permissions, audit). */
export const Route = createFileRoute('/user-edit/$idUser')({
  // The id is checked in the loader, not by a params parser: that runs before the guard, so a visitor or a dealer
  // typing a malformed address was shown this back-office page's error instead of the login or their home.
  beforeLoad: requireUser(BACK_OFFICE_ROLES),
  // The back-office's calls load with the page, not with the portal's first screen (first-load budget).
  loader: async ({ context, params }) => {
    if (!Id.safeParse(params.idUser).success) throw new ApiError(404, API_ERROR_CODES.NOT_FOUND, 'malformed user id');
    const { usersApi } = await import('../features/dealers/users/users-api.js');
    return usersApi(context.services.http, context.services.dialogs).get(params.idUser);
  },
  component: Page,
  errorComponent: UserCardMissing,
});

function Page() {
  const user = Route.useLoaderData();
  return <UserCard key={user.idUser} initial={user} />;
}
