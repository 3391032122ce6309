import { createFileRoute } from '@tanstack/react-router';
import { DealerConfigure } from '../features/dealers/dealers/DealerConfigure.js';
import { requireUser } from '../session/guards.js';

/** The registrations waiting to be checked and enabled (PENDING dealers). */
export const Route = createFileRoute('/dealer-configure')({
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: DealerConfigure,
});
