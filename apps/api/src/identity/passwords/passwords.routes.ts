import type { RouteDoc } from '../../platform/docs/route-doc.js';

/** The OpenAPI entries of the passwords calls (joined in `identity.routes.ts`). */
export const PASSWORDS_ROUTE_DOCS: RouteDoc[] = [];
