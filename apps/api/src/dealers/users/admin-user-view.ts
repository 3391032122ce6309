import { maskIban, type AdminUserDetails, type AdminUserRow, type AdminUserState, type AdminUsersQuery, type UserPersonal } from '@auction/contracts';
import type { UserState } from '@auction/domain';
import type { PersonalData } from '../../identity/accounts/personal-data.js';
import { profileOf } from '../../identity/auth.service.js';

/** A user known to the engine, whatever its back-office state. */
export type KnownUser = Extract<UserState, { status: 'ACTIVE' }>;

const PERSONAL_KEYS = ['name', 'surname', 'email', 'phone', 'mobile', 'fiscalCode', 'birthDate', 'iban'] as const;

/** The back-office state of a user: gone (anonymised, deleted) wins over disabled. */
export function adminStateOf(user: KnownUser): AdminUserState {
  if (user.anonymised) return 'ANONYMISED';
  if (user.deleted) return 'DELETED';
  return user.data.flgEnabled ? 'ENABLED' : 'DISABLED';
}

/** The personal part of the card, every field null when not on file; the IBAN masked (the card is not its owner's). */
export function adminPersonalOf(data: PersonalData): UserPersonal {
  const value = (key: (typeof PERSONAL_KEYS)[number]) => (typeof data[key] === 'string' ? data[key] : null);
  const personal = Object.fromEntries(PERSONAL_KEYS.map((k) => [k, value(k)])) as UserPersonal;
  return { ...personal, iban: personal.iban === null ? null : maskIban(personal.iban) };
}

/** The card of `GET /admin/user`. */
export function adminDetailsOf(user: KnownUser, personal: PersonalData): AdminUserDetails {
  return {
    ...profileOf(user),
    state: adminStateOf(user),
    disabledAt: user.disabledAt === undefined ? null : new Date(user.disabledAt).toISOString(),
    personal: adminPersonalOf(personal),
  };
}

/** One row of the `users` list. */
export function adminRowOf(user: KnownUser, personal: PersonalData | undefined): AdminUserRow {
  const d = user.data;
  const text = (key: string) => (typeof personal?.[key] === 'string' ? (personal[key] as string) : null);
  return {
    idUser: d.idUser, username: d.username, roles: [...d.roles], idDealer: d.idDealer, idMarket: d.idMarket,
    flgEnabled: d.flgEnabled, readOnly: d.readOnly === true, state: adminStateOf(user),
    name: text('name'), surname: text('surname'), email: text('email'),
  };
}

/**
 * The order of the user list: the requested key (text without case; `null` dealers last either way), ties by `idUser`
 * so pages never overlap or skip.
 */
export function adminUserOrder(query: Pick<AdminUsersQuery, 'sortField' | 'sortOrder'>): (a: KnownUser, b: KnownUser) => number {
  const sign = query.sortOrder === 'desc' ? -1 : 1;
  const byId = (a: KnownUser, b: KnownUser) => (a.data.idUser < b.data.idUser ? -1 : a.data.idUser > b.data.idUser ? 1 : 0);
  const text = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
  return (a, b) => {
    let c = 0;
    switch (query.sortField) {
      case 'username': c = text(a.data.username, b.data.username); break;
      case 'idMarket': c = text(a.data.idMarket, b.data.idMarket); break;
      case 'flgEnabled': c = Number(a.data.flgEnabled) - Number(b.data.flgEnabled); break;
      case 'idDealer': {
        if ((a.data.idDealer === null) !== (b.data.idDealer === null)) return a.data.idDealer === null ? 1 : -1;
        c = text(a.data.idDealer ?? '', b.data.idDealer ?? '');
        break;
      }
      case 'idUser': break;
    }
    return sign * (c || byId(a, b));
  };
}
