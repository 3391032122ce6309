import { createFileRoute } from '@tanstack/react-router';
import { CreateAuctioneerForm } from '../features/dealers/staff/CreateAuctioneerForm.js';
import { requireUser } from '../session/guards.js';

/** A new auctioneer dealer (ADMIN; others see the form disabled with a note). */
export const Route = createFileRoute('/create-auctioneer')({
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: CreateAuctioneerForm,
});
