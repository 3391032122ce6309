import type { PurchaseQuery } from '@auction/contracts';
import { formatDate, parseDate } from '@auction/i18n';

/** The purchase filter form as typed: free text, the channel ('' for all) and dates as DD/MM/YYYY. */
export interface PurchaseFilterForm {
  readonly auctionName: string;
  readonly channel: '' | 'AUCTION' | 'SHOWCASE';
  readonly frame: string;
  readonly fromDate: string;
  readonly toDate: string;
  readonly idUserDealer: string;
  readonly idVehicle: string;
  readonly licensePlate: string;
}

/**
 * The form's fields, in the order they are shown. The page is a dealer's own purchases: the spec's `idUserDealer` and
 * `idVehicle` filters are internal ids a dealer never sees, so the form does not offer them (a URL may still carry them).
 */
export const PURCHASE_FILTER_FIELDS = ['auctionName', 'channel', 'frame', 'fromDate', 'toDate', 'licensePlate'] as const;
export type PurchaseFilterField = (typeof PURCHASE_FILTER_FIELDS)[number];

/** What is wrong with a date field: not a DD/MM/YYYY day, or an end before the start. */
export type FilterError = 'invalidDate' | 'rangeInvalid';

/** The mapping of a form: the query to send, or the fields in error. */
export type FilterMapping =
  | { readonly ok: true; readonly query: PurchaseQuery }
  | { readonly ok: false; readonly errors: Partial<Record<'fromDate' | 'toDate', FilterError>> };

/** An empty form: no filter. */
export const EMPTY_PURCHASE_FILTERS: PurchaseFilterForm = {
  auctionName: '', channel: '', frame: '', fromDate: '', toDate: '', idUserDealer: '', idVehicle: '', licensePlate: '',
};

const TEXT_FIELDS = ['auctionName', 'frame', 'idUserDealer', 'idVehicle', 'licensePlate'] as const;

/**
 * The query of a form: texts trimmed, empty fields omitted, `fromDate` the start and `toDate` the end (inclusive)
 * of the typed day on the browser's clock, both as ISO instants.
 */
export function queryOfForm(form: PurchaseFilterForm): FilterMapping {
  const query: { -readonly [K in keyof PurchaseQuery]: PurchaseQuery[K] } = {};
  for (const field of TEXT_FIELDS) {
    const value = form[field].trim();
    if (value) query[field] = value;
  }
  if (form.channel) query.channel = form.channel;
  const errors: Partial<Record<'fromDate' | 'toDate', FilterError>> = {};
  for (const field of ['fromDate', 'toDate'] as const) {
    const text = form[field].trim();
    if (!text) continue;
    const day = parseDate(text);
    if (!day) errors[field] = 'invalidDate';
    else query[field] = field === 'fromDate'
      ? new Date(day.year, day.month - 1, day.day, 0, 0, 0, 0).toISOString()
      : new Date(day.year, day.month - 1, day.day, 23, 59, 59, 999).toISOString();
  }
  if (!errors.fromDate && !errors.toDate && query.fromDate && query.toDate && query.toDate < query.fromDate) errors.toDate = 'rangeInvalid';
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, query };
}

/** The form showing a query (from the URL): dates back to DD/MM/YYYY on the browser's clock. */
export function formOfQuery(query: PurchaseQuery): PurchaseFilterForm {
  return {
    auctionName: query.auctionName ?? '',
    channel: query.channel ?? '',
    frame: query.frame ?? '',
    fromDate: query.fromDate ? formatDate(query.fromDate) : '',
    toDate: query.toDate ? formatDate(query.toDate) : '',
    idUserDealer: query.idUserDealer ?? '',
    idVehicle: query.idVehicle ?? '',
    licensePlate: query.licensePlate ?? '',
  };
}
