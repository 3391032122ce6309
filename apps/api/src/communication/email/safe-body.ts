import { API_ERROR_CODES } from '@auction/contracts';
import { sanitizeMailHtml, textOfMailHtml } from '@auction/mail';
import { AccessError } from '../../platform/engine/access-error.js';

/** A composed e-mail's HTML as it will be sent (sanitised); nothing left to send: 422350. */
export function safeMailBody(html: string): string {
  const safe = sanitizeMailHtml(html);
  if (!textOfMailHtml(safe) && !/<img\b/i.test(safe)) {
    throw new AccessError(422, API_ERROR_CODES.EMAIL_EMPTY_AFTER_SANITISING, 'nothing is left of the e-mail once unsafe content is removed', [{ field: 'email', rule: 'empty once sanitised' }]);
  }
  return safe;
}
