import { API_ERROR_CODES } from '@auction/contracts';

/**
 * A refusal raised by the shell: who the caller is (401, 403), an unknown resource (404), a conflict (409), a link that
 * is gone (410), or input the domain's rules refuse (422, e.g. a registration rule or a bad document, 600002).
 */
export class AccessError extends Error {
  constructor(
    readonly httpStatus: 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502,
    readonly code: number,
    message: string,
    /** Which fields broke which rule (a form shows each message beside its field). */
    readonly details?: readonly { field: string; rule: string }[],
  ) {
    super(message);
    this.name = 'AccessError';
  }

  static notOwner(): AccessError {
    return new AccessError(403, API_ERROR_CODES.NOT_OWNER, 'only the owner of this auction or an administrator may do this');
  }

  static role(): AccessError {
    return new AccessError(403, API_ERROR_CODES.FORBIDDEN_ROLE, 'your role does not allow this call');
  }

  static disabled(): AccessError {
    return new AccessError(403, API_ERROR_CODES.ACCESS_DENIED, 'your user is disabled or has not given the required consents');
  }
}
