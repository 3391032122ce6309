import { createFileRoute } from '@tanstack/react-router';
import { LeadScreen } from '../features/communication/LeadScreen.js';
import { requireUser } from '../session/guards.js';

/** `/lead`: mailing campaigns with their progress (ADMIN, CUSTOMER_CENTER: the roles of `/admin/lead`). */
export const Route = createFileRoute('/lead')({
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: LeadScreen,
});
