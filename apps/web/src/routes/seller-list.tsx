import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { SELLER_SORT_FIELDS } from '@auction/contracts';
import { MARKETS } from '@auction/domain';
import { SellerList } from '../features/partners/sellers/SellerList.js';
import { lenientSearch } from '../ui/lenient-search.js';
import { requireUser } from '../session/guards.js';

// Built outside the route options: inside them TypeScript cannot infer the search type through the generic call.
const validateSearch = lenientSearch(z.object({
  market: z.enum(MARKETS).optional(),
  search: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sortField: z.enum(SELLER_SORT_FIELDS).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
}));

/** A market's sellers (`GET /admin/seller-market`), paged and sorted by the server; market, search and page in the URL. */
export const Route = createFileRoute('/seller-list')({
  validateSearch,
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: Page,
});

function Page() {
  const search = validateSearch(Route.useSearch());
  const navigate = useNavigate({ from: '/seller-list' });
  const state = {
    market: search.market ?? 'IT', search: search.search, limit: search.limit ?? 20, offset: search.offset ?? 0,
    sortField: search.sortField ?? 'surname', sortOrder: search.sortOrder ?? 'asc',
  } as const;
  return <SellerList state={state} onChange={(next) => void navigate({ search: { ...next, sortField: next.sortField as (typeof SELLER_SORT_FIELDS)[number] } })} />;
}
