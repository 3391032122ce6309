import { useMemo } from 'react';
import type { TemplateCreate, TemplateEdit, TemplatePage, TemplateView, UserBuyerTemplate, UserBuyerTemplateChange } from '@auction/contracts';
import type { Market } from '@auction/domain';
import type { Http, RequestOptions } from '../../../api/http.js';
import { useServices } from '../../../ui/services-context.js';

const S = '/api/v1/secure';
const A = '/api/v1/admin';
/** Each screen says what happened in its own words: no generic success popup. */
const quiet: RequestOptions = { noSuccessPopup: true };

/** A page of templates as asked: the server filters, pages and sorts. */
export interface TemplateListQuery {
  readonly limit: number;
  readonly offset: number;
  readonly sortField?: string;
  readonly sortOrder: 'asc' | 'desc';
  readonly idMarket?: Market;
  readonly templateName?: string;
}

/** The templates calls (spec 02 "Template service", §7 `/admin/enable-template`, `/admin/user-buyer-template`). */
export function templatesApi(http: Http) {
  return {
    /** The templates the caller sees (the template rule: staff of its market, its managers, dealers enabled for it). */
    page: (query: TemplateListQuery) => http.get<TemplatePage>(`${S}/template`, { query: { ...query } }),
    get: (idTemplate: string) => http.get<TemplateView>(`${S}/template/${encodeURIComponent(idTemplate)}`),
    /** One template, quietly (no spinner, no error dialog): a form naming the channel a sale is sold through. */
    peek: (idTemplate: string) => http.get<TemplateView>(`${S}/template/${encodeURIComponent(idTemplate)}`, { noPopup: true, noSpinner: true }),
    create: (body: TemplateCreate) => http.post<TemplateView>(`${S}/template`, body, quiet),
    edit: (body: TemplateEdit) => http.put<TemplateView>(`${S}/template`, body, quiet),
    remove: (id: string) => http.delete<void>(`${S}/template`, { ...quiet, query: { id } }),
    /** ADMIN: enable or disable a template (a disabled one's auctions and showcases are seen by no dealer). */
    setEnabled: (idTemplate: string, flgEnabled: boolean) => http.put<TemplateView>(`${A}/enable-template`, { idTemplate, flgEnabled }, quiet),
    /** The enabled templates of a market (the partners' information). */
    ofMarket: (market: Market) => http.get<TemplateView[]>(`${S}/template-info`, { query: { market }, noSpinner: true }),
    /** The enabled templates the caller sees (a multi-auctioneer's associated ones among them). */
    enabled: () => http.get<TemplateView[]>(`${S}/enabled-template`, { noSpinner: true }),
    userTemplates: (idUser: string) => http.get<UserBuyerTemplate>(`${A}/user-buyer-template`, { query: { idUser } }),
    setUserTemplate: (body: UserBuyerTemplateChange) => http.put<UserBuyerTemplate>(`${A}/user-buyer-template`, body, quiet),
  };
}
export type TemplatesApi = ReturnType<typeof templatesApi>;

/** The templates calls on this page load's Http (errors through its interceptor: numeric code → errors namespace). */
export function useTemplatesApi(): TemplatesApi {
  const { http } = useServices();
  return useMemo(() => templatesApi(http), [http]);
}
