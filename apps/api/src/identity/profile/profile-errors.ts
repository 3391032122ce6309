import { REGISTRATION_ERROR_CODES } from '@auction/domain';
import { API_ERROR_CODES } from '@auction/contracts';
import { AccessError } from '../../platform/engine/access-error.js';

/** A refused IBAN: 422 with {@link REGISTRATION_ERROR_CODES.IBAN_INVALID}, the status the registration codes announce. */
export function ibanInvalid(reason: string): AccessError {
  return new AccessError(422, REGISTRATION_ERROR_CODES.IBAN_INVALID, `the IBAN is not valid (${reason})`);
}

/**
 * A preferred language the user's market does not offer, naming the languages it does: 422 (422520), a rule of the
 * user's market as other rules that depend on stored state, not a malformed body (a language code, 400, is checked
 * before).
 */
export function languageNotOffered(offered: readonly string[]): AccessError {
  const rule = `must be one of the languages of the user's market: ${offered.join(', ')}`;
  return new AccessError(422, API_ERROR_CODES.LANGUAGE_NOT_OFFERED, `preferredLanguage ${rule}`, [{ field: 'preferredLanguage', rule }]);
}
