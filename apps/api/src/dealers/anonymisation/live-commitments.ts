import { auctionsTable, lotsTable, vehiclesTable, type ReadModelDb } from '@auction/read-models';

const qualifiedTable = (schema: string, spec: { table: string }) => `"${schema.replace(/"/g, '""')}"."${spec.table}"`;

/**
 * What keeps users from being anonymised now (409140): a lot they lead (best offer) in a RUNNING auction, or a
 * showcase vehicle they hold (booking or pre-emption) whose hold has not expired. Erasing them then would leave an
 * auction or a booking without a reachable party. Answers one description per commitment (ids only), empty when free.
 * Read from the read-model tables (the engine's index keeps no offers).
 */
export async function liveCommitments(db: Pick<ReadModelDb, 'query' | 'schema'>, idUsers: readonly string[], now: number): Promise<string[]> {
  if (idUsers.length === 0) return [];
  const ids = JSON.stringify(idUsers);
  const lots = await db.query<{ id_lot: string; id_user: string }>(
    `SELECT l.id_lot, l.best_user_id AS id_user FROM ${qualifiedTable(db.schema, lotsTable)} l
       JOIN ${qualifiedTable(db.schema, auctionsTable)} a ON a.id_auction = l.id_auction
     WHERE a.status = 'RUN' AND l.closed_at IS NULL AND l.best_user_id IN (SELECT json_array_elements_text($1::text::json))
     ORDER BY l.id_lot`,
    [ids],
  );
  const holds = await db.query<{ id_vehicle: string; id_user: string }>(
    `SELECT v.id_vehicle, v.hold_user_id AS id_user FROM ${qualifiedTable(db.schema, vehiclesTable)} v
     WHERE v.hold_user_id IN (SELECT json_array_elements_text($1::text::json)) AND (v.hold_until IS NULL OR v.hold_until > $2::timestamptz)
     ORDER BY v.id_vehicle`,
    [ids, new Date(now).toISOString()],
  );
  return [...lots.map((r) => `lot ${r.id_lot} led by ${r.id_user}`), ...holds.map((r) => `vehicle ${r.id_vehicle} held by ${r.id_user}`)];
}
