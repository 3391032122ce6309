import type { RouteDoc } from '../../platform/docs/route-doc.js';

/** The OpenAPI entries of the invitations calls (joined in `identity.routes.ts`). */
export const INVITATIONS_ROUTE_DOCS: RouteDoc[] = [];
