import { z } from 'zod';
import { AdminAuditQuery, AdminReportQuery, HandOverUsersQuery, REPORT_FILTER_TYPES, SendPushRequest, TopCmsCreate } from '@auction/contracts';

/** What JavaScript's `trim` removes (its \s), written out: other languages' \s, which a generator reads, is another set. */
export const JS_BLANKS = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/**
 * `GET /admin/report`'s query as described: the fields of AdminReportQuery but `from` and `to`. That `from` is not after
 * `to` (400391) is a rule JSON Schema cannot state (it compares two dates); the two are named in the call's summary
 * and checked by the call, but left out of the parameters, so that a request valid by the description is one the call
 * takes. The filters a report type does not have (400392) are stated (REPORT_QUERY_RULES).
 */
export const ReportQueryDescribed = z.strictObject(Object.fromEntries(Object.entries(AdminReportQuery.shape).filter(([name]) => name !== 'from' && name !== 'to')));

/**
 * Rules between the fields of one query or body that the contracts check in a refinement, which zod's JSON Schema
 * converter drops: stated here in JSON Schema, keyed by the schema they complete (openapi.ts adds them to its
 * description). A query with such a rule is described as one object parameter (style form, exploded: the same
 * `a=1&b=2` on the wire), the only way OpenAPI relates two query parameters.
 */
export const CROSS_FIELD_RULES = new Map<unknown, Record<string, unknown>>([
  // admin-users.ts: exactly one of idUser and idDealer.
  [AdminAuditQuery, { oneOf: [{ required: ['idUser'] }, { required: ['idDealer'] }] }],
  // handover-users.ts: a sendToSup list names the provenance (not blank).
  [HandOverUsersQuery, { anyOf: [
    { properties: { action: { not: { const: 'sendToSup' } } } },
    { required: ['provenance'], properties: { provenance: { pattern: `[^${JS_BLANKS}]` } } },
  ] }],
  // push.ts: at least one recipient: idUsers, idDealers or market.
  [SendPushRequest, { anyOf: [{ required: ['idUsers'] }, { required: ['idDealers'] }, { required: ['market'] }] }],
  // top-cms.ts: a call to action has a label and a link, or neither (absent, null and "" are none).
  [TopCmsCreate, { anyOf: [
    { properties: { ctaLabel: { anyOf: [{ type: 'null' }, { type: 'string', maxLength: 0 }] }, ctaUrl: { anyOf: [{ type: 'null' }, { type: 'string', maxLength: 0 }] } } },
    { required: ['ctaLabel', 'ctaUrl'], properties: { ctaLabel: { type: 'string', minLength: 1 }, ctaUrl: { type: 'string', minLength: 1 } } },
  ] }],
  // reports.ts: a filter only with the report types that have it (else 400392).
  [ReportQueryDescribed, { allOf: Object.entries(REPORT_FILTER_TYPES).map(([name, types]) => ({
    anyOf: [{ not: { required: [name] } }, { properties: { reportType: { enum: types } } }],
  })) }],
]);
