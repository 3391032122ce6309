import { createFileRoute, redirect } from '@tanstack/react-router';
import { homeOf } from '../session/guards.js';

/** The empty path: the user's home, or the login page. */
export const Route = createFileRoute('/')({
  beforeLoad: ({ context }) => {
    const profile = context.services.session.get();
    throw redirect({ to: profile ? homeOf(profile.roles) : '/login' });
  },
});
