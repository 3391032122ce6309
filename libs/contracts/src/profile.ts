import { z } from 'zod';
import { hasUnsafeCharacter } from '@auction/domain';
import { UserProfile } from './auth.js';
import { Id, QueryInt } from './common.js';

/**
 * The logged user's personal data, kept beside the event log (never in an event). Every field is null when not
 * known: demo users and users created before a field existed have none. `iban` is the owner's own account, shown
 * whole to the owner only, in electronic form (`IT60X0542811101000000123456`); lists of users never carry it whole
 * (see {@link maskIban}).
 */
export const UserPersonal = z.object({
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  mobile: z.string().nullable(),
  fiscalCode: z.string().nullable(),
  /** ISO `YYYY-MM-DD`. */
  birthDate: z.string().nullable(),
  iban: z.string().nullable(),
});
export type UserPersonal = z.infer<typeof UserPersonal>;

/** Answer of `GET/PUT /api/v1/secure/user` and `/mobile/user`: the profile (unchanged for its readers) plus `personal`. */
export const UserDetails = UserProfile.extend({ personal: UserPersonal });
export type UserDetails = z.infer<typeof UserDetails>;

/** Answer of `GET /api/v1/secure/logged` and `/mobile/logged`: the profile, or null without a valid session. */
export const LoggedAnswer = UserProfile.nullable();

/**
 * A person's name as typed: trimmed, 1 to 80 characters (spec 01 §5), no control or bidirectional characters, and at
 * least one letter: a name of only invisible (U+200B) or punctuation characters would show as a blank or a dot on
 * every list and e-mail.
 */
export const PersonName = z.string().trim().min(1).max(80)
  .refine((v) => !hasUnsafeCharacter(v), { message: 'must not contain control characters' })
  .refine((v) => /\p{L}/u.test(v), { message: 'must contain a letter' });
/**
 * A phone number as typed: up to 50 characters (spec 01 §3), digits and the usual separators, with at least one
 * digit (`-----` is no number); null or '' clears it.
 */
const phone = z.string().trim().max(50).regex(/^[0-9+()./ -]*$/, 'must be a phone number: digits, spaces and + ( ) . / -')
  // One regex (not a refinement) so that the OpenAPI description states it too.
  .regex(/^$|[0-9]/, 'must contain a digit').nullable()
  .transform((v) => (v === '' ? null : v));

/**
 * Body of `PUT /api/v1/secure/user` and `/mobile/user`: what the caller may change of their own account. Fields not
 * given stay. Anything else (username, roles, idDealer, flgEnabled, idMarket, email...) is refused (400), not ignored,
 * so a client never believes it changed what it cannot. `preferredLanguage` is a language code (any case) that
 * the user's market offers (checked by the API against `marketLanguages`).
 */
export const UpdateUserRequest = z.strictObject({
  preferredLanguage: z.string().trim().min(2).max(5).regex(/^[A-Za-z]+$/, 'must be a language code such as it or en').transform((v) => v.toLowerCase()).optional(),
  consent1: z.boolean().optional(),
  consent2: z.boolean().optional(),
  consent3: z.boolean().optional(),
  name: PersonName.optional(),
  surname: PersonName.optional(),
  phone: phone.optional(),
  mobile: phone.optional(),
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

/** Body of `PUT /api/v1/secure/user/iban`; the IBAN itself is checked by the domain's `checkIban` (422106). */
export const UpdateIbanRequest = z.strictObject({ iban: z.string().max(64) });
export type UpdateIbanRequest = z.infer<typeof UpdateIbanRequest>;

/** Sort keys of `GET /api/v1/secure/users-dealer`. */
export const DEALER_USER_SORTS = ['username', 'surname'] as const;

/** A page bound in digits ({@link QueryInt}: the offset's 1000000 has 7 of them), else the default. */
const queryInt = (min: number, max: number, fallback: number) => QueryInt(min, max).optional().default(fallback);

/** Query of `GET /api/v1/secure/users-dealer`: the dealer, one page (default 20, at most 100), sorted by the server. */
export const UsersOfDealerQuery = z.object({
  idDealer: Id,
  limit: queryInt(1, 100, 20),
  offset: queryInt(0, 1_000_000, 0),
  sort: z.enum(DEALER_USER_SORTS).optional().default('username'),
  order: z.enum(['asc', 'desc']).optional().default('asc'),
});
export type UsersOfDealerQuery = z.infer<typeof UsersOfDealerQuery>;

/** One user of a dealer: who it is and how to reach them; no fiscal code or birth date, the IBAN masked ({@link maskIban}). */
export const DealerUserRow = z.object({
  idUser: z.string(),
  username: z.string(),
  roles: UserProfile.shape.roles,
  flgEnabled: z.boolean(),
  consentsGiven: z.boolean(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  email: z.string().nullable(),
  /** Masked: country, stars, last four characters; null when none is on file. */
  iban: z.string().nullable(),
});
export type DealerUserRow = z.infer<typeof DealerUserRow>;

/** Answer of `GET /api/v1/secure/users-dealer`: the page and the total over all pages. */
export const DealerUsersPage = z.object({ total: z.number().int().nonnegative(), items: z.array(DealerUserRow) });
export type DealerUsersPage = z.infer<typeof DealerUsersPage>;

/** Body of `POST /api/v1/mobile/fcm-token`: the device's push token, 1 to 4096 printable ASCII characters, no blanks. */
export const FcmTokenRequest = z.strictObject({ fcmToken: z.string().min(1).max(4096).regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without blanks') });
export type FcmTokenRequest = z.infer<typeof FcmTokenRequest>;

/**
 * An IBAN for a screen that is not its owner's (an administrator's list): the country and the last four characters,
 * the rest starred (`IT***********************3456`), enough to tell which account is on file without giving it away.
 */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  if (compact.length <= 6) return '*'.repeat(compact.length);
  return `${compact.slice(0, 2)}${'*'.repeat(compact.length - 6)}${compact.slice(-4)}`;
}
