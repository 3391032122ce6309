import type { AdminUserDetails, UserProfile } from '@auction/contracts';
import { PROTECTED_ROLES, ROLES, mayChangeAccount, type Role } from '@auction/domain';

/** The back-office roles (ADMIN, CUSTOMER_CENTER): either opens the back-office; nobody takes their own (409120). */
export const STAFF_ROLES: readonly Role[] = ['ADMIN', 'CUSTOMER_CENTER'];

/** True for a back-office user: ADMIN or CUSTOMER_CENTER (spec 01 §6: either role suffices). */
export function isStaff(roles: readonly string[]): boolean {
  return roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r));
}

/** The acting user as the back-office screens need it. */
export type Actor = Pick<UserProfile, 'idUser' | 'roles' | 'readOnly'>;

/**
 * The permissions the role picker offers: every role the user does not hold yet, in the order of ROLES; the protected
 * roles (the domain's PROTECTED_ROLES: ADMIN, CUSTOMER_CENTER, AUCTIONEER, MULTI_AUCTIONEER, EXHIBITOR) only when the
 * actor is an ADMIN. The API enforces the same (403040); this only keeps a refused choice off screen.
 */
export function pickableRoles(actor: Actor, held: readonly Role[]): Role[] {
  const admin = actor.roles.includes('ADMIN');
  return ROLES.filter((r) => !held.includes(r) && (admin || !PROTECTED_ROLES.includes(r)));
}

/** What the acting user may do on the user card; each false control is disabled or hidden (the API still enforces). */
export interface UserCapabilities {
  /** The actor is this user: no disable, delete or removing one's own staff role (409120). */
  readonly self: boolean;
  /** Deleted or anonymised: nothing may change (410020). */
  readonly gone: boolean;
  readonly edit: boolean;
  readonly toggleEnabled: boolean;
  readonly resetPassword: boolean;
  /** DELETE /admin/user is ADMIN only. */
  readonly remove: boolean;
  /** POST/DELETE /admin/user/permission are ADMIN only. */
  readonly permissions: boolean;
  /** readOnly and adminEnabledMarket: ADMIN only. */
  readonly adminFields: boolean;
}

/**
 * The role matrix of issue 14 applied to one user card: read-only actors change nothing (403020); ADMIN-only calls
 * (delete, permissions, adminEnabledMarket/readOnly) need ADMIN; only an ADMIN acts on another account with a protected
 * role (the domain's `mayChangeAccount`, 403040); nobody disables or deletes themselves (409120).
 */
export function userCapabilities(actor: Actor, user: Pick<AdminUserDetails, 'idUser' | 'state' | 'roles'>): UserCapabilities {
  const self = actor.idUser === user.idUser;
  const gone = user.state === 'DELETED' || user.state === 'ANONYMISED';
  const actorAdmin = actor.roles.includes('ADMIN');
  const writer = !actor.readOnly && !gone && isStaff(actor.roles) && mayChangeAccount(actor, user);
  const admin = writer && actorAdmin;
  return {
    self, gone,
    edit: writer,
    toggleEnabled: writer && !self,
    resetPassword: writer,
    remove: admin && !self,
    permissions: admin,
    adminFields: admin,
  };
}

/**
 * Why the permission controls of a user card are disabled, as an i18n key of `people` (null: they are not): a read-only
 * account, a deleted or anonymised user, or an actor who is not an ADMIN.
 */
export function permissionsLockedReason(actor: Actor, user: Pick<AdminUserDetails, 'state'>, can: Pick<UserCapabilities, 'permissions'>): string | null {
  if (can.permissions) return null;
  if (actor.readOnly) return 'permissions.whyReadOnly';
  if (user.state === 'DELETED' || user.state === 'ANONYMISED') return 'permissions.whyGone';
  return 'permissions.whyAdminOnly';
}

/** Whether the actor may remove `role` from the user: not one's own ADMIN/CUSTOMER_CENTER (409120). */
export function canRemoveRole(actor: Actor, user: Pick<AdminUserDetails, 'idUser'>, role: Role): boolean {
  return !(actor.idUser === user.idUser && STAFF_ROLES.includes(role));
}
