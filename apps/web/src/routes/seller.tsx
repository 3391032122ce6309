import { Navigate, createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SellerPage } from '../features/partners/sellers/SellerPage.js';
import { lenientSearch } from '../ui/lenient-search.js';
import { requireUser } from '../session/guards.js';

const validateSearch = lenientSearch(z.object({ idSeller: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/).optional() }));

/** One seller (`?idSeller=`), to edit or delete. */
export const Route = createFileRoute('/seller')({
  validateSearch,
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: Page,
});

function Page() {
  const { idSeller } = validateSearch(Route.useSearch());
  if (!idSeller) return <Navigate to="/seller-management" replace />;
  return <SellerPage key={idSeller} idSeller={idSeller} />;
}
