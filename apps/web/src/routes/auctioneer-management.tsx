import { createFileRoute } from '@tanstack/react-router';
import { AuctioneerManagement } from '../features/dealers/staff/AuctioneerManagement.js';
import { requireUser } from '../session/guards.js';

/** The auctioneer dealers, server paged; the way to create one (ADMIN). */
export const Route = createFileRoute('/auctioneer-management')({
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: AuctioneerManagement,
});
