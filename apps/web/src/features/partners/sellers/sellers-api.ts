import { useMemo } from 'react';
import type {
  AssociateSellerDealer, ReferenceSellerDealer, SelectedCodes, SellerConfigBody, SellerCreate, SellerEdit, SellerPage, SellerView,
} from '@auction/contracts';
import type { Market } from '@auction/domain';
import type { Http, RequestOptions } from '../../../api/http.js';
import { useServices } from '../../../ui/services-context.js';

const A = '/api/v1/admin';
/** Each screen says what happened in its own words: no generic success popup. */
const quiet: RequestOptions = { noSuccessPopup: true };

/** A page of a market's sellers as asked: the server pages, sorts and searches. */
export interface SellerListQuery {
  readonly market: Market;
  readonly limit: number;
  readonly offset: number;
  readonly sortField?: string;
  readonly sortOrder: 'asc' | 'desc';
  readonly search?: string;
}

/** The sellers calls of spec 02 §7 (`/api/v1/admin/seller*`, `selected-*`, `reference-seller-dealer`, `associate-seller-dealer`). */
export function sellersApi(http: Http) {
  return {
    page: (query: SellerListQuery) => http.get<SellerPage>(`${A}/seller-market`, { query: { ...query } }),
    get: (idSeller: string) => http.get<SellerView>(`${A}/seller`, { query: { idSeller } }),
    create: (body: SellerCreate) => http.post<SellerView>(`${A}/seller`, body, quiet),
    edit: (body: SellerEdit) => http.put<SellerView>(`${A}/seller`, body, quiet),
    remove: (idSeller: string) => http.delete<void>(`${A}/seller`, { ...quiet, query: { idSeller } }),
    config: (market: Market) => http.get<SellerConfigBody>(`${A}/seller-config`, { query: { market } }),
    setConfig: (body: SellerConfigBody) => http.post<SellerConfigBody>(`${A}/seller-config`, body, quiet),
    selected: (market: Market, what: 'car-sold' | 'area') =>
      http.get<SelectedCodes>(`${A}/${what === 'car-sold' ? 'selected-car-sold' : 'selected-seller-area'}`, { query: { market }, noSpinner: true }),
    reference: (idDealer: string) => http.get<ReferenceSellerDealer>(`${A}/reference-seller-dealer`, { query: { idDealer } }),
    associate: (body: AssociateSellerDealer) => http.post<ReferenceSellerDealer>(`${A}/associate-seller-dealer`, body, quiet),
  };
}
export type SellersApi = ReturnType<typeof sellersApi>;

/** The sellers calls on this page load's Http (errors go through its interceptor: numeric code → errors namespace). */
export function useSellersApi(): SellersApi {
  const { http } = useServices();
  return useMemo(() => sellersApi(http), [http]);
}

/** A seller's name as people read it: "name surname" (the seller selector's chips, spec 01 §2). */
export function sellerName(seller: { readonly name: string | null; readonly surname: string | null }): string {
  return [seller.name, seller.surname].filter(Boolean).join(' ') || '—';
}
