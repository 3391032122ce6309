import type { RouteDoc } from '../../platform/docs/route-doc.js';

/** The OpenAPI entries of the profile calls (joined in `identity.routes.ts`). */
export const PROFILE_ROUTE_DOCS: RouteDoc[] = [];
