import { CreateLeadRequest, LeadDeliveryPage, LeadPage, LeadView, UpdateLeadRequest } from '@auction/contracts';
import type { RouteDoc } from '../../platform/docs/route-doc.js';

const SENDING =
  'Sending marks the campaign SENDING and queues one mail per recipient in the outbox (the mail\'s id is the campaign\'s and the recipient\'s place, so queuing again adds nothing); the background sender sends them through the product\'s mailer, each marked SENT as the relay takes it. ' +
  'After a restart the campaign goes on with the mails not yet sent: nobody gets it twice. Progress: total, sent, failed, queued; DONE once nothing is queued.';

/** OpenAPI entries of the lead campaigns. */
export const LEAD_ROUTE_DOCS: readonly RouteDoc[] = [
  ['post', '/api/v1/admin/lead', 'A new mailing campaign, a DRAFT: name, subject (one line, 200), email (HTML, 50,000; sanitised as in POST /admin/email, nothing left 422350), recipients (1-5,000 distinct e-mail addresses). Bad input 400001.',
    'ADMIN, CUSTOMER_CENTER', CreateLeadRequest, LeadView],
  ['patch', '/api/v1/admin/lead', `Change a DRAFT campaign's fields and/or send it (send: true). ${SENDING} Unknown idLead 404351; no longer a DRAFT 409350 (of two sends at once, one wins).`,
    'ADMIN, CUSTOMER_CENTER', UpdateLeadRequest, LeadView],
  ['get', '/api/v1/admin/lead', 'The campaigns with their progress, paged and sorted by the server (limit 1-100, default 50; offset; sortField createdAt|name|status, sortOrder asc|desc, default createdAt desc; tiebreak idLead).',
    'ADMIN, CUSTOMER_CENTER', undefined, LeadPage],
  ['get', '/api/v1/admin/lead/{idLead}', 'One campaign with its progress. Unknown 404351.', 'ADMIN, CUSTOMER_CENTER', undefined, LeadView],
  ['get', '/api/v1/admin/lead/{idLead}/deliveries', 'Each recipient\'s delivery state (QUEUED, SENT, FAILED with the mailer\'s errorCode), in sending order, paged (limit 1-100, offset). Unknown 404351.',
    'ADMIN, CUSTOMER_CENTER', undefined, LeadDeliveryPage],
];
