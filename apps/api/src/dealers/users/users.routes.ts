import {
  AdminDeleteUserAnswer, AdminEditUserRequest, AdminEnableUserRequest, AdminPermissionRequest, AdminResetPasswordAnswer,
  AdminResetPasswordRequest, AdminUserDetails, AdminUsersPage,
} from '@auction/contracts';
import type { RouteDoc } from '../../platform/docs/route-doc.js';

const SCOPE = 'Only users of the caller\'s adminEnabledMarket (the user\'s idMarket; else 403021); unknown idUser: 404060.';
const CHANGE = `${SCOPE} A deleted or anonymised user: 410020. Only an ADMIN acts on another ADMIN or CUSTOMER_CENTER account (403001). A read-only caller: 403020. Recorded on the user's stream with by (the caller's id) and at: see GET /api/v1/admin/audit.`;
const NO_STORE = 'Never cached (Cache-Control: private, no-store).';

/** OpenAPI entries of the back-office's users feature. */
export const USERS_ROUTE_DOCS: readonly RouteDoc[] = [
  ['get', '/api/v1/admin/users', `The users screen's list (not in the spec's table; ours): filters username (part, any case), email (the whole address, any case), idDealer, idMarket, role, flgEnabled (true|false); limit (1-100, default 20), offset, sortField (username, idUser, idDealer, idMarket, flgEnabled; ties by idUser), sortOrder; an unknown parameter: 400 (never a filter silently dropped). Only the caller's markets (a requested idMarket outside them: 403021). Each row: roles, flags, state (ENABLED, DISABLED, DELETED, ANONYMISED), name, surname, email. ${NO_STORE}`, 'ADMIN, CUSTOMER_CENTER', undefined, AdminUsersPage],
  ['get', '/api/v1/admin/user', `One user (query idUser): profile fields, roles, flags, readOnly, adminEnabledMarket, state, disabledAt, and personal data (name, surname, email, phone, mobile, fiscalCode, birthDate; the IBAN masked). ${SCOPE} ${NO_STORE}`, 'ADMIN, CUSTOMER_CENTER', undefined, AdminUserDetails],
  ['put', '/api/v1/admin/user', `Edit a user (body idUser plus the fields to change; others stay; unknown fields: 400). Non-personal: idMarket and a new dealer's market must be the caller's (403021), preferredLanguage, readOnly, adminEnabledMarket (ADMIN only, else 403001; each market one of the caller's), idDealer (unknown: 404040; null: none). Personal (kept beside the log, only their NAMES recorded): name, surname, phone, mobile (the profile's rules), email (another user's: 409111), fiscalCode (IT market: valid and consistent with name, surname, birth date, else 422103), birthDate (YYYY-MM-DD). Editing oneself is allowed. ${CHANGE} ${NO_STORE} 200 with the card.`, 'ADMIN, CUSTOMER_CENTER', AdminEditUserRequest, AdminUserDetails],
  ['delete', '/api/v1/admin/user', `Delete a user (query idUser): no login any more, every session and token refused from the next request; the history (offers, purchases) and the username stay. Oneself: 409120. ${CHANGE}`, 'ADMIN', undefined, AdminDeleteUserAnswer],
  ['patch', '/api/v1/admin/user/reset-pwd', `Mail the user a single-use password-recovery link (the same link as POST /api/v1/open/pwd-recovery; never a password) to the e-mail on file (none: 409121). At most 5 per user in 15 minutes (429001 with Retry-After). ${CHANGE}`, 'ADMIN, CUSTOMER_CENTER', AdminResetPasswordRequest, AdminResetPasswordAnswer],
  ['patch', '/api/v1/admin/user/enable-disable', `Enable or disable a user (body idUser, flgEnabled). Disabling ends every session, mobile token and live connection of the user at once (the next request: 401) and refuses new logins (403011); re-enabling allows new logins (the old sessions stay ended). Disabling oneself: 409120. ${CHANGE} 200 with the card.`, 'ADMIN, CUSTOMER_CENTER', AdminEnableUserRequest, AdminUserDetails],
  ['post', '/api/v1/admin/user/permission', `Grant a role (body idUser, permission: a role code such as BUYER, VISITOR, ADMIN). Granting a role the user has changes nothing; a new ADMIN or CUSTOMER_CENTER acts on no market until its adminEnabledMarket is set (PUT /api/v1/admin/user). ${CHANGE} 200 with the card.`, 'ADMIN', AdminPermissionRequest, AdminUserDetails],
  ['delete', '/api/v1/admin/user/permission', `Take a role (query permission, userID). Taking one's own ADMIN or CUSTOMER_CENTER: 409120. ${CHANGE} 200 with the card.`, 'ADMIN', undefined, AdminUserDetails],
];
