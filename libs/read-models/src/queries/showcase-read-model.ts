import type { Page, PageQuery, ShowcaseVehicleSheet, UserShowcaseSortField, UserShowcaseVehicle, VehicleView } from '@auction/contracts';
import type { ReadModelDb, SqlRunner } from '../db/read-model-db.js';
import { fromDb, selectList } from '../db/table-sql.js';
import type { VehicleRow } from '../rows.js';
import { myLotTable, regulationsTable, vehicleRecordsTable, vehiclesTable } from '../tables/read-model-tables.js';
import { qualified } from '../tables/table-spec.js';
import { DEFAULT_ACCESS_ERRORS, templateFilterOf, type AccessErrors, type ReadModelQueryOptions, type Viewer } from './viewer.js';
import { showcaseSaleOf, type ShowcaseSaleRow } from './showcase-sale.js';
import { vehicleViewOf } from './views.js';

/** A sold vehicle of a showcase, for its owner. */
export interface SoldVehicleRow {
  readonly idVehicle: string;
  readonly licensePlate: string;
  readonly brand: string;
  readonly model: string;
  readonly price: number;
  /** The buyer. */
  readonly idUser: string;
  readonly username: string;
  readonly soldAt: string;
}

/** Paging and order of the sold list. */
export interface SoldPage {
  readonly limit: number;
  readonly offset: number;
  readonly sortField: 'price' | 'soldAt' | 'licensePlate';
  readonly sortOrder: 'asc' | 'desc';
}

/** Which vehicles of a user's showcase activity the caller sees: loaded ones of `provenances`, typed-in ones it owns or of `markets`. */
export interface ActivityScope {
  readonly provenances: readonly string[];
  readonly markets: readonly string[];
  readonly idOwner: string;
}

/** Paging and order of a user's showcase activity. */
export interface ActivityPage extends PageQuery {
  readonly sortField: UserShowcaseSortField;
  readonly sortOrder: 'asc' | 'desc';
}

const ACTIVITY_ORDER: Readonly<Record<UserShowcaseSortField, string>> = {
  listed: 't.listed_position', price: 't.price', licensePlate: 't.license_plate', brand: 't.brand', holdUntil: 't.hold_until',
};

/** Filters of search-vehicles. */
export interface VehicleSearch {
  readonly idMarket?: string;
  readonly brand?: string;
  readonly model?: string;
  readonly licensePlate?: string;
  readonly maxPrice?: number;
}

/** A row with the viewer's my-lot flag and, for a loaded vehicle, its data sheet (null for a typed-in one). */
type WithMyLot = VehicleRow & { inMyLot: boolean; sheet: ShowcaseVehicleSheet | null };

/** The data sheet's columns of `vehicle_records` (alias `r`), read beside a showcase row. */
const SHEET_COLUMNS = ['version', 'firstRegistration', 'mileageKm', 'fuel', 'gearbox', 'powerKw', 'colour', 'damageTotal', 'area', 'region', 'photos'] as const;
const SHEET_SELECT = ['r.id_vehicle AS "sheetIdVehicle"', ...SHEET_COLUMNS.map((c) => `r.${c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)} AS "sheet_${c}"`)].join(', ');

function sheetOf(raw: Record<string, unknown>): ShowcaseVehicleSheet | null {
  if (raw['sheetIdVehicle'] === null || raw['sheetIdVehicle'] === undefined) return null;
  const get = (c: (typeof SHEET_COLUMNS)[number]) => raw[`sheet_${c}`];
  const photos = get('photos');
  return {
    version: (get('version') as string | null) ?? null, firstRegistration: String(get('firstRegistration')), mileageKm: Number(get('mileageKm')),
    fuel: String(get('fuel')), gearbox: String(get('gearbox')), powerKw: Number(get('powerKw')), colour: (get('colour') as string | null) ?? null,
    damageTotal: Number(get('damageTotal')), area: String(get('area')), region: String(get('region')),
    photos: (typeof photos === 'string' ? JSON.parse(photos) : photos ?? []) as string[],
  };
}

/** The showcase queries of the API, answered from the read-model tables with the in-memory `ShowcaseQueries`' results. */
export class ShowcaseReadModel {
  private readonly now: () => number;
  private readonly errors: AccessErrors;
  private readonly schema: string;
  private readonly usernameOf: (idUser: string) => string;

  constructor(private readonly db: ReadModelDb, private readonly options: ReadModelQueryOptions = {}) {
    this.now = options.now ?? Date.now;
    this.usernameOf = options.usernameOf ?? ((idUser) => idUser);
    this.errors = { ...DEFAULT_ACCESS_ERRORS, ...options.errors };
    this.schema = options.schema ?? db.schema;
  }

  /** One page of the vehicles not sold, in listing order, optionally of one market. */
  catalogue(viewer: Viewer, idMarket: string | undefined, page: PageQuery): Promise<Page<VehicleView>> {
    return this.search(viewer, { idMarket }, page);
  }

  /** One page of the catalogue filtered: brand, model and plate contain the given text (any case), price at most `maxPrice`. */
  async search(viewer: Viewer, q: VehicleSearch, page: PageQuery): Promise<Page<VehicleView>> {
    const part = (s?: string) => (s ? s.toLowerCase() : null);
    const has = (col: string, n: number) => `($${n}::text IS NULL OR strpos(lower(t.${col}), $${n}) > 0)`;
    const where = `t.status = 'LISTED' AND ($2::text IS NULL OR t.id_market = $2) AND ${has('brand', 3)} AND ${has('model', 4)} ` +
      `AND ${has('license_plate', 5)} AND ($6::float8 IS NULL OR t.price <= $6)`;
    const params = [q.idMarket ?? null, part(q.brand), part(q.model), part(q.licensePlate), q.maxPrice ?? null];
    return this.page(where, params, 'LEFT', viewer, page);
  }

  /** One page of the viewer's my lot, sold vehicles included, in listing order. */
  myLot(viewer: Viewer, page: PageQuery): Promise<Page<VehicleView>> {
    return this.page('true', [], 'INNER', viewer, page);
  }

  /**
   * One page of the showcase vehicles the viewer listed (an exhibitor's showcase management: available, held or sold),
   * newest listing first.
   */
  async owned(viewer: Viewer, page: PageQuery): Promise<Page<VehicleView>> {
    const where = 't.id_owner = $1';
    const rows = await this.vehicles(`${where} ORDER BY t.listed_position DESC LIMIT $2 OFFSET $3`, [page.limit, page.offset], viewer, 'LEFT');
    const [counted] = await this.db.query<{ total: number | string }>(
      `SELECT count(*) AS total FROM ${qualified(this.schema, vehiclesTable)} t WHERE ${where}`, [viewer.idUser]);
    return { items: this.views(rows, viewer), total: Number(counted?.total ?? 0), limit: page.limit, offset: page.offset };
  }

  /**
   * One page of a dealer user's showcase activity, seen from that user (`user`: its my-lot flag, its hold, its purchase):
   * the vehicles in its my lot, those it holds now (booked or pre-empted) and those it bought, narrowed to `scope`, in
   * the order asked (ties: newest listing first).
   */
  async activity(user: Viewer, scope: ActivityScope, page: ActivityPage): Promise<Page<UserShowcaseVehicle>> {
    const where = `(m.id_user IS NOT NULL OR (t.status = 'LISTED' AND t.hold_user_id = $1 AND t.hold_until > $2::timestamptz) ` +
      `OR (t.status = 'SOLD' AND t.sold_user_id = $1)) AND (r.provenance = ANY($3::text[]) ` +
      `OR (r.id_vehicle IS NULL AND (t.id_owner = $4 OR t.id_market = ANY($5::text[]))))`;
    const params = [new Date(this.now()).toISOString(), [...scope.provenances], scope.idOwner, [...scope.markets]];
    const order = `${ACTIVITY_ORDER[page.sortField]} ${page.sortOrder === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, t.listed_position DESC`;
    const rows = await this.vehicles(`${where} ORDER BY ${order} LIMIT $6 OFFSET $7`, [...params, page.limit, page.offset], user, 'LEFT');
    const [counted] = await this.db.query<{ total: number | string }>(
      `SELECT count(*) AS total FROM ${qualified(this.schema, vehiclesTable)} t LEFT JOIN ${qualified(this.schema, myLotTable)} m ` +
        `ON m.id_vehicle = t.id_vehicle AND m.id_user = $1 LEFT JOIN ${qualified(this.schema, vehicleRecordsTable)} r ON r.id_vehicle = t.id_vehicle ` +
        `WHERE ${where}`, [user.idUser, ...params]);
    const items = this.views(rows, user).map((v, i) => ({
      ...v, holdKind: v.heldByMe ? (rows[i]!.holdKind as UserShowcaseVehicle['holdKind']) : null, soldAt: v.boughtByMe ? rows[i]!.soldAt : null,
    }));
    return { items, total: Number(counted?.total ?? 0), limit: page.limit, offset: page.offset };
  }

  /** Ids of the vehicles of the viewer's my lot still to book (those the viewer bought are done). */
  async myLotToBook(viewer: Viewer): Promise<string[]> {
    const rows = await this.vehicles(`NOT (t.status = 'SOLD' AND t.sold_user_id = $1) ORDER BY t.listed_position`, [], viewer, 'INNER');
    return rows.map((v) => v.idVehicle);
  }

  /** Ids of the listed vehicles the viewer holds now (booked or pre-empted), in listing order. */
  async heldByViewer(viewer: Viewer): Promise<string[]> {
    const rows = await this.vehicles(`t.status = 'LISTED' AND t.hold_user_id = $1 ORDER BY t.listed_position`, [], viewer, 'LEFT');
    return this.views(rows, viewer).filter((v) => v.heldByMe).map((v) => v.idVehicle);
  }

  /** Whether the viewer accepted the showcase regulation. */
  async acceptedRegulation(viewer: Viewer): Promise<{ accepted: boolean }> {
    const rows = await this.db.query(
      `SELECT 1 FROM ${qualified(this.schema, regulationsTable)} WHERE kind = 'SHOWCASE' AND id_scope = '' AND id_user = $1`, [viewer.idUser]);
    return { accepted: rows.length > 0 };
  }

  /** Whether the viewer bought the vehicle. */
  async boughtByCaller(viewer: Viewer, idVehicle: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM ${qualified(this.schema, vehiclesTable)} WHERE id_vehicle = $1 AND status = 'SOLD' AND sold_user_id = $2`, [idVehicle, viewer.idUser]);
    return rows.length > 0;
  }

  /** One vehicle as the viewer sees it, or null when unknown. */
  async vehicle(viewer: Viewer, idVehicle: string): Promise<VehicleView | null> {
    const [row] = await this.vehicles('t.id_vehicle = $2', [idVehicle], viewer, 'LEFT');
    return row ? vehicleViewOf(row, this.now(), viewer.idUser, row.inMyLot, row.sheet) : null;
  }

  /** The showcase a vehicle was listed in (a loaded vehicle's id does not name it), or null. */
  async showcaseOf(idVehicle: string): Promise<string | null> {
    const rows = await this.db.query<{ idShowcase: string }>(
      `SELECT id_showcase AS "idShowcase" FROM ${qualified(this.schema, vehiclesTable)} WHERE id_vehicle = $1`, [idVehicle]);
    return rows[0]?.idShowcase ?? null;
  }

  /** The showcase, owner, market and provenance of a listed vehicle (a rating's partner), or null. */
  saleOf(idVehicle: string): Promise<ShowcaseSaleRow | null> {
    return showcaseSaleOf(this.db, this.schema, idVehicle);
  }

  /** The exhibitor who listed a showcase, or null when no vehicle was listed in it. */
  async showcaseOwner(idShowcase: string): Promise<string | null> {
    const rows = await this.db.query<{ idOwner: string }>(
      `SELECT id_owner AS "idOwner" FROM ${qualified(this.schema, vehiclesTable)} WHERE id_showcase = $1 ORDER BY listed_position LIMIT 1`, [idShowcase]);
    return rows[0]?.idOwner ?? null;
  }

  /**
   * One page of the sold vehicles of a showcase with their buyer (owner of the showcase or administrator of its market), sorted, and
   * their total. A showcase holds at most 2,000 vehicles, so its sold ones are sorted here with the in-memory comparator.
   */
  async sold(viewer: Viewer, idShowcase: string, page: SoldPage): Promise<Page<SoldVehicleRow>> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${selectList(vehiclesTable)} FROM ${qualified(this.schema, vehiclesTable)} t WHERE t.id_showcase = $1 ORDER BY t.listed_position`,
      [idShowcase]);
    const vehicles = rows.map((r) => fromDb(vehiclesTable, r));
    const [first] = vehicles;
    // Its exhibitor, or an administrator of its market; anyone else is answered as for an unknown showcase (the
    // ownership matrix: a refusal never tells that the showcase exists; its buyers are dealers of that market).
    const ofItsMarket = viewer.roles.includes('ADMIN') && (viewer.adminEnabledMarket ?? []).includes(first?.idMarket ?? 'OTHER');
    if (!first || (first.idOwner !== viewer.idUser && !ofItsMarket)) throw this.errors.showcaseNotFound();
    const sold: SoldVehicleRow[] = vehicles.filter((v) => v.status === 'SOLD').map((v) => ({
      idVehicle: v.idVehicle, licensePlate: v.licensePlate, brand: v.brand, model: v.model, price: v.soldPrice ?? v.price,
      idUser: v.soldUserId ?? '', username: v.soldUserId ? this.usernameOf(v.soldUserId) : '', soldAt: v.soldAt ?? '',
    }));
    const sign = page.sortOrder === 'asc' ? 1 : -1;
    const key = page.sortField;
    sold.sort((a, b) => sign * (key === 'price' ? a.price - b.price : a[key].localeCompare(b[key])) || a.idVehicle.localeCompare(b.idVehicle));
    return { items: sold.slice(page.offset, page.offset + page.limit), total: sold.length, limit: page.limit, offset: page.offset };
  }

  /**
   * One page of vehicles with the viewer's my-lot flag, in listing order, and the total over all pages. Who sees what:
   * only vehicles of the default channel, of the templates the viewer sees (`templatesOf`), its own listings and what it
   * bought.
   */
  private async page(filter: string, filterParams: unknown[], join: 'LEFT' | 'INNER', viewer: Viewer, page: PageQuery): Promise<Page<VehicleView>> {
    const k = filterParams.length + 2;
    const where = `(${filter}) AND ($${k}::text[] IS NULL OR t.id_template IS NULL OR t.id_template = ANY($${k}::text[]) OR t.id_owner = $1 ` +
      `OR (t.status = 'SOLD' AND t.sold_user_id = $1))`;
    const templates = templateFilterOf(this.options, viewer).templates;
    const params = [...filterParams, templates === null ? null : [...templates]];
    const n = params.length + 2;
    const rows = await this.vehicles(`${where} ORDER BY t.listed_position LIMIT $${n} OFFSET $${n + 1}`, [...params, page.limit, page.offset], viewer, join);
    const [counted] = await this.db.query<{ total: number | string }>(
      `SELECT count(*) AS total FROM ${qualified(this.schema, vehiclesTable)} t ${join} JOIN ${qualified(this.schema, myLotTable)} m ` +
        `ON m.id_vehicle = t.id_vehicle AND m.id_user = $1 WHERE ${where}`, [viewer.idUser, ...params]);
    return { items: this.views(rows, viewer), total: Number(counted?.total ?? 0), limit: page.limit, offset: page.offset };
  }

  /** Vehicles with the viewer's my-lot flag: `$1` is the viewer; `INNER` keeps only the viewer's my lot. */
  private async vehicles(where: string, params: unknown[], viewer: Viewer, join: 'LEFT' | 'INNER'): Promise<WithMyLot[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT ${selectList(vehiclesTable)}, (m.id_user IS NOT NULL) AS "inMyLot", ${SHEET_SELECT} FROM ${qualified(this.schema, vehiclesTable)} t ` +
        `${join} JOIN ${qualified(this.schema, myLotTable)} m ON m.id_vehicle = t.id_vehicle AND m.id_user = $1 ` +
        `LEFT JOIN ${qualified(this.schema, vehicleRecordsTable)} r ON r.id_vehicle = t.id_vehicle WHERE ${where}`,
      [viewer.idUser, ...params]);
    return rows.map((r) => ({ ...fromDb<VehicleRow>(vehiclesTable, r), inMyLot: Boolean(r['inMyLot']), sheet: sheetOf(r) }));
  }

  private views(rows: readonly WithMyLot[], viewer: Viewer): VehicleView[] {
    const now = this.now();
    return rows.map((v) => vehicleViewOf(v, now, viewer.idUser, v.inMyLot, v.sheet));
  }
}
