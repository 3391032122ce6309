import { REGISTRATION_ERROR_CODES } from '@auction/domain';
import { AccessError } from '../../platform/engine/access-error.js';
import { ValidationError } from '../../platform/http/validation.js';

/** A refused IBAN: 422 with {@link REGISTRATION_ERROR_CODES.IBAN_INVALID}, the status the registration codes announce. */
export function ibanInvalid(reason: string): AccessError {
  return new AccessError(422, REGISTRATION_ERROR_CODES.IBAN_INVALID, `the IBAN is not valid (${reason})`);
}

/** A preferred language the user's market does not offer: bad input (400) naming the languages it does. */
export function languageNotOffered(offered: readonly string[]): ValidationError {
  const rule = `must be one of the languages of the user's market: ${offered.join(', ')}`;
  return new ValidationError(`invalid body: preferredLanguage ${rule}`, [{ field: 'preferredLanguage', rule }]);
}
