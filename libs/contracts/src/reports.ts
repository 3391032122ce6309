import { z } from 'zod';
import { ERROR_CODES, LOGIN_TYPES, MARKETS } from '@auction/domain';
import { Id, Instant, isStorableInstant } from './common.js';

/** The back-office reports (`GET /api/v1/admin/report`, spec 02 §3 "Report filters", REPORT_TYPE). */
export const REPORT_TYPES = ['LOGINS', 'OFFERS', 'AWARDS', 'PURCHASES', 'DEALERS'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_FORMATS = ['CSV', 'XLSX'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export { LOGIN_TYPES };

/** The filters of the spec beyond `from`, `to`, `reportType` and `typeExport`, and the report types each one applies to. */
export const REPORT_FILTER_TYPES = {
  idAuction: ['OFFERS', 'AWARDS', 'PURCHASES'],
  idDealer: ['LOGINS', 'OFFERS', 'AWARDS', 'PURCHASES', 'DEALERS'],
  idMarket: ['LOGINS', 'OFFERS', 'AWARDS', 'PURCHASES', 'DEALERS'],
  idTemplate: ['OFFERS', 'AWARDS', 'PURCHASES', 'DEALERS'],
  loginType: ['LOGINS'],
  username: ['LOGINS', 'OFFERS', 'AWARDS', 'PURCHASES', 'DEALERS'],
  vatCode: ['LOGINS', 'OFFERS', 'AWARDS', 'PURCHASES', 'DEALERS'],
  templateName: ['OFFERS', 'AWARDS', 'PURCHASES', 'DEALERS'],
  auctionName: ['OFFERS', 'AWARDS', 'PURCHASES'],
  flgDeleted: ['OFFERS', 'AWARDS', 'PURCHASES', 'DEALERS'],
} as const satisfies Record<string, readonly ReportType[]>;
export type ReportFilterName = keyof typeof REPORT_FILTER_TYPES;

/** True when the filter `name` applies to reports of `type` (the screen shows only those). */
export const reportFilterApplies = (name: ReportFilterName, type: ReportType): boolean =>
  (REPORT_FILTER_TYPES[name] as readonly ReportType[]).includes(type);

/** A day `YYYY-MM-DD` that exists (read in UTC), or an ISO instant with an offset. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (v: string) => DAY.test(v) && isStorableInstant(`${v}T00:00:00Z`) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const DayOrInstant = z.string().trim().max(40).refine((v) => isRealDay(v) || Instant.safeParse(v).success, {
  message: 'must be a day YYYY-MM-DD or an ISO 8601 instant with an offset', abort: true,
});
/** Free text of a "contains" filter: one line, at most 120 characters. */
const Contains = z.string().trim().max(120).refine((v) => !/[\r\n\t]/.test(v), { message: 'must be one line of text' });
const Flag = z.enum(['true', 'false']).transform((v) => v === 'true');
/** An empty filter (`from=`) is no filter: the screen sends only what was filled, other clients may send it empty. */
const optional = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The first instant of a period (`from`): a day starts at 00:00 UTC. */
export const periodStart = (v: string): string => (DAY.test(v) ? `${v}T00:00:00.000Z` : new Date(v).toISOString());
/** The first instant after a period (`to`, exclusive): a day includes its whole (UTC) day; an instant includes itself. */
export const periodEnd = (v: string): string => (DAY.test(v) ? new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000).toISOString() : new Date(Date.parse(v) + 1).toISOString());

/**
 * Query of `GET /api/v1/admin/report`: the report type, the file type (CSV by default) and the spec's filters. Dates
 * are days (UTC) or instants; `from` after `to` is refused (errorCode 400391), and so is a filter this report type does
 * not have (400392); anything else invalid is 400390. Text filters match any part, any case.
 */
export const AdminReportQuery = z.object({
  reportType: z.enum(REPORT_TYPES),
  typeExport: optional(z.enum(REPORT_FORMATS)).transform((v) => v ?? 'CSV'),
  from: optional(DayOrInstant),
  to: optional(DayOrInstant),
  idAuction: optional(Id),
  idDealer: optional(Id),
  idMarket: optional(z.enum(MARKETS)),
  idTemplate: optional(Id),
  loginType: optional(z.enum(LOGIN_TYPES)),
  username: optional(Contains),
  vatCode: optional(Contains),
  templateName: optional(Contains),
  auctionName: optional(Contains),
  flgDeleted: optional(Flag),
}).strict().superRefine((q, ctx) => {
  if (q.from && q.to && periodStart(q.from) >= periodEnd(q.to)) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to', params: { errorCode: ERROR_CODES.REPORT_PERIOD_INVERTED } });
  }
  for (const name of Object.keys(REPORT_FILTER_TYPES) as ReportFilterName[]) {
    if (q[name] !== undefined && !reportFilterApplies(name, q.reportType)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `is not a filter of the ${q.reportType} report`, params: { errorCode: ERROR_CODES.REPORT_FILTER_NOT_APPLICABLE } });
    }
  }
});
export type AdminReportQuery = z.infer<typeof AdminReportQuery>;
/** The report form's fields as typed (every value a string, as in a query string). */
export type AdminReportFields = z.input<typeof AdminReportQuery>;

/**
 * The columns of each report, its header row. Names are stable identifiers, the same in every language, so a script or
 * a spreadsheet reading the file never breaks: instants are ISO 8601 in UTC, amounts exact euros with two decimals.
 */
export const REPORT_COLUMNS = {
  LOGINS: ['loginAt', 'loginType', 'username', 'idUser', 'idDealer', 'businessName', 'vatCode', 'idMarket'],
  OFFERS: [
    'placedAt', 'idOffer', 'amount', 'clickAndBuy', 'username', 'idDealer', 'businessName', 'vatCode', 'idAuction', 'auctionName', 'idMarket',
    'idTemplate', 'templateName', 'idLot', 'lotNumber', 'licensePlate', 'brand', 'model', 'auctionDeleted',
  ],
  AWARDS: [
    'closedAt', 'awardStatus', 'amount', 'username', 'idDealer', 'businessName', 'vatCode', 'idAuction', 'auctionName', 'idMarket', 'idTemplate',
    'templateName', 'idLot', 'lotNumber', 'licensePlate', 'brand', 'model', 'auctionDeleted',
  ],
  PURCHASES: [
    'purchasedAt', 'channel', 'price', 'username', 'idDealer', 'businessName', 'vatCode', 'idAuction', 'auctionName', 'idMarket', 'idTemplate',
    'templateName', 'idLot', 'idVehicle', 'licensePlate', 'brand', 'model', 'auctionDeleted',
  ],
  DEALERS: [
    'createdAt', 'idDealer', 'businessName', 'vatCode', 'idMarket', 'country', 'region', 'city', 'status', 'email', 'username', 'auctioneer',
    'exhibitor', 'multiAuctioneer',
  ],
} as const satisfies Record<ReportType, readonly string[]>;
