import type { ReadModelDb } from '../db/read-model-db.js';
import { auctionsTable, lotsTable } from '../tables/read-model-tables.js';
import { qualified } from '../tables/table-spec.js';

/** The home statistics a market's read models give (spec 01 §3); users are counted from the engine's index. */
export interface PortalCounts {
  /** Lots awarded (AWA) of the market's auctions, ever. */
  readonly totalVehicleAwarded: number;
  /** Auctions of the market starting within the month. */
  readonly monthAuctions: number;
  /** Lots awarded of the market's auctions that closed within the month. */
  readonly awardedVehicleMonth: number;
}

/**
 * Counts a market's home statistics in one read-only transaction: `[from, to)` is the month (instants). Deleted
 * auctions are left out; a lot counts once awarded (a revert takes it back out).
 */
export function portalCounts(db: ReadModelDb, market: string, from: Date, to: Date, schema = db.schema): Promise<PortalCounts> {
  const auctions = qualified(schema, auctionsTable);
  const lots = qualified(schema, lotsTable);
  return db.transaction(async (tx) => {
    const [awarded] = await tx.query<{ total: string | number; month: string | number }>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE l.closed_at >= $2 AND l.closed_at < $3) AS month FROM ${lots} l ` +
        `JOIN ${auctions} a ON a.id_auction = l.id_auction WHERE l.award_status = 'AWA' AND a.id_market = $1 AND a.status <> 'DELETED'`,
      [market, from.toISOString(), to.toISOString()]);
    const [started] = await tx.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM ${auctions} WHERE id_market = $1 AND status <> 'DELETED' AND start_at >= $2 AND start_at < $3`,
      [market, from.toISOString(), to.toISOString()]);
    return { totalVehicleAwarded: Number(awarded?.total ?? 0), awardedVehicleMonth: Number(awarded?.month ?? 0), monthAuctions: Number(started?.n ?? 0) };
  }, { readOnly: true });
}
