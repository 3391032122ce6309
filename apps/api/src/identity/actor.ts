import type { Role } from '@auction/domain';

/** The authenticated caller of a command or query. */
export interface Actor {
  readonly idUser: string;
  readonly username: string;
  readonly roles: readonly Role[];
  readonly idDealer: string | null;
  readonly flgEnabled: boolean;
}

/** True when the actor has one of the roles. */
export function hasRole(actor: Actor, roles: readonly Role[]): boolean {
  return actor.roles.some((r) => roles.includes(r));
}
