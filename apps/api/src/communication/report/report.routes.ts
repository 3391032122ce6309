import { AdminReportQuery, REPORT_COLUMNS, REPORT_FILTER_TYPES } from '@auction/contracts';
import type { RouteDoc } from '../../platform/docs/route-doc.js';

const columns = Object.entries(REPORT_COLUMNS).map(([type, cols]) => `${type}: ${cols.join(', ')}`).join('; ');
const filters = Object.entries(REPORT_FILTER_TYPES).map(([name, types]) => `${name} (${types.join(', ')})`).join(', ');

/** OpenAPI entries of the back-office reports. */
export const REPORT_ROUTE_DOCS: readonly RouteDoc[] = [
  ['get', '/api/v1/admin/report',
    'A back-office report as a file: reportType LOGINS (each login, recorded as UserLoggedIn on the user\'s stream: WEB, MOBILE or SSO), OFFERS (every accepted offer), ' +
    'AWARDS (lots awarded or not awarded), PURCHASES (lots won, buy-now included, and showcase vehicles bought), DEALERS; typeExport CSV (default) or XLSX. ' +
    'Filters of spec 02: from and to (a day YYYY-MM-DD, taken in UTC, `to` including its whole day; or an ISO 8601 instant), ' +
    `and, for the report types named: ${filters}. Text filters (username, vatCode, templateName, auctionName) match any part in any case; ` +
    'flgDeleted=true gives the rows of deleted auctions (deleted dealers), otherwise they are left out. ' +
    'Rows are of the caller\'s markets only (its adminEnabledMarket; idMarket outside them 403021; an idDealer or idTemplate of another market 403021, by the access guard): ' +
    'a sale\'s market is its auction\'s (or showcase vehicle\'s), a login\'s the user\'s at that moment, a dealer\'s its own. ' +
    'The file is streamed as the rows are read (a page of 2,000 at a time, by key, with backpressure), so a report of millions of rows is never held in memory. ' +
    'Columns (the header row; names are the same in every language): ' + columns + '. Instants are ISO 8601 in UTC; amounts are exact euros with two decimals ' +
    '(CSV text `1234.50`; XLSX numbers). CSV: RFC 4180, comma, UTF-8 with a byte-order mark, CRLF; a text cell starting with =, +, -, @ (a formula) gets a leading apostrophe. ' +
    'File name in Content-Disposition: report-<type>-<day>.csv|xlsx. Bad filters: 400390; from after to: 400391; a filter the type does not have: 400392. ' +
    `Query parameters: ${Object.keys(AdminReportQuery.shape).join(', ')}.`,
    'ADMIN, CUSTOMER_CENTER', undefined, 'file'],
];
