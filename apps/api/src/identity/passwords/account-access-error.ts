import { API_ERROR_CODES } from '@auction/contracts';
import { REGISTRATION_ERROR_CODES } from '@auction/domain';
import { AccessError } from '../../platform/engine/access-error.js';

/** One broken rule of a refused body: the field and the rule's message key (`FORM_MESSAGE_KEYS`). */
export interface RuleDetail {
  readonly field: string;
  readonly rule: string;
}

/**
 * A refusal of the password and invitation calls whose status `AccessError` does not name (410 for a dead link, 422
 * for a broken rule, 429 for too many requests). It IS an `AccessError`, so the API's one error filter answers it
 * with its status and numeric code as any other; the broken rules are in `details` (answered beside the code) and in
 * the message.
 */
export class AccountAccessError extends AccessError {
  constructor(status: 410 | 422 | 429, code: number, message: string, details: readonly RuleDetail[] = []) {
    super(status, code, details.length ? `${message}: ${details.map((d) => `${d.field} ${d.rule}`).join('; ')}` : message, details);
  }

  /** 410010: the link is unknown, expired, already used, or for another user, e-mail or dealer. */
  static deadTag(): AccountAccessError {
    return new AccountAccessError(410, API_ERROR_CODES.TAG_INVALID, 'this link is unknown, expired or already used: ask for a new one');
  }

  /** 422104: the new password breaks the rules (min 8, 3 of 4 classes, max, equal). */
  static weakPassword(details: readonly RuleDetail[]): AccountAccessError {
    return new AccountAccessError(422, REGISTRATION_ERROR_CODES.PASSWORD_INVALID, 'the new password is not acceptable', details);
  }

  /** 429001 with the seconds to wait. */
  static tooMany(retryAfterMs: number): AccountAccessError & { retryAfterMs: number } {
    return Object.assign(new AccountAccessError(429, API_ERROR_CODES.TOO_MANY_REQUESTS, 'too many requests: retry later'), { retryAfterMs });
  }
}

/** The rule details of zod issues (`path` joined, message = the rule's key). */
export function detailsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): RuleDetail[] {
  return issues.map((i) => ({ field: i.path.map(String).join('.') || 'body', rule: i.message }));
}
