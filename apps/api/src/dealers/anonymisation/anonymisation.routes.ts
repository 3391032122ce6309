import type { RouteDoc } from '../../platform/docs/route-doc.js';

/** OpenAPI entries of the back-office's anonymisation feature. */
export const ANONYMISATION_ROUTE_DOCS: readonly RouteDoc[] = [];
