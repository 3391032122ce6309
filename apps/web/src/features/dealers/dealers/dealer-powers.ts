import type { UserProfile } from '@auction/contracts';

/** What the logged staff member may change on the dealer screens. */
export interface DealerPowers {
  /** Any change (enable, edit, configure): ADMIN or CUSTOMER_CENTER, not read-only. */
  readonly change: boolean;
  /** Delete a dealer, toggle auctioneer/exhibitor/multi-auctioneer: ADMIN only, not read-only. */
  readonly admin: boolean;
  /** Read-only staff: every change control is disabled and a note says why. */
  readonly readOnly: boolean;
}

/**
 * The role matrix of issue 14 as the screens need it: hide what the role may not do, disable what a read-only user
 * may not do (the API still enforces both: 403 / 403020).
 */
export function dealerPowers(profile: Pick<UserProfile, 'roles'> & { readonly readOnly?: boolean | null } | null): DealerPowers {
  const roles = profile?.roles ?? [];
  const staff = roles.includes('ADMIN') || roles.includes('CUSTOMER_CENTER');
  const readOnly = profile?.readOnly === true;
  return { change: staff && !readOnly, admin: roles.includes('ADMIN') && !readOnly, readOnly };
}
