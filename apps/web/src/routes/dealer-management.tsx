import { createFileRoute } from '@tanstack/react-router';
import { DealerManagement } from '../features/dealers/dealers/DealerManagement.js';
import { requireUser } from '../session/guards.js';

/** The dealers back-office landing (spec 02 §2): search, registrations to configure, auctioneers, exhibitors. */
export const Route = createFileRoute('/dealer-management')({
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: DealerManagement,
});
