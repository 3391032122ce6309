import { useMemo } from 'react';
import type { TopCmsCreate, TopCmsEdit, TopCmsPage, TopCmsView, UploadedTopCmsImage } from '@auction/contracts';
import type { Market, TopCmsSlot } from '@auction/domain';
import type { Http, RequestOptions } from '../../../api/http.js';
import { useServices } from '../../../ui/services-context.js';

const A = '/api/v1/admin/top-cms';
/** The screen says what happened in its own words: no generic success popup. */
const quiet: RequestOptions = { noSuccessPopup: true };

/** A page of the banners as asked: the server pages and sorts. */
export interface TopCmsListQuery {
  readonly mkt: Market;
  readonly lang?: string;
  readonly limit: number;
  readonly offset: number;
  readonly sortField?: string;
  readonly sortOrder: 'asc' | 'desc';
}

/** The top banners' back-office calls (spec 02 §7 `/admin/top-cms`, and the image upload). */
export function topCmsApi(http: Http) {
  return {
    page: (query: TopCmsListQuery) => http.get<TopCmsPage>(A, { query: { ...query } }),
    create: (body: TopCmsCreate) => http.post<TopCmsView>(A, body, quiet),
    edit: (body: TopCmsEdit) => http.put<TopCmsView>(A, body, quiet),
    remove: (id: string) => http.delete<void>(A, { ...quiet, query: { id } }),
    /** One image for a device: stored as AVIF and WebP renditions, previewed until the banner is saved. */
    upload: (slot: TopCmsSlot, file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return http.upload<UploadedTopCmsImage>(`${A}/image?slot=${slot}`, form, quiet);
    },
  };
}
export type TopCmsApi = ReturnType<typeof topCmsApi>;

/** The banners' calls on this page load's Http (errors through its interceptor: numeric code → errors namespace). */
export function useTopCmsApi(): TopCmsApi {
  const { http } = useServices();
  return useMemo(() => topCmsApi(http), [http]);
}

/** The smallest WebP rendition of an image (a list's thumbnail, a form's preview). */
export function previewUrl(image: { readonly sources: readonly { url: string; width: number; type: string }[] } | null | undefined): string | null {
  const webp = (image?.sources ?? []).filter((s) => s.type === 'image/webp').sort((a, b) => a.width - b.width);
  return webp[0]?.url ?? null;
}
