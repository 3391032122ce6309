import { API_ERROR_CODES } from '@auction/contracts';
import { accountsBeyondReach, isProtectedAccount, mayChangeAccount } from '@auction/domain';
import { AccessError } from '../platform/engine/access-error.js';
import type { Actor } from './actor.js';

type Target = { readonly data: { readonly idUser: string; readonly roles: readonly string[] } };

/**
 * The back-office's staff protection (the domain's `mayChangeAccount`), for every path that reaches a user: only an
 * ADMIN changes an account holding a protected role (ADMIN, CUSTOMER_CENTER, AUCTIONEER, MULTI_AUCTIONEER, EXHIBITOR).
 * Throws 403040.
 */
export function assertMayChangeAccount(actor: Actor, user: Target): void {
  if (!mayChangeAccount(actor, user.data)) {
    throw new AccessError(403, API_ERROR_CODES.PROTECTED_ACCOUNT, 'only an administrator may change an account with a staff, auctioneer or exhibitor role');
  }
}

/** Dealer-wide calls (enable, disable): every user of the dealer must be within the caller's reach, else 403041. */
export function assertMayChangeDealerUsers(actor: Actor, users: readonly Target[]): void {
  const beyond = accountsBeyondReach(actor, users.map((u) => u.data));
  if (beyond.length > 0) {
    throw new AccessError(403, API_ERROR_CODES.PROTECTED_DEALER, 'only an administrator may enable or disable a dealer one of whose users has a staff, auctioneer or exhibitor role');
  }
}

/** Giving roles (a new user's, a permission): a protected role only by an ADMIN, else 403040. */
export function assertMayGrantRoles(actor: Actor, roles: readonly string[]): void {
  if (isProtectedAccount(roles) && !actor.roles.includes('ADMIN')) {
    throw new AccessError(403, API_ERROR_CODES.PROTECTED_ACCOUNT, 'only an administrator may give a staff, auctioneer or exhibitor role');
  }
}
