import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MARKETS } from '@auction/domain';
import { CreateSeller } from '../features/partners/sellers/CreateSeller.js';
import { lenientSearch } from '../ui/lenient-search.js';
import { requireUser } from '../session/guards.js';

const validateSearch = lenientSearch(z.object({ market: z.enum(MARKETS).optional() }));

/** A new seller (`POST /admin/seller`), of the market in the URL (`?market=`) or the first the caller manages. */
export const Route = createFileRoute('/create-seller')({
  validateSearch,
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: Page,
});

function Page() {
  const { market } = validateSearch(Route.useSearch());
  return <CreateSeller market={market ?? 'IT'} />;
}
