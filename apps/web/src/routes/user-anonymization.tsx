import { createFileRoute } from '@tanstack/react-router';
import { AnonymisationScreen } from '../features/dealers/anonymisation/AnonymisationScreen.js';
import { requireUser } from '../session/guards.js';

/** `/user-anonymization`: erasure of users' personal data (ADMIN only: its calls are ADMIN-only in the role matrix). */
export const Route = createFileRoute('/user-anonymization')({
  beforeLoad: requireUser(['ADMIN']),
  component: AnonymisationScreen,
});
