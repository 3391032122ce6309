import { createFileRoute } from '@tanstack/react-router';
import { AdminLanding } from '../features/dealers/shell/AdminLanding.js';
import { BACK_OFFICE_ROLES } from '../features/dealers/shell/back-office-menu.js';
import { requireUser } from '../session/guards.js';

/** `/admin`: the back-office landing (spec 01 §2: login guard plus administrator-or-customer-centre guard). */
export const Route = createFileRoute('/admin')({
  beforeLoad: requireUser(BACK_OFFICE_ROLES),
  component: AdminLanding,
});
