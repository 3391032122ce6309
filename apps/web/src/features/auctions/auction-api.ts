import { PAGE_MAX, type LotBidHistory, type LotDetail, type MyBid, type ObservedLot as ObservedLotView } from '@auction/contracts';
import type {
  AuctionLotsQuery, AuctionLotsView, AuctionManagementQuery, AuctionView, CreateAuctionRequest, EditAuctionRequest, LiveCredentials, LotView, ManagedAuction, OfferReportRow, Page, PageQuery, PlaceOfferResponse,
  PayByLinkView, PurchaseQuery, PurchaseRow, UserProfile, VehicleCard,
} from '@auction/contracts';
import type { Http, RequestOptions } from '../../api/http.js';

const S = '/api/v1/secure';
/** The auctioneer's actions: no generic success popup, each caller says what happened (`auctioneer:outcome.*`). */
const quiet: RequestOptions = { noSuccessPopup: true };


/** An observed lot with its auction's name. */
export type ObservedLot = ObservedLotView;

/**
 * Every item of a server-paged list, read a page of {@link PAGE_MAX} at a time (each answer stays bounded); for a
 * screen that needs the whole list at once (the auctioneer's offers report beside its award dialog).
 */
export async function allPages<T>(fetchPage: (page: PageQuery) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let offset = 0; ; offset += PAGE_MAX) {
    const page = await fetchPage({ limit: PAGE_MAX, offset });
    items.push(...page.items);
    if (page.items.length < PAGE_MAX || items.length >= page.total) return items;
  }
}

/**
 * An auction with every one of its lots, read a page of {@link PAGE_MAX} at a time: for the edit form, which sends
 * the whole list back.
 */
export async function auctionWithAllLots(
  auctionFull: (idAuction: string, options: RequestOptions, lots: Partial<AuctionLotsQuery>) => Promise<AuctionLotsView>, idAuction: string,
): Promise<AuctionLotsView> {
  const first = await auctionFull(idAuction, {}, { limit: PAGE_MAX, offset: 0 });
  const lots = [...first.lots];
  while (lots.length < first.lotsPage.total) {
    const next = await auctionFull(idAuction, {}, { limit: PAGE_MAX, offset: lots.length });
    if (next.lots.length === 0) break;
    lots.push(...next.lots);
  }
  return { ...first, lots };
}

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
    /** The auction with one page of its lots (100 unless `lots` asks fewer) and the caller's own state on them; `lots.idLot`: only that lot. */
    auctionFull: (idAuction: string, options: RequestOptions = {}, lots: Partial<AuctionLotsQuery> = {}) =>
      http.get<AuctionLotsView>(`${S}/auctionFull`, { ...options, query: { idAuction, ...lots } }),
    acceptedRegulation: (idAuction: string) => http.get<{ accepted: boolean }>(`${S}/auction/${enc(idAuction)}/accepted-regulation`, { noSpinner: true }),
    acceptRegulation: (idAuction: string) => http.patch<void>(`${S}/auction/${enc(idAuction)}/accept-regulation`, undefined, { noSuccessPopup: true }),
    /** An offer: no spinner (the lot shows it is placing), no popup (the offer machine shows the refusal inline). */
    placeOffer: (idAuction: string, idLot: string, offer: number, clickAndBuy: boolean, idempotencyKey: string) =>
      http.post<PlaceOfferResponse>(`${S}/auction/${enc(idAuction)}/offer/${enc(idLot)}`, { offer, clickAndBuy }, { idempotencyKey, noSpinner: true, noPopup: true }),
    observe: (idAuction: string, idLot: string, endObservation: boolean) =>
      http.post<void>(`${S}/auction/${enc(idAuction)}/observe/${enc(idLot)}`, undefined, { query: { endObservation }, noSuccessPopup: true, noSpinner: true }),
    /** One page of the caller's observed lots, in the lots' order. */
    observed: (page: Partial<PageQuery> = {}) => http.get<Page<ObservedLot>>(`${S}/auction/observed`, { query: { ...page } }),
    /** One page of a lot's bids for a dealer (others anonymous), newest first, and whether its reserve is met; quiet, it refreshes live. */
    bidHistory: (idAuction: string, idLot: string, page: Partial<PageQuery> = {}) =>
      http.get<LotBidHistory>(`${S}/auction/${enc(idAuction)}/lot/${enc(idLot)}/bids`, { noSpinner: true, noPopup: true, query: { ...page } }),
    /** One lot with its vehicle's data sheet, photo ids and document ids; quiet (the page works without it). */
    lotDetail: (idAuction: string, idLot: string) =>
      http.get<LotDetail>(`${S}/auction/${enc(idAuction)}/lot-detail/${enc(idLot)}`, { noSpinner: true, noPopup: true }),
    myBids: (page: Partial<PageQuery> = {}) => http.get<Page<MyBid>>(`${S}/my-bids`, { query: { ...page } }),
    scheduledAuctions: (page: Partial<PageQuery> = {}) => http.get<Page<ManagedAuction>>(`${S}/scheduled-auctions`, { query: { ...page } }),
    /** One page of the caller's purchases, newest first. */
    purchases: (filters: PurchaseQuery, page: Partial<PageQuery> = {}) => http.get<Page<PurchaseRow>>(`${S}/purchases`, { query: { ...filters, ...page } }),
    /** A payment link for one of the caller's purchases (its idPurchase): the provider's page returns to paymentSuccess or paymentError. */
    payByLink: (idPurchase: string) => http.get<PayByLinkView>(`${S}/user/payByLink`, { query: { idPurchase } }),
    /** Rates an auction the caller won lots in (once: a repeat answers the same idFeedback). */
    feedback: (idAuction: string, rating: number) =>
      http.post<{ idFeedback: string }>(`${S}/auction/${enc(idAuction)}/feedback`, { rating }, quiet),

    /** One page of the caller's own auctions (ADMIN: all), newest start first, without lots. */
    auctionManagement: (query: AuctionManagementQuery = {}, page: Partial<PageQuery> = {}) =>
      http.get<Page<ManagedAuction>>(`${S}/auction-management`, { query: { ...query, ...page } }),
    createAuction: (body: CreateAuctionRequest) => http.post<AuctionView>(`${S}/auction`, body, quiet),
    /** Replaces a scheduled auction's definition and lots (`PUT /auction`). */
    editAuction: (body: EditAuctionRequest) => http.put<AuctionView>(`${S}/auction`, body, quiet),
    /** The auction's own message to dealers (blank clears it); the answer is the message now set. */
    setAuctionMessage: (idAuction: string, message: string) =>
      http.patch<{ message: string | null }>(`${S}/auction/${enc(idAuction)}/auction-message`, { message }, quiet),
    /** The auction's own regulation document (a PDF), sent as multipart `file`; the answer is its download path. */
    uploadFileMessage: (idAuction: string, file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return http.patch<{ fileMessage: string }>(`${S}/auction/${enc(idAuction)}/file-message`, body, quiet);
    },
    removeFileMessage: (idAuction: string) => http.delete<void>(`${S}/auction/${enc(idAuction)}/file-message`, quiet),
    /** One page of the vehicles the caller may put in an auction (published, in stock), newest first; `licensePlate` and `brand` narrow it. */
    vehiclesForAuction: (query: { licensePlate?: string; brand?: string; limit: number; offset: number }) =>
      http.get<Page<VehicleCard>>(`${S}/vehicle-for-auction`, { query: { ...query } }),
    resizeTime: (idAuction: string, endDate: string) => http.patch<AuctionView>(`${S}/auction/${enc(idAuction)}/resize-time`, { endDate }, quiet),
    awardLot: (idAuction: string, idLot: string, idOffer: string) => http.patch<LotView>(`${S}/auction/${enc(idAuction)}/award/${enc(idLot)}/${enc(idOffer)}`, undefined, quiet),
    awardAll: (idAuction: string) => http.patch<LotView[]>(`${S}/auction/${enc(idAuction)}/award`, undefined, quiet),
    notAward: (idAuction: string, idLots: string[]) => http.post<LotView[]>(`${S}/auction/${enc(idAuction)}/not-award`, { idLots }, quiet),
    revertAward: (idAuction: string, idLot: string) => http.patch<LotView>(`${S}/auction/${enc(idAuction)}/revert-award/${enc(idLot)}`, undefined, quiet),
    deleteAuction: (idAuction: string) => http.delete<void>(`${S}/auction/${enc(idAuction)}`, quiet),
    /** Every offer of the auction in stored order, read page by page. */
    offersReport: (idAuction: string) =>
      allPages((page) => http.get<Page<OfferReportRow>>(`${S}/auction/${enc(idAuction)}/auction-offers-report`, { query: { ...page } })),
    /** One page of the auction's offers in stored order; with `idLot`, of that lot only. */
    offersReportPage: (idAuction: string, page: Partial<PageQuery>, idLot?: string) =>
      http.get<Page<OfferReportRow>>(`${S}/auction/${enc(idAuction)}/auction-offers-report`, { query: { ...page, ...(idLot ? { idLot } : {}) } }),
    /** The offers report as a file, its headers and texts in `lang`. */
    reportUrl: (idAuction: string, typeExport: 'CSV' | 'XLSX', lang: string) => http.url(`${S}/auction/${enc(idAuction)}/create-report`, { typeExport, lang }),
  };
}

/** The auction calls' client. */
export type AuctionApi = ReturnType<typeof auctionApi>;
