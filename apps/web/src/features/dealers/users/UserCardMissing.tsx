import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.js';
import { ITEM_NOT_FOUND, TARGET_USER_NOT_FOUND, targetErrorCode } from './target-errors.js';

/**
 * The error code a failed `user-edit` load is shown with: an unknown user is "this user does not exist" (404060), a
 * malformed id in the address (the route's params parse) or another 404 "does not exist" (404001); any other refusal
 * keeps its own code (outside my markets…).
 */
export function userCardErrorCode(error: unknown): number {
  if (error instanceof ApiError && error.status === 404) return targetErrorCode(error.errorCode) === TARGET_USER_NOT_FOUND ? TARGET_USER_NOT_FOUND : ITEM_NOT_FOUND;
  if (error instanceof ApiError) return targetErrorCode(error.errorCode);
  return ITEM_NOT_FOUND;
}

/**
 * `user-edit` could not be opened (an odd or stale address, an unknown id, a refusal): said on the page, inside the
 * app's frame, with the way back to the list. Without it the router's bare "Something went wrong!" replaced the
 * whole app, header included.
 */
export function UserCardMissing({ error }: ErrorComponentProps) {
  const { t } = useTranslation('people');
  const code = userCardErrorCode(error);
  return (
    <section aria-labelledby="user-missing-title" data-testid="user-card-missing" data-error-code={code}>
      <div className="page-head"><h1 id="user-missing-title">{t('users.title')}</h1></div>
      <p className="form-error" role="alert">{t(`errors:${code}`, { defaultValue: t(`errors:${ITEM_NOT_FOUND}`) })}</p>
      <p><Link to="/users" data-testid="back-to-users">{t('edit.back')}</Link></p>
    </section>
  );
}
