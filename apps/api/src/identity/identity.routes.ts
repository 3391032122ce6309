import type { RouteDoc } from '../platform/docs/route-doc.js';
import { INVITATIONS_ROUTE_DOCS } from './invitations/invitations.routes.js';
import { LOOKUPS_ROUTE_DOCS } from './lookups/lookups.routes.js';
import { PASSWORDS_ROUTE_DOCS } from './passwords/passwords.routes.js';
import { PROFILE_ROUTE_DOCS } from './profile/profile.routes.js';
import { REGISTRATION_ROUTE_DOCS } from './registration/registration.routes.js';

/** The OpenAPI entries of the identity context's features (sign-in itself is in the core table of `openapi.ts`). */
export const IDENTITY_ROUTE_DOCS: readonly RouteDoc[] = [
  ...LOOKUPS_ROUTE_DOCS, ...REGISTRATION_ROUTE_DOCS, ...PASSWORDS_ROUTE_DOCS, ...INVITATIONS_ROUTE_DOCS, ...PROFILE_ROUTE_DOCS,
];
