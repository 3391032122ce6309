import type { RouteDoc } from '../../platform/docs/route-doc.js';

/** The OpenAPI entries of the registration calls (joined in `identity.routes.ts`). */
export const REGISTRATION_ROUTE_DOCS: RouteDoc[] = [];
