import type { Market, Role } from '@auction/domain';

/** The authenticated caller of a command or query. */
export interface Actor {
  readonly idUser: string;
  readonly username: string;
  readonly roles: readonly Role[];
  readonly idDealer: string | null;
  readonly flgEnabled: boolean;
  /** The session's read-only flag: a back-office user who sees and cannot change (every non-GET admin call: 403). */
  readonly readOnly?: boolean;
  /** ADMIN / CUSTOMER_CENTER: the markets whose dealers and users they may see and act on. */
  readonly adminEnabledMarket?: readonly Market[];
}

/** Roles of the back-office (`/api/v1/admin/*`): either suffices for the area, single calls may ask for ADMIN alone. */
export const BACK_OFFICE_ROLES: readonly Role[] = ['ADMIN', 'CUSTOMER_CENTER'];

/** True when the actor has one of the roles. */
export function hasRole(actor: Actor, roles: readonly Role[]): boolean {
  return actor.roles.some((r) => roles.includes(r));
}
