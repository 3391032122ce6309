import type { z } from 'zod';
import type {
  Page, PageQuery, StockShowcaseRequest, UserShowcasePage, UserShowcaseQuery, VehicleCard, VehicleOutcome as VehicleOutcomeSchema,
  VehicleSearchQuery, VehicleView,
} from '@auction/contracts';
import type { Market } from '@auction/domain';
import type { Http, RequestOptions } from '../../api/http.js';

const S = '/api/v1/secure/showcase';

/** The outcome of a showcase operation on one vehicle: `ok`, or the refusal's `errorCode`; `holdUntil` after a booking. */
export type VehicleOutcome = z.infer<typeof VehicleOutcomeSchema>;

/** Filters of `GET search-vehicles`. */
export type VehicleSearch = z.output<typeof VehicleSearchQuery>;

/** A sold vehicle of a showcase with its buyer (`GET sold/{idShowcase}`, owner and ADMIN only). */
export interface SoldVehicle {
  readonly idVehicle: string;
  readonly licensePlate: string;
  readonly brand: string;
  readonly model: string;
  readonly price: number;
  readonly idUser: string;
  readonly username: string;
  readonly soldAt: string;
}

/** Paging and order of `GET sold/{idShowcase}`. */
export interface SoldPageQuery {
  readonly limit?: number;
  readonly offset?: number;
  readonly sortField?: 'price' | 'soldAt' | 'licensePlate';
  readonly sortOrder?: 'asc' | 'desc';
}

/**
 * The showcase calls of API.md. Operations on vehicles answer an outcome per vehicle and show no success popup
 * (the screens show the outcomes); when every vehicle fails the API answers the first error, shown as a popup.
 */
export function showcaseApi(http: Http) {
  const enc = encodeURIComponent;
  const quiet: RequestOptions = { noSuccessPopup: true };
  return {
    /** One page of the catalogue, in listing order. */
    catalogue: (idMarket?: Market, page: Partial<PageQuery> = {}) => http.get<Page<VehicleView>>(S, { query: { idMarket, ...page } }),
    /** One page of the catalogue searched, in listing order. */
    search: (filters: VehicleSearch, page: Partial<PageQuery> = {}) => http.get<Page<VehicleView>>(`${S}/search-vehicles`, { query: { ...filters, ...page } }),
    /** One page of the caller's my lot, in listing order. */
    myLot: (page: Partial<PageQuery> = {}) => http.get<Page<VehicleView>>(`${S}/myLot`, { query: { ...page } }),
    addToMyLot: (idVehicles: readonly string[]) => http.post<VehicleOutcome[]>(`${S}/add-to-myLot`, { idVehicles }, quiet),
    removeFromMyLot: (idVehicles: readonly string[]) => http.delete<VehicleOutcome[]>(`${S}/remove-from-myLot`, { ...quiet, query: { idVehicles } }),
    bookMyLot: (idempotencyKey?: string) => http.patch<VehicleOutcome[]>(`${S}/book-myLot`, undefined, { ...quiet, idempotencyKey }),
    buy: (idVehicles: readonly string[], idempotencyKey?: string) => http.put<VehicleOutcome[]>(`${S}/buy`, { idVehicles }, { ...quiet, idempotencyKey }),
    preempt: (idVehicle: string, idempotencyKey?: string) => http.patch<VehicleOutcome>(`${S}/preempt-vehicle`, { idVehicle }, { ...quiet, idempotencyKey }),
    acceptedRegulation: () => http.get<{ accepted: boolean }>(`${S}/accepted-regulation`, { noSpinner: true }),
    acceptRegulation: () => http.patch<void>(`${S}/accept-regulation`, undefined, quiet),
    /** One page of a showcase's sold vehicles in the order asked. */
    sold: (idShowcase: string, page: SoldPageQuery = {}) => http.get<Page<SoldVehicle>>(`${S}/sold/${enc(idShowcase)}`, { query: { ...page } }),
    /** A new showcase of loaded vehicles (`POST /showcase`); a refused vehicle refuses it all (the error's details name each). */
    create: (body: StockShowcaseRequest, idempotencyKey?: string) =>
      http.post<{ idShowcase: string; vehicles: VehicleView[] }>(S, body, { idempotencyKey }),
    /** Takes a vehicle out of its showcase (back to stock). */
    withdraw: (idVehicle: string) => http.delete<VehicleOutcome>(`${S}/vehicle/${enc(idVehicle)}`),
    /** One page of the caller's own showcase vehicles, newest listing first. */
    mine: (page: Partial<PageQuery> = {}) => http.get<Page<VehicleView>>(`${S}/mine`, { query: { ...page } }),
    /** One page of the published vehicles in stock the caller may put in a showcase; `licensePlate` and `brand` narrow it. */
    vehiclesForShowcase: (query: { licensePlate?: string; brand?: string; limit: number; offset: number }) =>
      http.get<Page<VehicleCard>>('/api/v1/secure/vehicle-for-showcase', { query: { ...query } }),
    /** One page of a dealer user's showcase activity (its my lot, holds, purchases), for staff and exhibitors. */
    userShowcase: (query: Partial<UserShowcaseQuery> & { idUser: string }) =>
      http.get<UserShowcasePage>(`${S}/user-showcase`, { query: { ...query } }),
    /** Rates a showcase purchase (`id` is the vehicle bought). */
    feedback: (idVehicle: string, rating: number) => http.post<{ idFeedback: string }>(`${S}/feedback/${enc(idVehicle)}`, { rating }, quiet),
  };
}

/** The showcase calls' client. */
export type ShowcaseApi = ReturnType<typeof showcaseApi>;
