import type { RouteDoc } from '../platform/docs/route-doc.js';
import { ANONYMISATION_ROUTE_DOCS } from './anonymisation/anonymisation.routes.js';
import { AUDIT_ROUTE_DOCS } from './audit/audit.routes.js';
import { DEALERS_ROUTE_DOCS } from './dealers/dealers.routes.js';
import { STAFF_ROUTE_DOCS } from './staff/staff.routes.js';
import { USERS_ROUTE_DOCS } from './users/users.routes.js';

/** The OpenAPI entries of the people back-office. */
export const DEALERS_CONTEXT_ROUTE_DOCS: readonly RouteDoc[] = [
  ...DEALERS_ROUTE_DOCS, ...USERS_ROUTE_DOCS, ...STAFF_ROUTE_DOCS, ...ANONYMISATION_ROUTE_DOCS, ...AUDIT_ROUTE_DOCS,
];
