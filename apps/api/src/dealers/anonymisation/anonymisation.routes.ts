import { AnonymiseCandidatePage, AnonymiseRequest, AnonymiseResult } from '@auction/contracts';
import type { RouteDoc } from '../../platform/docs/route-doc.js';

const RULE =
  'A candidate is a user not yet anonymised, without a staff role (ADMIN, CUSTOMER_CENTER: never), that the back-office deleted or disabled, ' +
  'or whose dealer is DELETED or DISABLED; status = the first of USER_DELETED, DEALER_DELETED, USER_DISABLED, DEALER_DISABLED that applies, ' +
  'since = when (ISO). A registration never enabled yet is not a candidate, nor a user still enabled and not deleted (e.g. re-enabled after its dealer was disabled: disable it first, so no offer of theirs can land during the erasure).';

/** OpenAPI entries of the back-office's anonymisation feature. */
export const ANONYMISATION_ROUTE_DOCS: readonly RouteDoc[] = [
  ['get', '/api/v1/admin/user/anonymize',
    `Users that may be anonymised (right to erasure), paged and sorted by the server (limit 1-100, offset, sortField since|username|idUser|idDealer|idMarket|status, sortOrder; tiebreak idUser). ${RULE} Optional idMarket (else every market the caller manages; another market: 403021). Bad query: 400001. Cache-Control private, no-store.`,
    'ADMIN', undefined, AnonymiseCandidatePage],
  ['get', '/api/v1/admin/user/anonymize/export',
    `The candidate list (same rule, idMarket, sortField and sortOrder; no paging) as CSV: RFC 4180, UTF-8 with BOM, columns idUser, username, idDealer, idMarket, status, since; a cell starting like a formula gets a leading apostrophe. ${RULE}`,
    'ADMIN', undefined, 'file'],
  ['put', '/api/v1/admin/user/anonymize',
    'Anonymise {idUser} or a dealer {idDealer} (its DEALER data, documents and every user of it). Events carry no personal data, so nothing in the log is rewritten (no crypto-shredding): UserAnonymised {idUser, by, at} is appended to each user stream (usernames then read anonymous-<idUser>; offers keep their bidder id) and the rows beside the log are deleted: personal data (USER, DEALER), the username claim, the password hash, mailed-link tags, push tokens, stored documents, and the embedded catcher\'s mail to their e-mails. ' +
    'A user anonymised alone who is its dealer\'s reference person also takes the dealer\'s reference fields (name, surname, fiscal code, birth date, e-mail, FCA code) and the dealer\'s e-mail when it is that person\'s; the dealer\'s documents stay with the dealer. Personal data is erased last, so a retry after a failure in the middle finishes the job. ' +
    'Refused: unknown user 404060, unknown dealer 404040, outside the caller\'s markets 403021, oneself (or one\'s own dealer) 409120; 409140 when a user is staff or not a candidate (disable or delete first), the dealer is not DISABLED or DELETED, or a user leads a lot of a RUNNING auction or holds an open showcase booking/pre-emption. Idempotent: a repeat answers 200 with the users as alreadyAnonymised and zero counts. Answer: the users anonymised now, those already anonymised, and what was erased (counts).',
    'ADMIN', AnonymiseRequest, AnonymiseResult],
];
