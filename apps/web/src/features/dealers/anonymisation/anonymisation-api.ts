import type { AnonymiseCandidatePage, AnonymiseResult } from '@auction/contracts';
import type { Market } from '@auction/domain';
import type { Http } from '../../../api/http.js';
import type { PageRequest } from '../../../ui/table/index.js';

const CANDIDATES = '/api/v1/admin/user/anonymize';

/** The query of a candidate page: the market (none: every market the caller manages) and the table's request. */
export function candidatesQuery(idMarket: Market | '', request: PageRequest): Record<string, string | number | undefined> {
  return { idMarket: idMarket || undefined, limit: request.limit, offset: request.offset, sortField: request.sortField, sortOrder: request.sortOrder };
}

/** The anonymisation calls (ADMIN only): candidates, the erasure of one user, the CSV export's address. */
export function anonymisationApi(http: Http) {
  return {
    candidates: (idMarket: Market | '', request: PageRequest) => http.get<AnonymiseCandidatePage>(CANDIDATES, { query: candidatesQuery(idMarket, request) }),
    anonymise: (idUser: string) => http.put<AnonymiseResult>(CANDIDATES, { idUser }, { noSuccessPopup: true }),
    /** The export is a plain download: the browser sends the session cookie with it. */
    exportUrl: (idMarket: Market | '') => http.url(`${CANDIDATES}/export`, { idMarket: idMarket || undefined }),
  };
}
export type AnonymisationApi = ReturnType<typeof anonymisationApi>;
