import type { RouteDoc } from '../platform/docs/route-doc.js';
import { EMAIL_ROUTE_DOCS } from './email/email.routes.js';
import { LEAD_ROUTE_DOCS } from './lead/lead.routes.js';
import { PUSH_ROUTE_DOCS } from './push/push.routes.js';
import { REPORT_ROUTE_DOCS } from './report/report.routes.js';

/** The OpenAPI entries of the communication context. */
export const COMMUNICATION_ROUTE_DOCS: readonly RouteDoc[] = [...EMAIL_ROUTE_DOCS, ...LEAD_ROUTE_DOCS, ...PUSH_ROUTE_DOCS, ...REPORT_ROUTE_DOCS];
