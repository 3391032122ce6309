import type { Page, PurchasePageQuery, PurchaseQuery, PurchaseRow } from '@auction/contracts';
import type { SqlRunner } from '../db/read-model-db.js';
import { auctionsTable, lotsTable, paymentsTable, vehiclesTable } from '../tables/read-model-tables.js';
import { qualified } from '../tables/table-spec.js';

/**
 * One page of a dealer's purchases: lots awarded to them (buy-now included) and showcase vehicles sold to them, read
 * through the winner and buyer indexes, filtered in SQL as {@link purchaseMatches} does, newest first (as instants; a
 * row without a date last), ties in the lots' then the vehicles' creation order; the total counted in the same statement.
 */
export async function purchasesOf(tx: SqlRunner, schema: string, idUser: string, q: PurchasePageQuery): Promise<Page<PurchaseRow>> {
  const has = (col: string, n: number) => `($${n}::text IS NULL OR strpos(lower(coalesce(${col}, '')), $${n}) > 0)`;
  const part = (s?: string) => (s ? s.toLowerCase() : null);
  const rows = await tx.query<Record<string, unknown>>(
    `WITH p AS (SELECT t.id_auction AS "idAuction", t.id_lot AS "idLot", t.id_vehicle AS "idVehicle", t.license_plate AS "licensePlate", ` +
      `t.brand, t.model, coalesce(t.awarded_amount, 0)::float8 AS price, 'AUCTION' AS channel, t.closed_at AS at, a.auction_name AS "auctionName", ` +
      `t.frame, t.created_position AS pos FROM ${qualified(schema, lotsTable)} t ` +
      `LEFT JOIN ${qualified(schema, auctionsTable)} a ON a.id_auction = t.id_auction ` +
      `WHERE t.award_status = 'AWA' AND t.state = 'CLOSED' AND t.awarded_user_id = $1 AND ($2::text IS NULL OR $2 = 'AUCTION') ` +
      `UNION ALL SELECT NULL, NULL, t.id_vehicle, t.license_plate, t.brand, t.model, coalesce(t.sold_price, t.price)::float8, 'SHOWCASE', ` +
      `t.sold_at, NULL, NULL, t.listed_position FROM ${qualified(schema, vehiclesTable)} t ` +
      `WHERE t.status = 'SOLD' AND t.sold_user_id = $1 AND ($2::text IS NULL OR $2 = 'SHOWCASE')) ` +
      `SELECT p.*, pay.status AS "paymentStatus", count(*) OVER () AS total FROM p ` +
      `LEFT JOIN ${qualified(schema, paymentsTable)} pay ON pay.id_purchase = coalesce(p."idLot", p."idVehicle") AND pay.id_user = $1 WHERE ${has('p."auctionName"', 3)} AND ${has('p.frame', 4)} AND ${has('p."licensePlate"', 5)} ` +
      `AND ($6::text IS NULL OR p."idVehicle" = $6) AND ($7::timestamptz IS NULL OR p.at >= $7) AND ($8::timestamptz IS NULL OR p.at <= $8) ` +
      `ORDER BY p.at DESC NULLS LAST, p.channel, p.pos LIMIT $9 OFFSET $10`,
    [idUser, q.channel ?? null, part(q.auctionName), part(q.frame), part(q.licensePlate), q.idVehicle || null,
      q.fromDate ?? null, q.toDate ?? null, q.limit, q.offset]);
  const items = rows.map((r): PurchaseRow => ({
    idAuction: (r['idAuction'] as string | null) ?? null, idLot: (r['idLot'] as string | null) ?? null, idVehicle: (r['idVehicle'] as string | null) ?? null,
    licensePlate: String(r['licensePlate']), brand: String(r['brand']), model: String(r['model']), price: Number(r['price']),
    channel: r['channel'] as PurchaseRow['channel'], date: r['at'] === null || r['at'] === undefined ? '' : new Date(r['at'] as string | Date).toISOString(),
    auctionName: (r['auctionName'] as string | null) ?? null, frame: (r['frame'] as string | null) ?? null,
    idPurchase: String(r['idLot'] ?? r['idVehicle']), paymentStatus: (r['paymentStatus'] as PurchaseRow['paymentStatus'] | null) ?? 'UNPAID',
  }));
  // A page past the end carries no row, so no total: the first page counts them.
  const total = rows.length > 0 ? Number(rows[0]!['total'])
    : q.offset === 0 ? 0 : (await purchasesOf(tx, schema, idUser, { ...q, limit: 1, offset: 0 })).total;
  return { items, total, limit: q.limit, offset: q.offset };
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
