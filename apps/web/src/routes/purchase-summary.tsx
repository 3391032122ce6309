import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PurchaseQuery } from '@auction/contracts';
import { lenientSearch } from '../ui/lenient-search.js';
import { PurchaseFilters } from '../features/auctions/purchases/PurchaseFilters.js';
import { PurchasesTable } from '../features/auctions/purchases/PurchasesTable.js';
import { requireUser } from '../session/guards.js';
import { useServices } from '../ui/services-context.js';
import { ServerPaginator, useServerPages } from '../ui/table/index.js';

// Built outside the route options: inside them TypeScript cannot infer the search type through the generic call.
const validateSearch = lenientSearch(PurchaseQuery);

/** The dealer's purchases (auction and showcase), filtered by the spec's purchase filters kept in the URL. */
export const Route = createFileRoute('/purchase-summary')({
  validateSearch,
  beforeLoad: requireUser(['BUYER']),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.services.api.purchases(deps),
  component: PurchaseSummary,
});

function PurchaseSummary() {
  const { t } = useTranslation('purchases');
  const search = Route.useSearch();
  const { api } = useServices();
  const pages = useServerPages(Route.useLoaderData(), (limit, offset) => api.purchases(search, { limit, offset }));
  const rows = pages.page.items;
  const navigate = useNavigate({ from: '/purchase-summary' });
  return (
    <section aria-labelledby="purchases-title">
      <div className="page-head">
        <h1 id="purchases-title">{t('title')}</h1>
        <span className="muted" role="status">{t('count', { count: pages.page.total })}</span>
      </div>
      <PurchaseFilters key={JSON.stringify(search)} query={search} onSearch={(query) => void navigate({ search: query })} />
      <PurchasesTable rows={rows} />
      <ServerPaginator pages={pages} testId="purchases-pages" />
    </section>
  );
}
