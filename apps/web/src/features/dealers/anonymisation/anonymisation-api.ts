import type { AnonymiseCandidatePage, AnonymiseResult } from '@auction/contracts';
import type { Market } from '@auction/domain';
import type { Http } from '../../../api/http.js';
import type { Dialogs } from '../../../ui/dialogs.js';
import type { PageRequest } from '../../../ui/table/index.js';
import { TARGET_CALL, aboutTarget } from '../users/target-errors.js';

const CANDIDATES = '/api/v1/admin/user/anonymize';

/** The query of a candidate page: the market (none: every market the caller manages) and the table's request. */
export function candidatesQuery(idMarket: Market | '', request: PageRequest): Record<string, string | number | undefined> {
  return { idMarket: idMarket || undefined, limit: request.limit, offset: request.offset, sortField: request.sortField, sortOrder: request.sortOrder };
}

/**
 * The anonymisation calls (ADMIN only): candidates, the erasure of one user (its refusal shown by aboutTarget: a user
 * unknown by now never logs the administrator out), the CSV export's address.
 */
export function anonymisationApi(http: Http, dialogs: Pick<Dialogs, 'error'>) {
  return {
    candidates: (idMarket: Market | '', request: PageRequest) => http.get<AnonymiseCandidatePage>(CANDIDATES, { query: candidatesQuery(idMarket, request) }),
    anonymise: (idUser: string) => aboutTarget(dialogs, http.put<AnonymiseResult>(CANDIDATES, { idUser }, TARGET_CALL)),
    /** The export is a plain download: the browser sends the session cookie with it. */
    exportUrl: (idMarket: Market | '') => http.url(`${CANDIDATES}/export`, { idMarket: idMarket || undefined }),
  };
}
export type AnonymisationApi = ReturnType<typeof anonymisationApi>;
