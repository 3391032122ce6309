import type { RouteDoc } from '../../platform/docs/route-doc.js';

/** OpenAPI entries of the back-office's dealers feature. */
export const DEALERS_ROUTE_DOCS: readonly RouteDoc[] = [];
