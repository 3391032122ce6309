import type { PurchaseQuery, PurchaseRow } from '@auction/contracts';
import type { SqlRunner } from '../db/read-model-db.js';
import { fromDb, selectList } from '../db/table-sql.js';
import type { LotRow } from '../rows.js';
import { auctionsTable, lotsTable, vehiclesTable } from '../tables/read-model-tables.js';
import { qualified } from '../tables/table-spec.js';

/**
 * A dealer's purchases: lots awarded to them (buy-now included) and showcase vehicles sold to them, read
 * through the winner and buyer indexes, then filtered and ordered exactly as the in-memory query does
 * (one dealer's purchases are few, and the filters are substring matches).
 */
export async function purchasesOf(tx: SqlRunner, schema: string, idUser: string, q: PurchaseQuery): Promise<PurchaseRow[]> {
  const rows: PurchaseRow[] = [];
  if (q.channel !== 'SHOWCASE') {
    const lots = await tx.query<Record<string, unknown>>(
      `SELECT ${selectList(lotsTable)}, a.auction_name AS "auctionName" FROM ${qualified(schema, lotsTable)} t ` +
        `LEFT JOIN ${qualified(schema, auctionsTable)} a ON a.id_auction = t.id_auction ` +
        `WHERE t.award_status = 'AWA' AND t.state = 'CLOSED' AND t.awarded_user_id = $1 ORDER BY t.created_position`, [idUser]);
    for (const raw of lots) {
      const l = fromDb<LotRow & { auctionName: string | null }>(lotsTable as never, raw);
      rows.push({
        idAuction: l.idAuction, idLot: l.idLot, idVehicle: null, licensePlate: l.licensePlate, brand: l.brand, model: l.model,
        price: l.awardedAmount ?? 0, channel: 'AUCTION', date: l.closedAt ?? '', auctionName: l.auctionName ?? null, frame: l.frame,
      });
    }
  }
  if (q.channel !== 'AUCTION') {
    const vehicles = await tx.query<Record<string, unknown>>(
      `SELECT ${selectList(vehiclesTable)} FROM ${qualified(schema, vehiclesTable)} t WHERE t.status = 'SOLD' AND t.sold_user_id = $1 ` +
        `ORDER BY t.listed_position`, [idUser]);
    for (const raw of vehicles) {
      const v = fromDb(vehiclesTable, raw);
      rows.push({
        idAuction: null, idLot: null, idVehicle: v.idVehicle, licensePlate: v.licensePlate, brand: v.brand, model: v.model,
        price: v.soldPrice ?? v.price, channel: 'SHOWCASE', date: v.soldAt ?? '', auctionName: null, frame: null,
      });
    }
  }
  return rows.filter((r) => purchaseMatches(r, q)).sort(newestFirst);
}

/** Purchases by instant, newest first (a row without a date last); as instants, never as text. */
export function newestFirst(a: PurchaseRow, b: PurchaseRow): number {
  const time = (r: PurchaseRow) => (Number.isNaN(Date.parse(r.date)) ? Number.MIN_SAFE_INTEGER : Date.parse(r.date));
  return time(b) - time(a);
}

/** The spec's purchase filters: substring matches in any case, exact vehicle id, date range (as instants). */
export function purchaseMatches(r: PurchaseRow, q: PurchaseQuery): boolean {
  const has = (value: string | null, part?: string) => !part || (value ?? '').toLowerCase().includes(part.toLowerCase());
  return (!q.channel || r.channel === q.channel) && has(r.auctionName, q.auctionName) && has(r.frame, q.frame)
    && has(r.licensePlate, q.licensePlate) && (!q.idVehicle || r.idVehicle === q.idVehicle)
    && (!q.fromDate || at(r) >= Date.parse(q.fromDate)) && (!q.toDate || at(r) <= Date.parse(q.toDate));
}

/** A purchase's instant (NaN without a date: outside every date range). Compared as a timestamp: as text, an offset or a six-digit year sorts wrong. */
const at = (r: PurchaseRow): number => Date.parse(r.date);
