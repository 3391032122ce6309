import type { SqlRunner } from '../db/read-model-db.js';
import { fromDb, loadRows, selectList } from '../db/table-sql.js';
import type { AuctionRow, LotRow } from '../rows.js';
import { auctionsTable, dealerBestsTable, lotsTable, observationsTable } from '../tables/read-model-tables.js';
import { qualified } from '../tables/table-spec.js';
import type { PersonalState } from './views.js';

/** The auction row, or undefined when absent or deleted. */
export async function findAuction(tx: SqlRunner, schema: string, idAuction: string): Promise<AuctionRow | undefined> {
  const rows = await tx.query<Record<string, unknown>>(
    `SELECT ${selectList(auctionsTable)} FROM ${qualified(schema, auctionsTable)} t WHERE t.id_auction = $1 AND t.status <> 'DELETED'`,
    [idAuction]);
  return rows[0] ? fromDb(auctionsTable, rows[0]) : undefined;
}

/** Lot rows by id (one index lookup each). */
export function lotsByIds(tx: SqlRunner, schema: string, idLots: readonly string[]): Promise<LotRow[]> {
  return loadRows(tx, schema, lotsTable, idLots.map((idLot) => ({ idLot })));
}

/** One dealer's best offers and observations on the given lots (one index lookup each). */
export async function personalState(tx: SqlRunner, schema: string, idUser: string, idLots: readonly string[]): Promise<PersonalState> {
  const keys = idLots.map((idLot) => ({ idLot, idUser }));
  const bests = await loadRows(tx, schema, dealerBestsTable, keys);
  const observed = await loadRows(tx, schema, observationsTable, keys);
  return { idUser, bests: new Map(bests.map((b) => [b.idLot, b])), observed: new Set(observed.map((o) => o.idLot)) };
}
