import { ChangePasswordRequest, PwdRecoveryRequest, VerifyPwdRecoveryRequest } from '@auction/contracts';
import { z } from 'zod';
import type { RouteDoc } from '../../platform/docs/route-doc.js';

const RULE = 'The new password: at least 8 characters, 3 of the 4 classes (lower case, upper case, digit, other), equal to confPassword; else 422104 with details [{field, rule}] (the link is not spent).';

/** The OpenAPI entries of the passwords calls (joined in `identity.routes.ts`). */
export const PASSWORDS_ROUTE_DOCS: RouteDoc[] = [
  ['post', '/api/v1/open/pwd-recovery', 'Ask for a password-recovery link: username (at least 6, at most 50) or e-mail (valid, at most 150), one is enough (else 422105). Answers 200 `{}` (not 201) whether or not an account matches, in the same time: the lookup and the mail happen after the answer. A matching user (username any case, or the e-mail stored for them) gets a mail at their stored address, in their language, with a link (tag, username) valid PASSWORD_RECOVERY_MINUTES (default 60) and usable once; a newer request voids the older links. At most 5 requests per typed username or e-mail and 50 per client address in 15 minutes: else 429001 with Retry-After.', 'anyone', PwdRecoveryRequest, z.object({})],
  ['post', '/api/v1/open/verify-pwd-recovery', `Set a new password from a mailed link (recovery, or the first password of a new user): hash is the link's tag. ${RULE} The tag must be a live recovery or first-password tag of that username: else 410010 (unknown, expired, used, or another user's). Used once: of two concurrent calls one succeeds. A "password changed" mail follows; the old password no longer logs in, the user's other mailed links are void, and every session of the user ends (API calls 401003, live connections closed).`, 'anyone', VerifyPwdRecoveryRequest, 'none'],
  ['post', '/api/v1/secure/change-password', `Change the caller's own password (each field at most 30). The current password (currentPassword) is required, except within 5 minutes of signing in: missing or wrong, 403042; more than 5 tries with it per user in 15 minutes, 429001. ${RULE} A "password changed" mail follows; the user's mailed recovery links are void, and their OTHER sessions and tokens end (API calls 401003, live connections closed): the caller's session stays.`, 'logged in', ChangePasswordRequest, 'none'],
  ['post', '/api/v1/mobile/change-password', `The mobile app's change-password (token header): as POST /api/v1/secure/change-password.`, 'logged in (token)', ChangePasswordRequest, 'none'],
];
