import { AuditPage } from '@auction/contracts';
import type { RouteDoc } from '../../platform/docs/route-doc.js';

/** OpenAPI entries of the back-office's audit feature. */
export const AUDIT_ROUTE_DOCS: readonly RouteDoc[] = [
  ['get', '/api/v1/admin/audit', 'The audit trail: the administrative changes (events carrying by, the acting user\'s id) of one user (query idUser) or of a dealer and its users (query idDealer); exactly one of the two (else 400). Newest first; limit (1-100, default 20), offset. Each entry: position, streamId, type, by, byUsername (today\'s; an anonymised actor reads anonymous-<id>), at, details (the event\'s non-personal fields: codes, flags, the NAMES of personal fields changed). Only users and dealers of the caller\'s adminEnabledMarket (403021); unknown user 404060, unknown dealer 404040. Never cached.', 'ADMIN, CUSTOMER_CENTER', undefined, AuditPage],
];
