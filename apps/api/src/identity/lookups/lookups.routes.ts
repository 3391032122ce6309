import type { RouteDoc } from '../../platform/docs/route-doc.js';

/** The OpenAPI entries of the lookups calls (joined in `identity.routes.ts`). */
export const LOOKUPS_ROUTE_DOCS: RouteDoc[] = [];
