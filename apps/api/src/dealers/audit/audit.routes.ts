import type { RouteDoc } from '../../platform/docs/route-doc.js';

/** OpenAPI entries of the back-office's audit feature. */
export const AUDIT_ROUTE_DOCS: readonly RouteDoc[] = [];
