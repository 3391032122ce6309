import { API_ERROR_CODES, type AdminEditUserRequest } from '@auction/contracts';
import { REGISTRATION_ERROR_CODES, checkFiscalCodeShape, checkItalianFiscalCode, normalizeFiscalCode, type Market } from '@auction/domain';
import type { AccountsService } from '../../identity/accounts/accounts.service.js';
import type { PersonalData } from '../../identity/accounts/personal-data.js';
import { AccessError } from '../../platform/engine/access-error.js';

const KEYS = ['name', 'surname', 'email', 'phone', 'mobile', 'fiscalCode', 'birthDate'] as const;

/**
 * The personal fields of an admin edit, checked by the rules the user's own forms follow (names and phones by the
 * profile's schema, already parsed), plus: the e-mail is no other user's (409111, any case; stored lower case), and an
 * Italian-market fiscal code is a valid code consistent with the name, surname and birth date the user will have
 * (422103; the registration's `checkItalianFiscalCode`). Answers only the fields given.
 */
export async function personalEdit(request: AdminEditUserRequest, current: PersonalData, market: Market, accounts: AccountsService): Promise<Record<string, string | null>> {
  const next: Record<string, string | null> = {};
  for (const key of KEYS) if (request[key] !== undefined) next[key] = request[key] ?? null;
  if (typeof next.email === 'string') {
    next.email = next.email.toLowerCase();
    const holders = await accounts.usersWithEmail(next.email);
    const named = accounts.userNamed(next.email);
    if (holders.some((u) => u.data.idUser !== request.idUser) || (named && named.data.idUser !== request.idUser)) {
      throw new AccessError(409, API_ERROR_CODES.EMAIL_TAKEN, 'this e-mail belongs to another user');
    }
  }
  if (typeof next.fiscalCode === 'string') {
    next.fiscalCode = next.fiscalCode === '' ? null : next.fiscalCode;
  }
  const fiscalCode = 'fiscalCode' in next ? next.fiscalCode : current.fiscalCode ?? null;
  // Re-checked when the code or what it encodes changes (a surname edit must not leave an inconsistent code behind).
  const touched = ['fiscalCode', 'name', 'surname', 'birthDate'].some((k) => k in next);
  if (fiscalCode && touched) {
    const value = (k: string) => (k in next ? next[k] : current[k] ?? null);
    const name = value('name');
    const surname = value('surname');
    const birthDate = value('birthDate');
    const check = market === 'IT' && name && surname && birthDate
      ? checkItalianFiscalCode({ cf: fiscalCode, name, surname, birthDate })
      : market === 'IT' ? checkFiscalCodeShape(fiscalCode) : { valid: /^[\x21-\x7e]{1,20}$/.test(fiscalCode) };
    if (!check.valid) {
      throw new AccessError(422, REGISTRATION_ERROR_CODES.FISCAL_CODE_INVALID, 'the fiscal code is malformed or does not match the name, surname and birth date');
    }
    if ('fiscalCode' in next && market === 'IT') next.fiscalCode = normalizeFiscalCode(fiscalCode);
  }
  return next;
}
