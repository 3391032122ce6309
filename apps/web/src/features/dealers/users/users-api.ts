import type {
  AdminDeleteUserAnswer, AdminEditUserRequest, AdminResetPasswordAnswer, AdminUserDetails, AdminUsersPage, AuditPage, CreateUserRequest,
  UserDetails, UserProfile,
} from '@auction/contracts';
import type { Role } from '@auction/domain';
import type { Http } from '../../../api/http.js';
import type { Dialogs } from '../../../ui/dialogs.js';
import { TARGET_CALL, aboutTarget } from './target-errors.js';

/** Filters and page of the `users` screen, as sent to `GET /api/v1/admin/users` (the server sorts and pages). */
export interface UsersListQuery {
  readonly username?: string;
  readonly email?: string;
  readonly idDealer?: string;
  readonly idMarket?: string;
  readonly role?: string;
  readonly flgEnabled?: 'true' | 'false';
  readonly limit: number;
  readonly offset: number;
  readonly sortField: string;
  readonly sortOrder: 'asc' | 'desc';
}

/**
 * The users back-office calls (`/api/v1/admin/user*`, `/admin/audit`, `POST /secure/user`). Success dialogs are
 * suppressed: each screen says what happened in its own words (a reset says "a link was mailed", never "done").
 * Calls about one user show their refusals through {@link aboutTarget} (an unknown user is "does not exist", never
 * the catalogue's "your account was not found, you will be logged out"); `get` shows none: its page says it.
 */
export function usersApi(http: Http, dialogs: Pick<Dialogs, 'error'>) {
  const target = TARGET_CALL;
  return {
    list: (query: UsersListQuery) => http.get<AdminUsersPage>('/api/v1/admin/users', { query: { ...query } }),
    get: (idUser: string) => http.get<AdminUserDetails>('/api/v1/admin/user', { noErrorPopup: true, query: { idUser } }),
    save: (body: AdminEditUserRequest) => aboutTarget(dialogs, http.put<AdminUserDetails>('/api/v1/admin/user', body, target)),
    remove: (idUser: string) => aboutTarget(dialogs, http.delete<AdminDeleteUserAnswer>('/api/v1/admin/user', { ...target, query: { idUser } })),
    setEnabled: (idUser: string, flgEnabled: boolean) =>
      aboutTarget(dialogs, http.patch<AdminUserDetails>('/api/v1/admin/user/enable-disable', { idUser, flgEnabled }, target)),
    resetPassword: (idUser: string) => aboutTarget(dialogs, http.patch<AdminResetPasswordAnswer>('/api/v1/admin/user/reset-pwd', { idUser }, target)),
    addPermission: (idUser: string, permission: Role) =>
      aboutTarget(dialogs, http.post<AdminUserDetails>('/api/v1/admin/user/permission', { idUser, permission }, target)),
    removePermission: (idUser: string, permission: Role) =>
      aboutTarget(dialogs, http.delete<AdminUserDetails>('/api/v1/admin/user/permission', { ...target, query: { permission, userID: idUser } })),
    audit: (idUser: string, limit: number, offset: number) =>
      aboutTarget(dialogs, http.get<AuditPage>('/api/v1/admin/audit', { ...target, query: { idUser, limit, offset } })),
    /** `POST /api/v1/secure/user`: the new-user dialog; the user is mailed a link to set a first password. */
    create: (body: CreateUserRequest) => http.post<UserProfile>('/api/v1/secure/user', body, { noErrorPopup: true, noSuccessPopup: true }),
    /** `GET /api/v1/secure/user`: the logged user's own profile and personal data. */
    me: () => http.get<UserDetails>('/api/v1/secure/user'),
  };
}
export type UsersApi = ReturnType<typeof usersApi>;
