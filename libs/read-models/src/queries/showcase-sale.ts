import type { SqlRunner } from '../db/read-model-db.js';
import { vehicleRecordsTable, vehiclesTable } from '../tables/read-model-tables.js';
import { qualified } from '../tables/table-spec.js';

/** Where a showcase vehicle is listed and sold: its showcase, the showcase's owner and market, the vehicle's provenance. */
export interface ShowcaseSaleRow {
  readonly idShowcase: string;
  readonly idOwner: string;
  readonly idMarket: string;
  /** The loaded vehicle's provenance; null for a vehicle typed in a showcase directly (no load). */
  readonly provenance: string | null;
  /** The template the showcase sold through (`POST /showcase` with idTemplate); null: the default channel. */
  readonly idTemplate: string | null;
}

/** The sale facts of a showcase vehicle (a rating's partner is decided from them), or null when it was never listed. */
export async function showcaseSaleOf(db: Pick<SqlRunner, 'query'>, schema: string, idVehicle: string): Promise<ShowcaseSaleRow | null> {
  const rows = await db.query<ShowcaseSaleRow>(
    `SELECT v.id_showcase AS "idShowcase", v.id_owner AS "idOwner", v.id_market AS "idMarket", v.id_template AS "idTemplate", r.provenance FROM ${qualified(schema, vehiclesTable)} v ` +
      `LEFT JOIN ${qualified(schema, vehicleRecordsTable)} r ON r.id_vehicle = v.id_vehicle WHERE v.id_vehicle = $1`, [idVehicle]);
  const row = rows[0];
  return row ? { idShowcase: row.idShowcase, idOwner: row.idOwner, idMarket: row.idMarket, provenance: row.provenance ?? null, idTemplate: row.idTemplate ?? null } : null;
}
