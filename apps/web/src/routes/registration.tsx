import { createFileRoute } from '@tanstack/react-router';
import { RegistrationForm } from '../features/identity/registration/RegistrationForm.js';
import { publicOnly } from '../session/guards.js';

/** `/registration`: a dealer registers (spec 01 §2 "Dealer registration form"). */
export const Route = createFileRoute('/registration')({
  // A public page: a logged-in user goes to the private area (spec 01 §4).
  beforeLoad: publicOnly(),
  component: RegistrationForm,
});
