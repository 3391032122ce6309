import type { KnownDealer } from './dealer.js';

/** What the rule reads of a user: its id, whether it is on, and when the back-office last disabled it. */
export interface RestorableUser {
  readonly data: { readonly idUser: string; readonly flgEnabled: boolean };
  readonly disabledAt?: number;
}

/**
 * The users an enabling of `dealer` switches on (issue 21 item 3): those its last disable switched off and that nobody
 * disabled since (their last disable is the dealer's: same instant), never a user disabled one by one; and, at the first
 * approval of a registration, its reference user (created off, never disabled by anyone). A disable written by an
 * earlier release did not list its users: the ones whose last disable is the dealer's are the ones it switched off.
 */
export function usersToRestore(dealer: KnownDealer, users: readonly RestorableUser[]): string[] {
  const off = dealer.switchedOff;
  const firstApproval = dealer.approved === false;
  return users.filter((u) => {
    if (u.data.flgEnabled) return false;
    const id = u.data.idUser;
    if (off && (off.idUsers === null || off.idUsers.includes(id)) && u.disabledAt === off.at) return true;
    return firstApproval && id === dealer.data.idReferenceUser && u.disabledAt === undefined;
  }).map((u) => u.data.idUser);
}
