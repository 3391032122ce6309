import { z } from 'zod';
import { MARKETS, ROLES } from '@auction/domain';
import { distinct } from './common.js';

/**
 * Bodies and answers of the password and invitation calls (issue 13 items 6-8), for the OpenAPI description and
 * the web client. The rules themselves (password strength, recovery request, per-market sign-up) are the domain's
 * registration schemas (`passwordRecoverySchema`, `userSignUpSchema(...)` of `@auction/domain`), applied by the API
 * as they are by the forms; these shapes only describe the wire.
 */

const optionalText = (max: number) => z.string().max(max).nullish();

/** `POST /api/v1/open/pwd-recovery`: username or e-mail (one is enough). */
export const PwdRecoveryRequest = z.object({ username: optionalText(50), email: optionalText(150) });
export type PwdRecoveryRequest = z.infer<typeof PwdRecoveryRequest>;

/** `POST /api/v1/open/verify-pwd-recovery`: the new password twice, the link's tag (`hash`) and username. */
export const VerifyPwdRecoveryRequest = z.object({
  password: z.string().max(128), confPassword: z.string().max(128), hash: z.string().trim().min(1).max(200), username: z.string().trim().min(1).max(50),
});
export type VerifyPwdRecoveryRequest = z.infer<typeof VerifyPwdRecoveryRequest>;

/**
 * `POST /api/v1/secure/change-password` and `/mobile/change-password`: the new password twice (at most 30 each), and the current one (required unless the session
 * signed in within the last 5 minutes: 403042 otherwise).
 */
export const ChangePasswordRequest = z.object({ currentPassword: z.string().max(128).optional(), password: z.string().max(30), confPassword: z.string().max(30) });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** `POST /api/v1/secure/user/invite`: the invitee's e-mail and the inviting dealer. */
export const InviteRequest = z.object({
  email: z.string().trim().max(100).pipe(z.email()),
  dealerId: z.string().trim().min(1).max(50),
});
export type InviteRequest = z.infer<typeof InviteRequest>;

/** Query of `GET /api/v1/open/verify-tag`. */
export const VerifyTagQuery = z.object({ email: z.string().trim().min(1).max(100), tag: z.string().min(1).max(200) });
export type VerifyTagQuery = z.infer<typeof VerifyTagQuery>;

/** Answer of `GET /api/v1/open/verify-tag`: what the sign-up page shows read-only. */
export const VerifyTagAnswer = z.object({ email: z.string(), idDealer: z.string(), dealerName: z.string(), idMarket: z.enum(MARKETS) });
export type VerifyTagAnswer = z.infer<typeof VerifyTagAnswer>;

/** `POST /api/v1/open/user-sign-up` (`userSignUpDTO`): the invite sign-up plus the invitation's tag. */
export const UserSignUpRequest = z.object({
  surname: z.string().max(80), name: z.string().max(80), fiscalCode: z.string().max(50).nullish(), email: z.string().trim().min(1).max(100),
  birthDate: z.union([z.string().max(30), z.number()]).nullish(), idDealer: z.string().trim().min(1).max(50), dealerName: z.string().max(100).nullish(),
  consent1: z.boolean(), consent2: z.boolean(), consent3: z.boolean(), tag: z.string().min(1).max(200),
});
export type UserSignUpRequest = z.infer<typeof UserSignUpRequest>;

/** The tag of a sign-up body (the rest is checked by the domain's `userSignUpSchema` of the dealer's market). */
export const SignUpTag = z.object({ tag: z.string().min(1).max(200), email: z.string().trim().min(1).max(100), idDealer: z.string().trim().min(1).max(50) });

/** Answer of `POST /api/v1/open/user-sign-up`. */
export const UserSignUpAnswer = z.object({ idUser: z.string(), username: z.string() });
export type UserSignUpAnswer = z.infer<typeof UserSignUpAnswer>;

/**
 * A name typed by the staff: at most 80, no control characters (a line break or a tab has no place in a name, and
 * would follow it into every mail greeting, export and screen).
 */
// Control characters are Unicode's Cc (U+0000-U+001F, U+007F-U+009F), written out: the OpenAPI pattern must be one
// every generator reads (schemathesis reads no \p{...}).
const personName = () => z.string().trim().max(80).regex(/^[^\x00-\x1F\x7F-\x9F]*$/u, 'must not contain control characters').nullish();

/** `POST /api/v1/secure/user`: an administrator or customer-centre user creates a user (username = the e-mail). */
export const CreateUserRequest = z.object({
  email: z.string().trim().max(100).pipe(z.email()),
  idDealer: z.string().trim().min(1).max(50).nullish(),
  roles: z.array(z.enum(ROLES)).min(1).max(ROLES.length).refine(distinct, { message: 'must not name a role twice' }),
  idMarket: z.enum(MARKETS),
  preferredLanguage: z.enum(MARKETS),
  name: personName(),
  surname: personName(),
}).strict();
export type CreateUserRequest = z.infer<typeof CreateUserRequest>;
