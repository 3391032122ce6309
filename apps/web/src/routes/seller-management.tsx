import { createFileRoute } from '@tanstack/react-router';
import { SellerManagement } from '../features/partners/sellers/SellerManagement.js';
import { requireUser } from '../session/guards.js';

/** The sellers back-office landing (spec 02 §2): the market's sellers, a new seller, the market's seller configuration. */
export const Route = createFileRoute('/seller-management')({
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: SellerManagement,
});
