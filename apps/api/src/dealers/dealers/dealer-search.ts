import type { AdminDealerRow, AdminDealerSearchQuery, AdminDealerSortField } from '@auction/contracts';
import { DEALER_STATUSES, MARKETS, type DealerStatus, type Market } from '@auction/domain';
import { DEALER_INDEX_TABLE, type DealerIndexRow } from './dealer-index.js';

/** The filters of a dealer list once the caller's markets and the list's own rules are applied. */
export type DealerFilter = Omit<Partial<AdminDealerSearchQuery>, 'limit' | 'offset' | 'sortField' | 'sortOrder' | 'idMarket' | 'status'> & {
  readonly markets: readonly Market[];
  /** One status, or (absent) every listed one: DELETED dealers only when asked for. */
  readonly status?: DealerStatus;
  readonly capability?: 'auctioneer' | 'exhibitor' | 'multiAuctioneer';
};

/** Paging and sorting of a list. */
export interface DealerPaging {
  readonly limit: number;
  readonly offset: number;
  readonly sortField: AdminDealerSortField;
  readonly sortOrder: 'asc' | 'desc';
}

/** A row as the search answers it: the index's columns and the dealer's business data (JSON of personal_data). */
export type DealerSearchRow = DealerIndexRow & { readonly data: unknown };

/**
 * Sort keys. Text is compared lower-cased in the "C" collation: the same order on PostgreSQL (whatever its locale) and
 * PGlite, so a page boundary never depends on the server's configuration.
 */
const SORT_SQL: Record<AdminDealerSortField, string> = {
  idDealer: 'd.id_dealer COLLATE "C"', businessName: `lower(p.data->>'businessName') COLLATE "C"`, city: `lower(p.data->>'city') COLLATE "C"`,
  country: 'd.country COLLATE "C"', region: 'd.region COLLATE "C"', vatCode: `lower(p.data->>'vatCode') COLLATE "C"`,
  email: `lower(p.data->>'email') COLLATE "C"`, createdAt: 'd.created_at', status: 'd.status COLLATE "C"', idMarket: 'd.id_market COLLATE "C"',
};

/** Text the caller typed, as a LIKE pattern matching it anywhere (lower-cased; `%`, `_` and `\` literal). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The first instant after a `YYYY-MM-DD` day (an instant is kept as it is): `createTo` includes its whole day. */
function endOf(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString() : new Date(value).toISOString();
}

/**
 * The WHERE clause and its parameters of a dealer list (PostgreSQL and PGlite alike: lists travel as one JSON text
 * parameter). Text filters are case-insensitive "contains" on the business data; codes are exact.
 */
export function dealerWhere(filter: DealerFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (value: unknown) => `$${params.push(value)}`;
  const where: string[] = [`d.id_market IN (SELECT json_array_elements_text(${p(JSON.stringify(filter.markets))}::text::json))`];
  where.push(filter.status ? `d.status = ${p(filter.status)}` : `d.status <> 'DELETED'`);
  const like = (sql: string, value: string | undefined) => {
    if (value) where.push(`lower(coalesce(${sql}, '')) LIKE ${p(containsPattern(value))} ESCAPE '\\'`);
  };
  like('d.id_dealer', filter.idDealer);
  like('d.id_dealer', filter.dealerId);
  like("p.data->>'businessName'", filter.businessName);
  like("p.data->>'city'", filter.city);
  like("p.data->>'postalCode'", filter.postalCode);
  like("p.data->>'email'", filter.email);
  like("p.data->>'vatCode'", filter.vatCode);
  like('d.username', filter.username);
  if (filter.vatCodes && filter.vatCodes.length > 0) {
    where.push(`lower(p.data->>'vatCode') IN (SELECT lower(v) FROM json_array_elements_text(${p(JSON.stringify(filter.vatCodes))}::text::json) AS v)`);
  }
  if (filter.country) where.push(`upper(d.country) = ${p(filter.country.toUpperCase())}`);
  if (filter.region) where.push(`upper(coalesce(d.region, '')) = ${p(filter.region.toUpperCase())}`);
  if (filter.createFrom) where.push(`d.created_at >= ${p(new Date(filter.createFrom).toISOString())}::timestamptz`);
  if (filter.createTo) {
    const inclusive = !/^\d{4}-\d{2}-\d{2}$/.test(filter.createTo);
    where.push(`d.created_at ${inclusive ? '<=' : '<'} ${p(endOf(filter.createTo))}::timestamptz`);
  }
  if (filter.flgIam !== undefined) where.push(`${filter.flgIam ? '' : 'NOT '}(coalesce(p.data->>'referenceFCA', '') <> '')`);
  if (filter.capability) where.push(`d.${filter.capability === 'multiAuctioneer' ? 'multi_auctioneer' : filter.capability} = true`);
  return { sql: where.join(' AND '), params };
}

/** FROM clause of every dealer list: the index joined with the dealers' business data. */
export const DEALER_FROM = `${DEALER_INDEX_TABLE} d LEFT JOIN public.personal_data p ON p.kind = 'DEALER' AND p.id = d.id_dealer`;

/** ORDER BY of a list: the asked column (nulls last) then the dealer id, so that pages never overlap. */
export function dealerOrder(paging: Pick<DealerPaging, 'sortField' | 'sortOrder'>): string {
  const dir = paging.sortOrder === 'desc' ? 'DESC' : 'ASC';
  return `${SORT_SQL[paging.sortField]} ${dir} NULLS LAST, d.id_dealer COLLATE "C" ${dir}`;
}

const text = (data: Record<string, unknown>, key: string): string | null => (typeof data[key] === 'string' && data[key] !== '' ? (data[key] as string) : null);

/** The business data of a search row as an object (a JSON text on PGlite, an object on pg, null when erased). */
export function dataOf(row: { data: unknown }): Record<string, unknown> {
  const parsed: unknown = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
}

/** A search row as a list shows it. */
export function dealerRowOf(row: DealerSearchRow): AdminDealerRow {
  const data = dataOf(row);
  const created = row.created_at as unknown;
  return {
    idDealer: row.id_dealer, sincom: row.id_dealer,
    status: (DEALER_STATUSES as readonly string[]).includes(row.status) ? (row.status as DealerStatus) : 'PENDING',
    flgEnabled: row.status === 'ENABLED',
    idMarket: (MARKETS as readonly string[]).includes(row.id_market) ? (row.id_market as Market) : 'OTHER',
    country: row.country, region: row.region,
    businessName: text(data, 'businessName'), vatCode: text(data, 'vatCode'), address: text(data, 'address'), city: text(data, 'city'),
    postalCode: text(data, 'postalCode'), email: text(data, 'email'), username: row.username, idReferenceUser: row.id_reference_user,
    flgIam: text(data, 'referenceFCA') !== null,
    capabilities: { auctioneer: row.auctioneer === true, exhibitor: row.exhibitor === true, multiAuctioneer: row.multi_auctioneer === true },
    createdAt: created instanceof Date ? created.toISOString() : new Date(String(created)).toISOString(),
  };
}
