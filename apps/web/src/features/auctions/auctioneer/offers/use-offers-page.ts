import { useEffect, useRef, useState } from 'react';
import { PAGE_DEFAULT, type OfferReportRow, type Page } from '@auction/contracts';
import type { PageRequest } from '../../../../ui/table/index.js';
import { useServices } from '../../../../ui/services-context.js';

/** The page sizes of the offers tables. */
export const OFFER_PAGE_SIZES = [PAGE_DEFAULT, 100] as const;

/**
 * One page of an auction's offers (with `idLot`, of that lot) as the server pages them, in stored order; a newer
 * request's answer wins over an older one still on its way. `page` is null until the first answer.
 */
export function useOffersPage(idAuction: string, idLot?: string) {
  const { api } = useServices();
  const [request, setRequest] = useState<PageRequest>({ limit: PAGE_DEFAULT, offset: 0, sortOrder: 'asc' });
  const [page, setPage] = useState<Page<OfferReportRow> | null>(null);
  const latest = useRef(0);
  useEffect(() => {
    const ticket = ++latest.current;
    api.offersReportPage(idAuction, { limit: request.limit, offset: request.offset }, idLot)
      .then((next) => { if (ticket === latest.current) setPage(next); }, () => undefined);
  }, [api, idAuction, idLot, request.limit, request.offset]);
  return { request, setRequest, page };
}
