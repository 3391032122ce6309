import { REGISTRATION_ERROR_CODES } from '@auction/domain';
import { AccessError } from '../../platform/engine/access-error.js';
import { ValidationError } from '../../platform/http/validation.js';

/**
 * A refused IBAN: 422 with {@link REGISTRATION_ERROR_CODES.IBAN_INVALID}. The shell's AccessError is typed for
 * 401/403/404/409 only, while the error filter maps whatever status it carries: the status is set on the instance
 * so the answer is the 422 the registration codes announce (widen AccessError's type to drop this cast).
 */
export function ibanInvalid(reason: string): AccessError {
  const error = new AccessError(409, REGISTRATION_ERROR_CODES.IBAN_INVALID, `the IBAN is not valid (${reason})`);
  Object.defineProperty(error, 'httpStatus', { value: 422 });
  return error;
}

/** A preferred language the user's market does not offer: bad input (400) naming the languages it does. */
export function languageNotOffered(offered: readonly string[]): ValidationError {
  const rule = `must be one of the languages of the user's market: ${offered.join(', ')}`;
  return new ValidationError(`invalid body: preferredLanguage ${rule}`, [{ field: 'preferredLanguage', rule }]);
}
