import { API_ERROR_CODES } from '@auction/contracts';
import type { AccessErrors } from '@auction/read-models';
import { AccessError } from '../engine/access-error.js';

/** The read models refuse with the API's own errors, so the error filter maps them. */
export const API_ACCESS_ERRORS: AccessErrors = {
  notOwner: (what) => new AccessError(403, API_ERROR_CODES.NOT_OWNER, `only the owner of this ${what} or an administrator may do this`),
  showcaseNotFound: () => new AccessError(404, API_ERROR_CODES.NOT_FOUND, 'showcase not found'),
};
