import { createFileRoute } from '@tanstack/react-router';
import { Id } from '@auction/contracts';
import { BACK_OFFICE_ROLES } from '../features/dealers/shell/back-office-menu.js';
import { UserCard } from '../features/dealers/users/UserCard.js';
import { usersApi } from '../features/dealers/users/users-api.js';
import { requireUser } from '../session/guards.js';

/** `/user-edit/{idUser}`: one user's card in the back-office (data, state, password reset, permissions, audit). */
export const Route = createFileRoute('/user-edit/$idUser')({
  params: { parse: (p) => ({ idUser: Id.parse(p.idUser) }), stringify: (p) => p },
  beforeLoad: requireUser(BACK_OFFICE_ROLES),
  loader: ({ context, params }) => usersApi(context.services.http).get(params.idUser),
  component: Page,
});

function Page() {
  const user = Route.useLoaderData();
  return <UserCard key={user.idUser} initial={user} />;
}
