import type { ManagedAuction, Page, PageQuery } from '@auction/contracts';
import type { SqlRunner } from '../db/read-model-db.js';
import { fromDb, selectList } from '../db/table-sql.js';
import { auctionsTable, lotsTable } from '../tables/read-model-tables.js';
import { qualified } from '../tables/table-spec.js';
import { auctionViewOf } from './views.js';

/** Which auctions a list shows: of one owner and one status (null: any), whose name or a lot's text holds `toSearch`. */
export interface SummaryFilter {
  readonly owner: string | null;
  readonly status: string | null;
  readonly toSearch: string | undefined;
  /** Only these auctions (`GET /auction?ids[]`); absent: any. */
  readonly ids?: readonly string[];
  /**
   * Who sees what: only auctions of the default channel (no template), of these templates, or owned by `viewerId`;
   * absent or null: every auction (staff).
   */
  readonly templates?: readonly string[] | null;
  readonly viewerId?: string;
}

/**
 * The orders of the auction lists: soonest scheduled end first (running), soonest start first, newest start first.
 * Running auctions are ordered by the auction's own end, not its lots' shown end: an offer extending a lot moved an
 * auction between pages while a dealer paged (seen twice, another never), and the auction's end moves only when its
 * manager resizes it.
 */
const ORDERS = {
  end: 's."endAt" ASC NULLS LAST, s."createdPosition" ASC',
  start: 's."startAt" ASC NULLS LAST, s."idAuction" ASC',
  newest: 's."startAt" DESC NULLS LAST, s."createdPosition" DESC',
} as const;

/**
 * One page of auctions (deleted ones left out) without their lots but with how many lots (not withdrawn) they have,
 * their shown end the last lot's end; the total over all pages counted in the same statement.
 */
export async function auctionSummaries(
  tx: SqlRunner, schema: string, now: number, filter: SummaryFilter, order: keyof typeof ORDERS, page: PageQuery,
): Promise<Page<ManagedAuction>> {
  const lots = qualified(schema, lotsTable);
  const has = (col: string) => `strpos(lower(${col}), $3) > 0`;
  const rows = await tx.query<Record<string, unknown>>(
    `WITH s AS (SELECT ${selectList(auctionsTable)}, (SELECT count(*) FROM jsonb_array_elements_text(t.lot_ids) AS li(id) ` +
      `JOIN ${lots} l ON l.id_lot = li.id AND l.state <> 'WITHDRAWN')::integer AS "lotsCount", ` +
      `(SELECT max(l.end_at) FROM jsonb_array_elements_text(t.lot_ids) AS li(id) ` +
      `JOIN ${lots} l ON l.id_lot = li.id AND l.state <> 'WITHDRAWN') AS "lastLotEnd" ` +
      `FROM ${qualified(schema, auctionsTable)} t WHERE t.status <> 'DELETED' ` +
      `AND ($1::text IS NULL OR t.id_owner = $1) AND ($2::text IS NULL OR t.status = $2) AND ($3::text IS NULL ` +
      `OR ${has('t.auction_name')} OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(t.lot_ids) AS li(id) CROSS JOIN LATERAL ` +
      `(SELECT 1 FROM ${lots} l WHERE l.id_lot = li.id AND l.state <> 'WITHDRAWN' ` +
      `AND (${has('l.license_plate')} OR ${has('l.brand')} OR ${has('l.model')}) LIMIT 1) m)) AND ($6::text[] IS NULL OR t.id_auction = ANY($6)) AND ($7::text[] IS NULL OR t.id_template IS NULL OR t.id_template = ANY($7) OR t.id_owner = $8)) ` +
      `SELECT s.*, count(*) OVER () AS "total" FROM s ORDER BY ${ORDERS[order]} LIMIT $4 OFFSET $5`,
    [filter.owner, filter.status, filter.toSearch ? filter.toSearch.toLowerCase() : null, page.limit, page.offset, filter.ids ? [...filter.ids] : null,
      filter.templates ? [...filter.templates] : null, filter.viewerId ?? '']);
  const items = rows.map((r) => {
    const { lotsCount, lastLotEnd, total: _total, ...raw } = r;
    const lastEnd = lastLotEnd === null || lastLotEnd === undefined ? null : new Date(lastLotEnd as string | Date).toISOString();
    const { lots: _lots, ...view } = auctionViewOf(fromDb(auctionsTable, raw), new Map(), now, { privileged: true, personal: null }, lastEnd);
    return { ...view, lotsCount: Number(lotsCount) };
  });
  // A page past the end carries no row, so no total: the first page counts them.
  const total = rows.length > 0 ? Number(rows[0]!.total)
    : page.offset === 0 ? 0 : (await auctionSummaries(tx, schema, now, filter, order, { limit: 1, offset: 0 })).total;
  return { items, total, limit: page.limit, offset: page.offset };
}
