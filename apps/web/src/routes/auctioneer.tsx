import { Navigate, createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AuctioneerPage } from '../features/dealers/staff/AuctioneerPage.js';
import { lenientSearch } from '../ui/lenient-search.js';
import { requireUser } from '../session/guards.js';

// Built outside the route options: inside them TypeScript cannot infer the search type through the generic call.
const validateSearch = lenientSearch(z.object({ idDealer: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/).optional() }));

/** An auctioneer's page (`?idDealer=`). */
export const Route = createFileRoute('/auctioneer')({
  validateSearch,
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: Page,
});

function Page() {
  // The router merges the raw URL under the validated search (an id the schema refused, `..`, would still be
  // there): read it through the schema again. No usable id: the auctioneers' list.
  const { idDealer } = validateSearch(Route.useSearch());
  if (!idDealer) return <Navigate to="/auctioneer-management" replace />;
  return <AuctioneerPage key={idDealer} idDealer={idDealer} editing={false} />;
}
