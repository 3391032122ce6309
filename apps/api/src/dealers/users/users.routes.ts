import type { RouteDoc } from '../../platform/docs/route-doc.js';

/** OpenAPI entries of the back-office's users feature. */
export const USERS_ROUTE_DOCS: readonly RouteDoc[] = [];
