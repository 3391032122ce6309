import { API_ERROR_CODES } from '@auction/contracts';

/** A refusal for who the caller is (403) or an unknown resource (404), raised by the shell. */
export class AccessError extends Error {
  constructor(
    readonly httpStatus: 401 | 403 | 404 | 409,
    readonly code: number,
    message: string,
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
