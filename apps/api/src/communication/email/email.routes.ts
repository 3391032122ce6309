import { EmailDeliveryView, EmailQueued, SendEmailRequest, SendEmailUserRequest } from '@auction/contracts';
import type { RouteDoc } from '../../platform/docs/route-doc.js';

const QUEUED =
  'The HTML is sanitised first (scripts, event handlers, frames, forms, style sheets and javascript: links removed; the answer\'s `email` is what will be sent, with a plain-text part made from it); nothing left: 422350. ' +
  'The mail is queued in the outbox (durable before the answer) and sent in the background through the product\'s mailer (SMTP_URL, or the embedded catcher), never within this request; ' +
  'a restart sends only what was not yet sent (the outbox id is the Message-ID). Delivery state: GET /api/v1/admin/email/{idEmail}. Bad input (an address not an e-mail, more than 50 recipients or 20 cc, a repeated address, subject over 200 characters or on two lines, HTML over 100,000 characters): 400001 with details. ' +
  'A read-only back-office user: 403020. An Idempotency-Key makes a retry queue nothing more.';

/** OpenAPI entries of the communication context's e-mails. */
export const EMAIL_ROUTE_DOCS: readonly RouteDoc[] = [
  ['post', '/api/v1/admin/email', `Send an e-mail (the e-mail dialog: recipients, ccRecipients, subject, email as HTML) to 1-50 addresses with 0-20 in copy, as one message. ${QUEUED}`,
    'ADMIN, CUSTOMER_CENTER', SendEmailRequest, EmailQueued],
  ['post', '/api/v1/admin/send-email-user', `Send the same e-mail to 1-100 users by idUsers, one message each to the address kept for the user (ccRecipients copied on each). A user unknown 404060, outside the caller's markets 403021, without an e-mail 409121 (details name it): then nothing is queued. ${QUEUED}`,
    'ADMIN, CUSTOMER_CENTER', SendEmailUserRequest, EmailQueued],
  ['get', '/api/v1/admin/email/{idEmail}', 'The delivery state of a queued e-mail: QUEUED (waiting or being retried), SENT (the relay took it), FAILED (refused, or transient failures past 6 attempts; errorCode 422701/503701/500701 of the mailer). Unknown id: 404350.',
    'ADMIN, CUSTOMER_CENTER', undefined, EmailDeliveryView],
];
