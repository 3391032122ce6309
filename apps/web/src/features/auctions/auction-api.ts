import type { LotBidHistory, MyBid } from '@auction/contracts';
import type {
  AuctionManagementQuery, AuctionView, CreateAuctionRequest, LiveCredentials, LotView, ManagedAuction, OfferReportRow, Page, PageQuery, PlaceOfferResponse,
  PurchaseQuery, PurchaseRow, UserProfile,
} from '@auction/contracts';
import type { Http, RequestOptions } from '../../api/http.js';

const S = '/api/v1/secure';
/** The auctioneer's actions: no generic success popup, each caller says what happened (`auctioneer:outcome.*`). */
const quiet: RequestOptions = { noSuccessPopup: true };


/** An observed lot with its auction's name. */
export type ObservedLot = LotView & { auctionName?: string };

/** The auction, auth and purchase calls of API.md. */
export function auctionApi(http: Http) {
  const enc = encodeURIComponent;
  return {
    login: (username: string, password: string) => http.post<UserProfile>('/api/v1/open/login', { username, password }, { noSuccessPopup: true, noErrorPopup: true }),
    logout: () => http.post<void>(`${S}/logout`, undefined, { noSuccessPopup: true, noErrorPopup: true }),
    profile: (options: RequestOptions = {}) => http.get<UserProfile>(`${S}/user`, options),
    time: () => http.get<{ serverTime: string; epochMs: number }>(`${S}/time`, { noSpinner: true, noPopup: true }),
    liveCredentials: () => http.get<LiveCredentials>(`${S}/live-credentials`, { noSpinner: true, noPopup: true }),

    /** One page of the running auctions (without their lots), soonest end first. */
    runningAuctions: (toSearch?: string, page: Partial<PageQuery> = {}) =>
      toSearch
        ? http.get<Page<ManagedAuction>>(`${S}/running-auctions/search`, { query: { toSearch, ...page } })
        : http.get<Page<ManagedAuction>>(`${S}/running-auctions`, { query: { ...page } }),
    auction: (idAuction: string) => http.get<AuctionView>(`${S}/auction/${enc(idAuction)}`),
    auctionFull: (idAuction: string, options: RequestOptions = {}) => http.get<AuctionView>(`${S}/auctionFull`, { ...options, query: { idAuction } }),
    acceptedRegulation: (idAuction: string) => http.get<{ accepted: boolean }>(`${S}/auction/${enc(idAuction)}/accepted-regulation`, { noSpinner: true }),
    acceptRegulation: (idAuction: string) => http.patch<void>(`${S}/auction/${enc(idAuction)}/accept-regulation`, undefined, { noSuccessPopup: true }),
    /** An offer: no spinner (the lot shows it is placing), no popup (the offer machine shows the refusal inline). */
    placeOffer: (idAuction: string, idLot: string, offer: number, clickAndBuy: boolean, idempotencyKey: string) =>
      http.post<PlaceOfferResponse>(`${S}/auction/${enc(idAuction)}/offer/${enc(idLot)}`, { offer, clickAndBuy }, { idempotencyKey, noSpinner: true, noPopup: true }),
    observe: (idAuction: string, idLot: string, endObservation: boolean) =>
      http.post<void>(`${S}/auction/${enc(idAuction)}/observe/${enc(idLot)}`, undefined, { query: { endObservation }, noSuccessPopup: true, noSpinner: true }),
    observed: () => http.get<ObservedLot[]>(`${S}/auction/observed`),
    /** A lot's bids for a dealer (others anonymous) and whether its reserve is met; quiet, it refreshes live. */
    bidHistory: (idAuction: string, idLot: string) =>
      http.get<LotBidHistory>(`${S}/auction/${enc(idAuction)}/lot/${enc(idLot)}/bids`, { noSpinner: true, noPopup: true }),
    myBids: (page: Partial<PageQuery> = {}) => http.get<Page<MyBid>>(`${S}/my-bids`, { query: { ...page } }),
    scheduledAuctions: (page: Partial<PageQuery> = {}) => http.get<Page<ManagedAuction>>(`${S}/scheduled-auctions`, { query: { ...page } }),
    purchases: (filters: PurchaseQuery) => http.get<PurchaseRow[]>(`${S}/purchases`, { query: filters }),

    /** One page of the caller's own auctions (ADMIN: all), newest start first, without lots. */
    auctionManagement: (query: AuctionManagementQuery = {}, page: Partial<PageQuery> = {}) =>
      http.get<Page<ManagedAuction>>(`${S}/auction-management`, { query: { ...query, ...page } }),
    createAuction: (body: CreateAuctionRequest) => http.post<AuctionView>(`${S}/auction`, body, quiet),
    resizeTime: (idAuction: string, endDate: string) => http.patch<AuctionView>(`${S}/auction/${enc(idAuction)}/resize-time`, { endDate }, quiet),
    awardLot: (idAuction: string, idLot: string, idOffer: string) => http.patch<LotView>(`${S}/auction/${enc(idAuction)}/award/${enc(idLot)}/${enc(idOffer)}`, undefined, quiet),
    awardAll: (idAuction: string) => http.patch<LotView[]>(`${S}/auction/${enc(idAuction)}/award`, undefined, quiet),
    notAward: (idAuction: string, idLots: string[]) => http.post<LotView[]>(`${S}/auction/${enc(idAuction)}/not-award`, { idLots }, quiet),
    revertAward: (idAuction: string, idLot: string) => http.patch<LotView>(`${S}/auction/${enc(idAuction)}/revert-award/${enc(idLot)}`, undefined, quiet),
    deleteAuction: (idAuction: string) => http.delete<void>(`${S}/auction/${enc(idAuction)}`, quiet),
    offersReport: (idAuction: string) => http.get<OfferReportRow[]>(`${S}/auction/${enc(idAuction)}/auction-offers-report`),
    /** The offers report as a file, its headers and texts in `lang`. */
    reportUrl: (idAuction: string, typeExport: 'CSV' | 'XLSX', lang: string) => http.url(`${S}/auction/${enc(idAuction)}/create-report`, { typeExport, lang }),
  };
}

/** The auction calls' client. */
export type AuctionApi = ReturnType<typeof auctionApi>;
