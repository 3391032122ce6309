import type { Page } from '@auction/contracts';
import type { VehicleScope } from '@auction/domain';
import { plateKey } from '@auction/domain';
import type { ReadModelDb } from '../db/read-model-db.js';
import { fromDb, selectList } from '../db/table-sql.js';
import type { VehicleRecordRow } from '../rows.js';
import { auctionsTable, lotsTable, vehicleAuctionsTable, vehicleRecordsTable } from '../tables/read-model-tables.js';
import { qualified } from '../tables/table-spec.js';

/** Filters of the vehicle lists (spec 02 §7), already parsed. Texts match a part, any case; bounds are inclusive. */
export interface VehicleFilters {
  readonly brand?: string;
  readonly channel?: string;
  readonly model?: string;
  readonly insertFrom?: string;
  /** Exclusive upper instant. */
  readonly insertBefore?: string;
  readonly licensePlate?: string;
  readonly minAuctions?: number;
  readonly maxAuctions?: number;
  readonly minDamage?: number;
  readonly maxDamage?: number;
  readonly minPrice?: number;
  readonly maxPrice?: number;
  readonly provenance?: readonly string[];
  readonly vehicleCode?: string;
  readonly vehicleFrame?: string;
  /** Location names (any of them), whole, any case. */
  readonly area?: readonly string[];
  readonly region?: readonly string[];
  /** Vehicle statuses (any of them). */
  readonly state?: readonly string[];
  /** Only published vehicles in stock (the vehicles an auctioneer may put in an auction). */
  readonly forAuction?: boolean;
}

/** Order and page of a vehicle list. */
export interface VehicleListPage {
  readonly limit: number;
  readonly offset: number;
  readonly sortField: keyof typeof SORT_COLUMNS;
  readonly sortOrder: 'asc' | 'desc';
}

const SORT_COLUMNS = {
  insertDate: 'inserted_at', licensePlate: 'license_plate', brand: 'brand', model: 'model', damageTotal: 'damage_total', price: 'price',
  auctionsCount: 'auctions_count', mileageKm: 'mileage_km', firstRegistration: 'first_registration', status: 'status',
} as const;

/** One row of a vehicle's auctions history. */
export interface VehicleAuctionHistoryRow {
  readonly idAuction: string;
  readonly idLot: string;
  readonly dateCreate: string;
  readonly auctionName: string;
  readonly basePrice: number;
  readonly maxOffer: number | null;
}

const HISTORY_SORT = { dateCreate: 'va.placed_at', auctionName: 'a.auction_name', basePrice: 'l.base_price', maxOffer: 'l.best_amount' } as const;

/** SQL of "the scope shows the vehicle" (`scopeShows` of the domain, the same sets). Adds its parameters to `params`. */
export function scopeSql(scope: VehicleScope, idUser: string, params: unknown[]): string {
  params.push([...scope.provenances]);
  const parts = [`t.provenance = ANY($${params.length}::text[])`];
  if (scope.heldBy !== null) {
    params.push(scope.heldBy);
    parts.push(`(t.holder_role = 'MULTI_AUCTIONEER' AND t.holder_user_id = $${params.length} AND t.status = 'STOCK')`);
  }
  if (scope.placed) {
    params.push(idUser);
    parts.push(`(t.published AND t.status IN ('IN_AUCTION', 'LISTED'))`, `(t.status = 'SOLD' AND t.sold_user_id = $${params.length})`);
  }
  return `(${parts.join(' OR ')})`;
}

/** Queries of the loaded vehicles (`vehicle_records`), always narrowed by a {@link VehicleScope}. */
export class VehicleReadModel {
  constructor(private readonly db: ReadModelDb, private readonly schema: string = db.schema) {}

  private get table(): string {
    return qualified(this.schema, vehicleRecordsTable);
  }

  /** One vehicle's row, or undefined (who may see it is the caller's check). */
  async byId(idVehicle: string): Promise<VehicleRecordRow | undefined> {
    const rows = await this.db.query<Record<string, unknown>>(`SELECT ${selectList(vehicleRecordsTable)} FROM ${this.table} t WHERE t.id_vehicle = $1`, [idVehicle]);
    return rows[0] ? fromDb(vehicleRecordsTable, rows[0]) : undefined;
  }

  /** Rows of several vehicles (unknown ids left out), in the order asked. */
  async byIds(ids: readonly string[]): Promise<VehicleRecordRow[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${selectList(vehicleRecordsTable)} FROM ${this.table} t WHERE t.id_vehicle = ANY($1::text[])`, [[...ids]]);
    const byId = new Map(rows.map((r) => fromDb(vehicleRecordsTable, r)).map((r) => [r.idVehicle, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is VehicleRecordRow => r !== undefined);
  }

  /** Vehicles not sold nor withdrawn with this plate or frame, other than `exceptId`: the duplicate check. */
  async live(licensePlate: string | undefined, frame: string | undefined, exceptId: string | null): Promise<Pick<VehicleRecordRow, 'idVehicle' | 'licensePlate' | 'frame'>[]> {
    return this.db.query(
      `SELECT id_vehicle AS "idVehicle", license_plate AS "licensePlate", frame FROM ${this.table}
       WHERE (license_plate = $1 OR frame = $2) AND status NOT IN ('SOLD', 'WITHDRAWN') AND ($3::text IS NULL OR id_vehicle <> $3)`,
      [licensePlate ?? null, frame ?? null, exceptId]);
  }

  /**
   * Vehicles not sold nor withdrawn holding any of these plates or frames, other than `exceptIds`: the duplicate check of
   * many vehicles loaded at once (a vehicle file), in one query.
   */
  async liveAmong(licensePlates: readonly string[], frames: readonly string[], exceptIds: readonly string[]): Promise<Pick<VehicleRecordRow, 'idVehicle' | 'licensePlate' | 'frame'>[]> {
    return this.db.query(
      `SELECT id_vehicle AS "idVehicle", license_plate AS "licensePlate", frame FROM ${this.table}
       WHERE (license_plate = ANY($1::text[]) OR frame = ANY($2::text[])) AND status NOT IN ('SOLD', 'WITHDRAWN') AND NOT (id_vehicle = ANY($3::text[]))`,
      [[...licensePlates], [...frames], [...exceptIds]]);
  }

  /** Every vehicle of one plate the scope shows, newest load first (a plate's dossier). */
  async byPlate(scope: VehicleScope, idUser: string, licensePlate: string): Promise<VehicleRecordRow[]> {
    const params: unknown[] = [plateKey(licensePlate)];
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${selectList(vehicleRecordsTable)} FROM ${this.table} t WHERE t.license_plate = $1 AND ${scopeSql(scope, idUser, params)}
       ORDER BY t.loaded_position DESC LIMIT 100`, params);
    return rows.map((r) => fromDb(vehicleRecordsTable, r));
  }

  /**
   * The vehicles the scope shows holding any of these plates (compared form) or frames, newest load first (a selection by
   * file: the caller picks a plate's newest load, the live one when there is one); at most `max` rows.
   */
  async amongPlatesOrFrames(scope: VehicleScope, idUser: string, licensePlates: readonly string[], frames: readonly string[], max: number): Promise<VehicleRecordRow[]> {
    if (licensePlates.length === 0 && frames.length === 0) return [];
    const params: unknown[] = [[...licensePlates], [...frames]];
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${selectList(vehicleRecordsTable)} FROM ${this.table} t
       WHERE (t.license_plate = ANY($1::text[]) OR t.frame = ANY($2::text[])) AND ${scopeSql(scope, idUser, params)}
       ORDER BY t.loaded_position DESC, t.id_vehicle DESC LIMIT ${Math.max(1, Math.floor(max))}`, params);
    return rows.map((r) => fromDb(vehicleRecordsTable, r));
  }

  /** One page of the vehicles the scope shows, filtered and sorted (ties by load order, then id), and the total. */
  async list(scope: VehicleScope, idUser: string, f: VehicleFilters, page: VehicleListPage): Promise<Page<VehicleRecordRow>> {
    const params: unknown[] = [];
    const where: string[] = [scopeSql(scope, idUser, params)];
    const add = (sql: (n: string) => string, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      params.push(value);
      where.push(sql(`$${params.length}`));
    };
    const part = (v?: string) => (v ? v.trim().toLowerCase() : undefined);
    add((n) => `strpos(lower(t.brand), ${n}) > 0`, part(f.brand));
    add((n) => `strpos(lower(t.model), ${n}) > 0`, part(f.model));
    add((n) => `strpos(lower(t.channel), ${n}) > 0`, part(f.channel));
    add((n) => `strpos(t.license_plate, ${n}) > 0`, f.licensePlate ? plateKey(f.licensePlate) : undefined);
    add((n) => `strpos(t.frame, ${n}) > 0`, f.vehicleFrame ? f.vehicleFrame.replace(/\s/g, '').toUpperCase() : undefined);
    add((n) => `t.id_vehicle = ${n}`, f.vehicleCode?.trim());
    add((n) => `t.inserted_at >= ${n}::timestamptz`, f.insertFrom);
    add((n) => `t.inserted_at < ${n}::timestamptz`, f.insertBefore);
    add((n) => `t.auctions_count >= ${n}`, f.minAuctions);
    add((n) => `t.auctions_count <= ${n}`, f.maxAuctions);
    add((n) => `t.damage_total >= ${n}`, f.minDamage);
    add((n) => `t.damage_total <= ${n}`, f.maxDamage);
    add((n) => `t.price >= ${n}`, f.minPrice);
    add((n) => `t.price <= ${n}`, f.maxPrice);
    const many = (v?: readonly string[], map: (s: string) => string = (s) => s) => (v && v.length > 0 ? v.map(map) : undefined);
    add((n) => `t.provenance = ANY(${n}::text[])`, many(f.provenance));
    // upper(): the expression the area and region indexes hold.
    add((n) => `upper(t.area) = ANY(${n}::text[])`, many(f.area, (a) => a.trim().toUpperCase()));
    add((n) => `upper(t.region) = ANY(${n}::text[])`, many(f.region, (r) => r.trim().toUpperCase()));
    add((n) => `t.status = ANY(${n}::text[])`, many(f.state));
    if (f.forAuction) where.push(`t.status = 'STOCK' AND t.published`);
    const dir = page.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const order = `t.${SORT_COLUMNS[page.sortField]} ${dir} NULLS LAST, t.loaded_position ${dir}, t.id_vehicle ${dir}`;
    const sqlWhere = where.join(' AND ');
    const [count] = await this.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${this.table} t WHERE ${sqlWhere}`, params);
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${selectList(vehicleRecordsTable)} FROM ${this.table} t WHERE ${sqlWhere} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, page.limit, page.offset]);
    return { items: rows.map((r) => fromDb(vehicleRecordsTable, r)), total: Number(count?.n ?? 0), limit: page.limit, offset: page.offset };
  }

  /** One page of a vehicle's auctions history (placements joined with their auction and lot), sorted, ties by placement. */
  async auctions(idVehicle: string, page: { limit: number; offset: number; sortField: keyof typeof HISTORY_SORT; sortOrder: 'asc' | 'desc' }): Promise<Page<VehicleAuctionHistoryRow>> {
    const dir = page.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const from = `FROM ${qualified(this.schema, vehicleAuctionsTable)} va
      JOIN ${qualified(this.schema, lotsTable)} l ON l.id_lot = va.id_lot
      JOIN ${qualified(this.schema, auctionsTable)} a ON a.id_auction = va.id_auction AND a.status <> 'DELETED'
      WHERE va.id_vehicle = $1`;
    const [count] = await this.db.query<{ n: string | number }>(`SELECT count(*) AS n ${from}`, [idVehicle]);
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT va.id_auction AS "idAuction", va.id_lot AS "idLot", va.placed_at AS "dateCreate", a.auction_name AS "auctionName",
        l.base_price AS "basePrice", l.best_amount AS "maxOffer" ${from}
       ORDER BY ${HISTORY_SORT[page.sortField]} ${dir} NULLS LAST, va.position ${dir} LIMIT $2 OFFSET $3`,
      [idVehicle, page.limit, page.offset]);
    const items = rows.map((r) => ({
      idAuction: String(r['idAuction']), idLot: String(r['idLot']), dateCreate: new Date(r['dateCreate'] as string).toISOString(),
      auctionName: String(r['auctionName']), basePrice: Number(r['basePrice']), maxOffer: r['maxOffer'] == null ? null : Number(r['maxOffer']),
    }));
    return { items, total: Number(count?.n ?? 0), limit: page.limit, offset: page.offset };
  }
}
