import { createFileRoute } from '@tanstack/react-router';
import { UserSignUpSearch } from '../features/identity/invitations/user-signup-form.js';
import { UserSignUpForm } from '../features/identity/invitations/UserSignUpForm.js';
import { publicOnly } from '../session/guards.js';

/** `/user-signup?email=&tag=&dealerId=`: an invited user signs up (spec 01 §2 "User sign-up"). */
export const Route = createFileRoute('/user-signup')({
  // A public page: a logged-in user goes to the private area (spec 01 §4).
  beforeLoad: publicOnly(),
  validateSearch: UserSignUpSearch,
  component: UserSignUpPage,
});

function UserSignUpPage() {
  const search = Route.useSearch();
  return <UserSignUpForm search={search} />;
}
