import type { Role } from '../../shared/statuses.js';

/**
 * Roles that make an account "protected": only an ADMIN grants them, and only an ADMIN changes an account holding one
 * (its e-mail, its enabling, its password link, its dealer's enabling). A customer-centre user could otherwise point a
 * staff or auction-manager account's e-mail at itself and mail itself the reset link: the account's powers (the whole
 * back-office, every auction of a dealer, the showcase) would be theirs.
 */
export const PROTECTED_ROLES: readonly Role[] = ['ADMIN', 'CUSTOMER_CENTER', 'AUCTIONEER', 'MULTI_AUCTIONEER', 'EXHIBITOR'];

/** True when an account holding `roles` is protected (see {@link PROTECTED_ROLES}). */
export function isProtectedAccount(roles: readonly string[]): boolean {
  return roles.some((r) => (PROTECTED_ROLES as readonly string[]).includes(r));
}

/**
 * The one staff-protection rule: may a back-office user with `actorRoles` change the account `target` (any path that
 * reaches it: the user's own calls and a dealer-wide call such as enabling or disabling its dealer)? An ADMIN may; anyone
 * may act on their own account (other rules decide what they may do to themselves); nobody else on a protected account.
 */
export function mayChangeAccount(actor: { readonly idUser: string; readonly roles: readonly string[] }, target: { readonly idUser: string; readonly roles: readonly string[] }): boolean {
  if (actor.roles.includes('ADMIN')) return true;
  return actor.idUser === target.idUser || !isProtectedAccount(target.roles);
}

/** The ids of the accounts among `targets` the actor may not change (empty: every one may be changed). */
export function accountsBeyondReach(
  actor: { readonly idUser: string; readonly roles: readonly string[] },
  targets: readonly { readonly idUser: string; readonly roles: readonly string[] }[],
): string[] {
  return targets.filter((t) => !mayChangeAccount(actor, t)).map((t) => t.idUser);
}
