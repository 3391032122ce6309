import { dealerBestsTable, type ReadModelDb } from '@auction/read-models';
import type { LiveReadModel } from '../../platform/engine/live-read-model.js';

const qualified = (schema: string, table: string) => `"${schema.replace(/"/g, '""')}"."${table}"`;

/**
 * What keeps a dealer from being deleted (409130): an offer of one of its users in a RUNNING auction (the bidder
 * would vanish from a live wall), or a RUNNING auction one of its users owns (an auctioneer dealer). Running
 * auctions come from the engine's index; offers from the read-model table of each bidder's best per lot (the engine
 * keeps no offers). Answers one description per commitment (ids only), empty when free.
 */
export async function runningCommitments(db: Pick<ReadModelDb, 'query' | 'schema'>, model: LiveReadModel, idUsers: readonly string[]): Promise<string[]> {
  if (idUsers.length === 0) return [];
  const users = new Set(idUsers);
  const running: string[] = [];
  const owned: string[] = [];
  for (const [, auction] of model.auctions) {
    if (auction.status !== 'RUN') continue;
    running.push(auction.data.idAuction);
    if (users.has(auction.data.idOwner)) owned.push(`auction ${auction.data.idAuction} owned`);
  }
  if (running.length === 0) return owned;
  const offers = await db.query<{ id_lot: string; id_user: string }>(
    `SELECT b.id_lot, b.id_user FROM ${qualified(db.schema, dealerBestsTable.table)} b
      WHERE b.id_user IN (SELECT json_array_elements_text($1::text::json))
        AND b.id_auction IN (SELECT json_array_elements_text($2::text::json))
      ORDER BY b.id_lot, b.id_user LIMIT 20`,
    [JSON.stringify(idUsers), JSON.stringify(running)],
  );
  return [...owned, ...offers.map((r) => `offer on lot ${r.id_lot} by ${r.id_user}`)];
}
