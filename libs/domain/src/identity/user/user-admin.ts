import { MARKETS, ROLES, type Market, type Role } from '../../shared/statuses.js';
import type { UserData, UserState } from './user.js';

/**
 * What the back-office may change of a user that is not personal data (names, e-mail, phone, fiscal code sit in
 * the personal-data store beside the log, so erasing them never needs an event rewritten). Only the fields that
 * change are carried, so the log is the audit trail: who (`by`, a user id, never a name) changed what and when.
 */
export interface AdminUserChange {
  readonly idMarket?: Market;
  readonly preferredLanguage?: string;
  /** The read-only flag of the spec's session: such a user sees the back-office and cannot change anything. */
  readonly readOnly?: boolean;
  /** The markets an administrator or customer-centre user may act on (their dealers and users only). */
  readonly adminEnabledMarket?: readonly Market[];
  readonly idDealer?: string | null;
}

import type { AuditStamp } from '../../shared/audit.js';

export type { AuditStamp } from '../../shared/audit.js';

/** Body of `UserEditedByAdmin`: the changed non-personal fields, and the NAMES of the personal fields that changed. */
export type UserEditedByAdminData = AdminUserChange & AuditStamp & { readonly idUser: string; readonly personalFields?: readonly string[] };

/** The label shown wherever an anonymised user's username was: stable per user, carries no personal data. */
export function anonymousName(idUser: string): string {
  return `anonymous-${idUser}`;
}

/**
 * The admin change to record against the current data: the requested fields that differ, or null when none does
 * (a repeated save writes nothing, unless personal fields changed: their names alone are then recorded). Pure.
 */
export function adminChangeDelta(data: UserData, change: AdminUserChange, personalFields: readonly string[], stamp: AuditStamp): UserEditedByAdminData | null {
  const delta: { -readonly [K in keyof UserEditedByAdminData]?: UserEditedByAdminData[K] } = {};
  if (change.idMarket !== undefined && change.idMarket !== data.idMarket) delta.idMarket = change.idMarket;
  if (change.preferredLanguage !== undefined && change.preferredLanguage !== data.preferredLanguage) delta.preferredLanguage = change.preferredLanguage;
  if (change.readOnly !== undefined && change.readOnly !== (data.readOnly ?? false)) delta.readOnly = change.readOnly;
  if (change.adminEnabledMarket !== undefined && !sameSet(change.adminEnabledMarket, data.adminEnabledMarket ?? [])) delta.adminEnabledMarket = [...new Set(change.adminEnabledMarket)].sort();
  if (change.idDealer !== undefined && change.idDealer !== data.idDealer) delta.idDealer = change.idDealer;
  if (Object.keys(delta).length === 0 && personalFields.length === 0) return null;
  return { idUser: data.idUser, ...delta, ...(personalFields.length ? { personalFields: [...personalFields].sort() } : {}), by: stamp.by, at: stamp.at };
}

/** The user's data after a `UserEditedByAdmin` (odd bodies ignored field by field: evolve never throws). */
export function withAdminChange(data: UserData, event: Partial<UserEditedByAdminData>): UserData {
  const next: { -readonly [K in keyof UserData]: UserData[K] } = { ...data };
  if ((MARKETS as readonly unknown[]).includes(event.idMarket)) next.idMarket = event.idMarket as Market;
  if (typeof event.preferredLanguage === 'string' && event.preferredLanguage !== '') next.preferredLanguage = event.preferredLanguage;
  if (typeof event.readOnly === 'boolean') next.readOnly = event.readOnly;
  if (Array.isArray(event.adminEnabledMarket)) next.adminEnabledMarket = event.adminEnabledMarket.filter((m): m is Market => (MARKETS as readonly unknown[]).includes(m));
  if (event.idDealer === null || typeof event.idDealer === 'string') next.idDealer = event.idDealer;
  return next;
}

/** The roles of a `UserRolesChanged` body that are roles (unknown ones dropped, order of ROLES, no duplicates). */
export function knownRoles(roles: unknown): Role[] {
  return Array.isArray(roles) ? ROLES.filter((r) => roles.includes(r)) : [];
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
}

/**
 * The showcase rule of one user, in one place: true when the back-office shut the showcase to it
 * (`UserShowcaseAccessChanged` with flgEnabled false, `PUT /admin/user-buyer-showcase`), so it neither sees nor buys
 * there. Open by default; an unknown user is not shut (its own refusal follows elsewhere).
 */
export function showcaseShut(user: UserState | undefined): boolean {
  return user?.status === 'ACTIVE' && user.showcaseClosed === true;
}
