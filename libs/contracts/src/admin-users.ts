import { z } from 'zod';
import { MARKETS, ROLES, parseBirthDate } from '@auction/domain';
import { adminPage, adminPageQuery, adminQueryInt } from './admin-common.js';
import { UserProfile } from './auth.js';
import { Id, REAL_DAY_1900_2099 } from './common.js';
import { UpdateUserRequest, UserPersonal } from './profile.js';

/**
 * Wire shapes of the users back-office (`/api/v1/admin/user*`, issue 14): the user list and card, the edit, the
 * enable/disable and permission toggles, the password-reset link and the audit trail's query. The personal fields
 * (names, e-mail, phones, fiscal code, birth date) live beside the log; the edit records only their NAMES.
 */

/** Sort keys of `GET /api/v1/admin/users` (sorted by the server, ties broken by `idUser`). */
export const ADMIN_USER_SORTS = ['username', 'idUser', 'idDealer', 'idMarket', 'flgEnabled'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];

/** A user as the back-office sees its life: usable, disabled by staff, deleted or anonymised (gone: no change allowed). */
export const ADMIN_USER_STATES = ['ENABLED', 'DISABLED', 'DELETED', 'ANONYMISED'] as const;
export type AdminUserState = (typeof ADMIN_USER_STATES)[number];

// Control characters are Unicode's Cc (U+0000-U+001F, U+007F-U+009F), written out: the OpenAPI pattern must be one
// every generator reads (schemathesis reads no \p{...}).
const filterText = (max: number) => z.string().trim().max(max).regex(/^[^\x00-\x1F\x7F-\x9F]*$/u, 'must not contain control characters').optional()
  .transform((v) => (v === '' ? undefined : v));

/**
 * Query of `GET /api/v1/admin/users` (unknown parameters, as a misspelt or `name[x]` filter, are 400: a filter
 * silently dropped would list everyone): filters (username: part of it, any case; email: the whole address, any case;
 * idDealer, idMarket, role, flgEnabled: exact) and one page. Only the caller's markets are listed; a requested market
 * outside them is 403021.
 */
export const AdminUsersQuery = adminPageQuery(ADMIN_USER_SORTS, 'username').extend({
  username: filterText(100),
  email: filterText(150),
  idDealer: Id.optional(),
  idMarket: z.enum(MARKETS).optional(),
  role: z.enum(ROLES).optional(),
  flgEnabled: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
}).strict();
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** One row of the `users` screen. */
export const AdminUserRow = z.object({
  idUser: z.string(),
  username: z.string(),
  roles: z.array(z.enum(ROLES)),
  idDealer: z.string().nullable(),
  idMarket: z.enum(MARKETS),
  flgEnabled: z.boolean(),
  readOnly: z.boolean(),
  state: z.enum(ADMIN_USER_STATES),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

/** Answer of `GET /api/v1/admin/users`. */
export const AdminUsersPage = adminPage(AdminUserRow);
export type AdminUsersPage = z.infer<typeof AdminUsersPage>;

/** Query of `GET` and `DELETE /api/v1/admin/user`. */
export const AdminUserQuery = z.strictObject({ idUser: Id });
export type AdminUserQuery = z.infer<typeof AdminUserQuery>;

/**
 * Answer of `GET`/`PUT /api/v1/admin/user` and of the toggles: the profile, the back-office state, when it was last
 * disabled (ISO, null: never) and the personal data (the IBAN masked: the card is not its owner's screen).
 */
export const AdminUserDetails = UserProfile.extend({
  state: z.enum(ADMIN_USER_STATES),
  disabledAt: z.string().nullable(),
  personal: UserPersonal,
});
export type AdminUserDetails = z.infer<typeof AdminUserDetails>;

/** A birth date `YYYY-MM-DD`: a real day between 1900 and 2099 (parseBirthDate's bounds), one pattern, as described. */
const isoDate = z.string().trim().max(10).regex(new RegExp(`^${REAL_DAY_1900_2099}$`), 'must be a real date YYYY-MM-DD between 1900 and 2099')
  .refine((v) => parseBirthDate(v) !== null, { message: 'must be a real date between 1900 and 2099' });

/**
 * Body of `PUT /api/v1/admin/user`: fields not given stay; anything else (username, roles, flgEnabled...) is refused
 * (400). `adminEnabledMarket` only an ADMIN may set; `readOnly` and `adminEnabledMarket` make sense for staff.
 * Personal fields follow the profile's rules (names, phones), the e-mail must be free (409111), the fiscal code is
 * checked by the registration rules (Italian code of the user's market IT); `null` clears an optional field.
 */
export const AdminEditUserRequest = z.strictObject({
  idUser: Id,
  idMarket: z.enum(MARKETS).optional(),
  preferredLanguage: UpdateUserRequest.shape.preferredLanguage,
  readOnly: z.boolean().optional(),
  adminEnabledMarket: z.array(z.enum(MARKETS)).max(MARKETS.length).optional(),
  idDealer: Id.nullable().optional(),
  name: UpdateUserRequest.shape.name,
  surname: UpdateUserRequest.shape.surname,
  email: z.string().trim().max(100).pipe(z.email()).optional(),
  phone: UpdateUserRequest.shape.phone,
  mobile: UpdateUserRequest.shape.mobile,
  fiscalCode: z.string().trim().max(50).nullable().optional(),
  birthDate: isoDate.nullable().optional(),
});
export type AdminEditUserRequest = z.infer<typeof AdminEditUserRequest>;

/** Body of `PATCH /api/v1/admin/user/reset-pwd`: the user is mailed a recovery link (never a password). */
export const AdminResetPasswordRequest = z.strictObject({ idUser: Id });
export type AdminResetPasswordRequest = z.infer<typeof AdminResetPasswordRequest>;

/** Answer of `PATCH /api/v1/admin/user/reset-pwd`: the link was mailed to the user's e-mail on file. */
export const AdminResetPasswordAnswer = z.object({ idUser: z.string(), mailed: z.literal(true) });
export type AdminResetPasswordAnswer = z.infer<typeof AdminResetPasswordAnswer>;

/** Body of `PATCH /api/v1/admin/user/enable-disable`. Disabling ends every session and mobile token of the user. */
export const AdminEnableUserRequest = z.strictObject({ idUser: Id, flgEnabled: z.boolean() });
export type AdminEnableUserRequest = z.infer<typeof AdminEnableUserRequest>;

/** Body of `POST /api/v1/admin/user/permission`: the role code to grant. */
export const AdminPermissionRequest = z.strictObject({ idUser: Id, permission: z.enum(ROLES) });
export type AdminPermissionRequest = z.infer<typeof AdminPermissionRequest>;

/** Query of `DELETE /api/v1/admin/user/permission` (the spec's names: `permission`, `userID`). */
export const AdminPermissionQuery = z.strictObject({ permission: z.enum(ROLES), userID: Id });
export type AdminPermissionQuery = z.infer<typeof AdminPermissionQuery>;

/** Answer of `DELETE /api/v1/admin/user`. */
export const AdminDeleteUserAnswer = z.object({ idUser: z.string(), state: z.literal('DELETED') });
export type AdminDeleteUserAnswer = z.infer<typeof AdminDeleteUserAnswer>;

/**
 * Query of `GET /api/v1/admin/audit`: exactly one of `idUser` (that user's stream) or `idDealer` (the dealer's stream
 * and its users' streams); newest first.
 */
export const AdminAuditQuery = z.strictObject({
  idUser: Id.optional(),
  idDealer: Id.optional(),
  limit: adminQueryInt(1, 100, 20),
  offset: adminQueryInt(0, 1_000_000, 0),
}).refine((q) => (q.idUser === undefined) !== (q.idDealer === undefined), { message: 'give exactly one of idUser and idDealer' });
export type AdminAuditQuery = z.infer<typeof AdminAuditQuery>;
