import { CreateUserRequest } from '@auction/contracts';
import { isValidEmail, type Market, type Role } from '@auction/domain';
import { asciiEmail } from '../../identity/invitations/ascii-email.js';

/** The new-user dialog's inputs. */
export interface NewUserDraft {
  readonly email: string;
  readonly name: string;
  readonly surname: string;
  readonly idMarket: Market;
  readonly preferredLanguage: Market;
  readonly idDealer: string;
  readonly roles: readonly Role[];
}

/** Longest e-mail (the invite dialog's and the contract's limit). */
export const NEW_USER_MAX_EMAIL = 100;

/**
 * The `POST /api/v1/secure/user` body of the dialog, or null while it is invalid (send stays disabled). The e-mail
 * follows the invite dialog's rules (IDN in ASCII form, isValidEmail, at most 100) and the rest the contract's;
 * blank names are left out (the API keeps them unknown until the user completes the profile).
 */
export function newUserBody(draft: NewUserDraft): CreateUserRequest | null {
  const email = asciiEmail(draft.email.trim());
  if (email.length > NEW_USER_MAX_EMAIL || !isValidEmail(email)) return null;
  const parsed = CreateUserRequest.safeParse({
    email, idMarket: draft.idMarket, preferredLanguage: draft.preferredLanguage, roles: [...draft.roles],
    ...(draft.name.trim() ? { name: draft.name } : {}),
    ...(draft.surname.trim() ? { surname: draft.surname } : {}),
    ...(draft.idDealer.trim() ? { idDealer: draft.idDealer.trim() } : {}),
  });
  return parsed.success ? parsed.data : null;
}

/** Toggles a role in the dialog's role set (order of first choice kept). */
export function toggleRole(roles: readonly Role[], role: Role): Role[] {
  return roles.includes(role) ? roles.filter((r) => r !== role) : [...roles, role];
}
