import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DealerSearchPanel } from '../features/dealers/dealers/DealerSearchPanel.js';
import { DealerTable } from '../features/dealers/dealers/DealerTable.js';
import { DealerListSearch } from '../features/dealers/dealers/dealer-search.js';
import { useDealersApi, useLoaded } from '../features/dealers/dealers/use-dealers.js';
import { FIRST_DEALER_REQUEST } from '../features/dealers/dealers/use-dealer-page.js';
import type { PageRequest } from '../ui/table/index.js';
import { lenientSearch } from '../ui/lenient-search.js';
import '../features/dealers/dealers/dealers.css';
import { requireUser } from '../session/guards.js';

// Built outside the route options: inside them TypeScript cannot infer the search type through the generic call.
const validateSearch = lenientSearch(DealerListSearch);

/** The dealer search results (`GET /admin/dealers-info/search`), paged and sorted by the server; filters and page in the URL. */
export const Route = createFileRoute('/dealer-list')({
  validateSearch,
  beforeLoad: requireUser(['ADMIN', 'CUSTOMER_CENTER']),
  component: DealerList,
});

function DealerList() {
  const { t } = useTranslation('dealers');
  const api = useDealersApi();
  // The router merges the raw URL under the validated search: a value `validateSearch` dropped (limit=-1,
  // sortField=x, idDealer=..) or a key it does not know would still be there; read the URL through it again.
  const search = validateSearch(Route.useSearch());
  const navigate = useNavigate({ from: '/dealer-list' });
  const { limit, offset, sortField, sortOrder, ...filters } = search;
  const request: PageRequest = {
    limit: limit ?? FIRST_DEALER_REQUEST.limit, offset: offset ?? 0,
    sortField: sortField ?? FIRST_DEALER_REQUEST.sortField, sortOrder: sortOrder ?? FIRST_DEALER_REQUEST.sortOrder,
  };
  const query = { ...filters, ...request };
  const page = useLoaded(() => api.search(query), JSON.stringify(query));
  const onRequest = (next: PageRequest) => void navigate({
    search: { ...filters, limit: next.limit, offset: next.offset, sortField: next.sortField as DealerListSearch['sortField'], sortOrder: next.sortOrder },
  });
  return (
    <section aria-labelledby="dealer-list-title">
      <h1 id="dealer-list-title">{t('list.title')}</h1>
      <DealerSearchPanel initiallyOpen={false} onSearch={(f) => void navigate({ search: f })} />
      {page.status === 'failed' ? <p className="form-error">{t('common.failed')}</p> : (
        <DealerTable page={page.status === 'ready' ? page.data : null} request={request} onRequest={onRequest} caption={t('list.title')} testId="dealer-list" />
      )}
    </section>
  );
}
