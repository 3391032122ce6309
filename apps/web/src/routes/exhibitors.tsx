import { createFileRoute } from '@tanstack/react-router';
import { Exhibitors } from '../features/dealers/staff/Exhibitors.js';
import { requireUser } from '../session/guards.js';

/** The showcase exhibitors and their enable/disable (ADMIN). */
export const Route = createFileRoute('/exhibitors')({
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: Exhibitors,
});
