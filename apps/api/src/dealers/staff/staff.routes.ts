import type { RouteDoc } from '../../platform/docs/route-doc.js';

/** OpenAPI entries of the back-office's staff feature. */
export const STAFF_ROUTE_DOCS: readonly RouteDoc[] = [];
