import { useState } from 'react';
import type { AdminDealerPage } from '@auction/contracts';
import type { PageRequest } from '../../../ui/table/index.js';
import type { DealerListQuery } from './dealers-api.js';
import { useLoaded } from './use-dealers.js';

/** The first request of a dealer list: newest first, 20 per page. */
export const FIRST_DEALER_REQUEST: PageRequest = { limit: 20, offset: 0, sortField: 'createdAt', sortOrder: 'desc' };

/**
 * A server-paged dealer list kept in the component (the registrations to configure, auctioneers, exhibitors): the
 * current request, the page the server answered (the previous one stays on screen while the next loads), `reload`.
 */
export function useDealerPage(load: (query: DealerListQuery) => Promise<AdminDealerPage>, filters: Readonly<Record<string, string | undefined>> = {}, first = FIRST_DEALER_REQUEST) {
  const [request, setRequest] = useState<PageRequest>(first);
  const query: DealerListQuery = { ...filters, ...request };
  const page = useLoaded(() => load(query), JSON.stringify(query));
  return { request, setRequest, page: page.status === 'ready' ? page.data : null, failed: page.status === 'failed', reload: page.reload };
}
