import { AUTHENTICATION_FAILED_MESSAGE, ApiError, type RequestOptions } from '../../../api/http.js';
import type { Dialogs } from '../../../ui/dialogs.js';

/** The API's "your own account is gone": the shared client logs out after its dialog. */
export const USER_NOT_FOUND = 404010;
/** The API's "the user this call names does not exist" (the target, not the caller). */
export const TARGET_USER_NOT_FOUND = 404060;
/** "The requested page or item does not exist". */
export const ITEM_NOT_FOUND = 404001;

/**
 * The code to show for a refused back-office call about ANOTHER user. The API answers an unknown target with its own
 * code, 404060; the own-account 404010, should it ever come back from such a call, must not tell the staff member
 * "your account was not found, you will be logged out" about someone else, so it reads as 404060 too.
 */
export function targetErrorCode(code: number): number {
  return code === USER_NOT_FOUND ? TARGET_USER_NOT_FOUND : code;
}

/**
 * Whether the shared client would have shown this failure in a dialog: not status 0 (maintenance or the offline
 * banner), not the session-level refusals it answers itself (401, a 403 without code or 403003, the
 * "AuthenticationFailed" message), not its silent codes.
 */
export function shownAsDialog(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status < 400) return false;
  if (error.message === AUTHENTICATION_FAILED_MESSAGE || error.status === 401) return false;
  if (error.status === 403 && (error.errorCode === 403 || error.errorCode === 403003)) return false;
  return error.errorCode !== 400020;
}

/** Options of a call about another user: the client's own error popup off (see {@link aboutTarget}). */
export const TARGET_CALL: RequestOptions = { noSuccessPopup: true, noErrorPopup: true };

/**
 * Runs a call about another user (made with {@link TARGET_CALL}) and shows its refusal with {@link targetErrorCode},
 * so an unknown user never logs the staff member out. The failure is rethrown for the caller.
 */
export function aboutTarget<T>(dialogs: Pick<Dialogs, 'error'>, call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    if (shownAsDialog(error)) void dialogs.error(targetErrorCode(error.errorCode));
    throw error;
  });
}
