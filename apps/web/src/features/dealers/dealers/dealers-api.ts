import type {
  AdminDealerChanged, AdminDealerCreate, AdminDealerDetail, AdminDealerEdit, AdminDealerPage, AdminDealerReference,
  AuditPage, DealerDacList, DealerToConfigureCount,
} from '@auction/contracts';
import type { Http, RequestOptions } from '../../../api/http.js';

const A = '/api/v1/admin';
/** Each screen says what happened in its own words: no generic success popup. */
const quiet: RequestOptions = { noSuccessPopup: true };

/** A dealer list query as sent: the filters of `dealerFilterFields` plus the page request (the server pages and sorts). */
export type DealerListQuery = Readonly<Record<string, string | number | boolean | undefined>> & {
  readonly limit: number;
  readonly offset: number;
  readonly sortField?: string;
  readonly sortOrder: 'asc' | 'desc';
};

/** The partner capability toggles and the call each one makes (ADMIN only on the server). */
export const CAPABILITY_CALLS = {
  auctioneer: 'enable-auctioneer',
  exhibitor: 'enable-exhibitor',
  multiAuctioneer: 'enable-multi-auctioneer',
} as const;
export type CapabilityName = keyof typeof CAPABILITY_CALLS;

/** The dealers back-office calls of spec 02 §7 (`/api/v1/admin/dealer*`, `/auctioneer`, `/exhibitor`, the audit trail). */
export function dealersApi(http: Http) {
  return {
    search: (query: DealerListQuery) => http.get<AdminDealerPage>(`${A}/dealers-info/search`, { query }),
    toConfigure: (query: DealerListQuery) => http.get<AdminDealerPage>(`${A}/dealer-to-configure`, { query }),
    toConfigureCount: () => http.get<DealerToConfigureCount>(`${A}/dealer-to-configure-count`, { noSpinner: true }),
    /** The CSV export's address (a download link; the session cookie goes with it). */
    toConfigureExportUrl: (query: Readonly<Record<string, string | undefined>> = {}) => http.url(`${A}/dealer-to-configure/export`, query),
    auctioneers: (query: DealerListQuery) => http.get<AdminDealerPage>(`${A}/auctioneer`, { query }),
    exhibitors: (query: DealerListQuery) => http.get<AdminDealerPage>(`${A}/exhibitor`, { query }),
    get: (idDealer: string) => http.get<AdminDealerDetail>(`${A}/dealer`, { query: { idDealer } }),
    reference: (idDealer: string) => http.get<AdminDealerReference>(`${A}/dealer-reference`, { query: { idDealer } }),
    create: (body: AdminDealerCreate) => http.post<AdminDealerChanged>(`${A}/dealer`, body, quiet),
    edit: (body: AdminDealerEdit) => http.put<AdminDealerChanged>(`${A}/dealer`, body, quiet),
    remove: (idDealer: string) => http.delete<AdminDealerChanged>(`${A}/dealer`, { ...quiet, query: { idDealer } }),
    setEnabled: (idDealer: string, flgEnabled: boolean) => http.put<AdminDealerChanged>(`${A}/enable-dealer`, { idDealer, flgEnabled }, quiet),
    setCapability: (capability: CapabilityName, idDealer: string, flgEnabled: boolean) =>
      http.put<AdminDealerChanged>(`${A}/${CAPABILITY_CALLS[capability]}`, { idDealer, flgEnabled }, quiet),
    dac: (vatCode: string) => http.get<DealerDacList>(`${A}/dealer/dac`, { query: { vatCode } }),
    audit: (idDealer: string, limit: number, offset: number) => http.get<AuditPage>(`${A}/audit`, { query: { idDealer, limit, offset } }),
    /**
     * A staff-only document's address (`GET /admin/file/{idFile}`): opened in place (a PDF or an image; EPS is always
     * downloaded) or as an attachment, named `name` (the server adds the extension of its type).
     */
    fileUrl: (idFile: string, name: string, disposition: 'inline' | 'attachment' = 'inline') =>
      http.url(`${A}/file/${encodeURIComponent(idFile)}`, { disposition, name }),
  };
}
export type DealersApi = ReturnType<typeof dealersApi>;
