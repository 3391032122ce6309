import type {
  AdminDeleteUserAnswer, AdminEditUserRequest, AdminResetPasswordAnswer, AdminUserDetails, AdminUsersPage, AuditPage, CreateUserRequest,
  UserDetails, UserProfile,
} from '@auction/contracts';
import type { Role } from '@auction/domain';
import type { Http } from '../../../api/http.js';

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
 */
export function usersApi(http: Http) {
  const quiet = { noSuccessPopup: true } as const;
  return {
    list: (query: UsersListQuery) => http.get<AdminUsersPage>('/api/v1/admin/users', { query: { ...query } }),
    get: (idUser: string) => http.get<AdminUserDetails>('/api/v1/admin/user', { query: { idUser } }),
    save: (body: AdminEditUserRequest) => http.put<AdminUserDetails>('/api/v1/admin/user', body, quiet),
    remove: (idUser: string) => http.delete<AdminDeleteUserAnswer>('/api/v1/admin/user', { ...quiet, query: { idUser } }),
    setEnabled: (idUser: string, flgEnabled: boolean) => http.patch<AdminUserDetails>('/api/v1/admin/user/enable-disable', { idUser, flgEnabled }, quiet),
    resetPassword: (idUser: string) => http.patch<AdminResetPasswordAnswer>('/api/v1/admin/user/reset-pwd', { idUser }, quiet),
    addPermission: (idUser: string, permission: Role) => http.post<AdminUserDetails>('/api/v1/admin/user/permission', { idUser, permission }, quiet),
    removePermission: (idUser: string, permission: Role) =>
      http.delete<AdminUserDetails>('/api/v1/admin/user/permission', { ...quiet, query: { permission, userID: idUser } }),
    audit: (idUser: string, limit: number, offset: number) => http.get<AuditPage>('/api/v1/admin/audit', { query: { idUser, limit, offset } }),
    /** `POST /api/v1/secure/user`: the new-user dialog; the user is mailed a link to set a first password. */
    create: (body: CreateUserRequest) => http.post<UserProfile>('/api/v1/secure/user', body, { noErrorPopup: true, noSuccessPopup: true }),
    /** `GET /api/v1/secure/user`: the logged user's own profile and personal data. */
    me: () => http.get<UserDetails>('/api/v1/secure/user'),
  };
}
export type UsersApi = ReturnType<typeof usersApi>;
