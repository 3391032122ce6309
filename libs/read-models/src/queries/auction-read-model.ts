import type {
  AuctionLotSortField, AuctionLotsQuery, AuctionLotsView, LotFilters, RandomVehicle, AuctionManagementPageQuery, AuctionView, ManagedAuction, ObservedLot, OfferReportRow, Page, PageQuery, PurchasePageQuery, PurchaseRow,
  RunningAuctionsQuery,
} from '@auction/contracts';
import { DomainError } from '@auction/domain';
import type { ReadModelDb, SqlRunner } from '../db/read-model-db.js';
import { fromDb, selectList } from '../db/table-sql.js';
import type { AuctionRow, LotRow } from '../rows.js';
import { auctionsTable, lotsTable, observationsTable, offersTable, regulationsTable } from '../tables/read-model-tables.js';
import { qualified } from '../tables/table-spec.js';
import { auctionSummaries } from './auction-summaries.js';
import { lotMatches } from './lot-filters.js';
import { purchasesOf } from './purchases.js';
import { findAuction, lotsByIds, personalState } from './read-sql.js';
import { DEFAULT_ACCESS_ERRORS, auctionSeenBy, isPrivileged, templateFilterOf, type AccessErrors, type ReadModelQueryOptions, type Viewer } from './viewer.js';
import { auctionViewOf, lotViewOf } from './views.js';

/** How `auctionPage` orders the lots: lot number ascending unless asked. */
export interface LotsSort {
  readonly sortField?: AuctionLotSortField;
  readonly sortOrder?: 'asc' | 'desc';
}

const SORT_VALUE: Record<AuctionLotSortField, (l: LotRow) => number | string | null> = {
  lotNumber: (l) => l.lotNumber, basePrice: (l) => l.basePrice, bestOffer: (l) => l.bestAmount, offersCount: (l) => l.offersCount,
  licensePlate: (l) => l.licensePlate.toLowerCase(), brand: (l) => l.brand.toLowerCase(), model: (l) => l.model.toLowerCase(),
  endDate: (l) => (l.endAt ? Date.parse(l.endAt) : null),
};

function lotOrder({ sortField = 'lotNumber', sortOrder = 'asc' }: LotsSort): (a: LotRow, b: LotRow) => number {
  const value = SORT_VALUE[sortField];
  const sign = sortOrder === 'desc' ? -1 : 1;
  return (a, b) => {
    const [x, y] = [value(a), value(b)];
    const byField = x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
    return sign * byField || a.lotNumber - b.lotNumber;
  };
}

/**
 * The auction queries of the API, answered from the read-model tables with the same results as the
 * in-memory `AuctionQueries`. Every method reads one consistent snapshot (a read-only transaction).
 */
export class AuctionReadModel {
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

  /** An auction's view; `personal` adds the viewer's myBestOffer, leading and observed per lot. Throws AUCTION_NOT_FOUND. */
  auction(viewer: Viewer, idAuction: string, personal: boolean): Promise<AuctionView> {
    return this.read(async (tx) => {
      const auction = await this.seenBy(tx, viewer, idAuction);
      const [view] = await this.views(tx, [auction], viewer, personal);
      return view!;
    });
  }

  /**
   * An auction's view with one page of its lots (lot-number order; withdrawn ones left out): the auction's fields count
   * every lot, the viewer's own state (`personal`) is read for the page's lots only. Throws AUCTION_NOT_FOUND, and
   * LOT_NOT_FOUND when `idLot` names no lot of this auction shown (withdrawn, another auction's, unknown). `filters`
   * (`auctionFull/{id}/search`) keep the lots whose fields contain the texts given. `page.sortField` and `sortOrder`
   * (`GET /api/v2/secure/auction/{id}`) order the lots on that field, the lot number breaking ties (a lot without a
   * value, e.g. no offer yet, comes first in ascending order).
   */
  auctionPage(
    viewer: Viewer, idAuction: string, personal: boolean, page: AuctionLotsQuery & LotsSort, filters?: LotFilters,
  ): Promise<AuctionLotsView> {
    return this.read(async (tx) => {
      const auction = await this.seenBy(tx, viewer, idAuction);
      const rows = await lotsByIds(tx, this.schema, auction.lotIds);
      const shown = rows.filter((l) => l.state !== 'WITHDRAWN' && (!page.idLot || l.idLot === page.idLot) && (!filters || lotMatches(l, filters)))
        .sort(lotOrder(page));
      // A lot asked by id that is not one of this auction's (another auction's, withdrawn, unknown) is not found, as for
      // its bids: an empty page would read as an auction without lots.
      if (page.idLot && shown.length === 0) throw new DomainError('LOT_NOT_FOUND', 'lot not found');
      const pageIds = new Set(shown.slice(page.offset, page.offset + page.limit).map((l) => l.idLot));
      const mine = personal ? await personalState(tx, this.schema, viewer.idUser, [...pageIds]) : null;
      const view = auctionViewOf(auction, new Map(rows.map((l) => [l.idLot, l])), this.now(), { privileged: isPrivileged(auction.idOwner, viewer), personal: mine });
      const place = new Map([...pageIds].map((id, i) => [id, i]));
      const lots = view.lots.filter((l) => pageIds.has(l.idLot)).sort((a, b) => place.get(a.idLot)! - place.get(b.idLot)!);
      const fileMessage = auction.idFileMessage ? `/api/v1/secure/auction/${auction.idAuction}/file-message` : null;
      return { ...view, message: auction.message ?? null, fileMessage, lots, lotsPage: { total: shown.length, limit: page.limit, offset: page.offset } };
    });
  }

  /**
   * One page of the running auctions, optionally those whose name, or a lot's plate, brand or model, contains
   * `toSearch` (any case), soonest shown end (the last lot's end) first; without their lots (`auctionFull` has them).
   */
  running(viewer: Viewer, query: RunningAuctionsQuery): Promise<Page<ManagedAuction>> {
    const seen = templateFilterOf(this.options, viewer);
    return this.read((tx) => auctionSummaries(tx, this.schema, this.now(), { owner: null, status: 'RUN', toSearch: query.toSearch, ...seen }, 'end', query));
  }

  /** One page of the auctions named (deleted and unknown ones left out), soonest scheduled end first, without their lots. */
  byIds(viewer: Viewer, ids: readonly string[], page: PageQuery): Promise<Page<ManagedAuction>> {
    const seen = templateFilterOf(this.options, viewer);
    return this.read((tx) => auctionSummaries(tx, this.schema, this.now(), { owner: null, status: null, toSearch: undefined, ids, ...seen }, 'end', page));
  }

  /**
   * One lot, picked by `pick` (a number in [0, 1)), of the running lots of the running auctions named, with its
   * auction's name; null when none of them has a running lot.
   */
  randomRunningLot(viewer: Viewer, idAuctions: readonly string[], pick: number): Promise<RandomVehicle | null> {
    // Who sees what: an auction of a template the viewer is not enabled for counts as one that has no running lot.
    const seen = templateFilterOf(this.options, viewer);
    return this.read(async (tx) => {
      const from = `FROM ${qualified(this.schema, lotsTable)} t JOIN ${qualified(this.schema, auctionsTable)} a ON a.id_auction = t.id_auction ` +
        `AND a.status = 'RUN' AND ($3::text[] IS NULL OR a.id_template IS NULL OR a.id_template = ANY($3) OR a.id_owner = $4) ` +
        `WHERE t.id_auction = ANY($1::text[]) AND t.state <> 'WITHDRAWN' AND t.state <> 'CLOSED' AND t.start_at <= $2::timestamptz AND t.end_at > $2::timestamptz`;
      const now = new Date(this.now()).toISOString();
      const templates = seen.templates ? [...seen.templates] : null;
      const [counted] = await tx.query<{ total: number | string }>(`SELECT count(*) AS total ${from}`, [[...idAuctions], now, templates, seen.viewerId]);
      const total = Number(counted?.total ?? 0);
      if (total === 0) return null;
      const offset = Math.min(total - 1, Math.floor(pick * total));
      const [row] = await tx.query<Record<string, unknown>>(
        `SELECT ${selectList(lotsTable)}, a.auction_name AS "auctionName" ${from} ORDER BY t.id_lot LIMIT 1 OFFSET $5`, [[...idAuctions], now, templates, seen.viewerId, offset]);
      if (!row) return null;
      const lot = fromDb<LotRow & { auctionName: string }>(lotsTable as never, row);
      const view = lotViewOf(lot, this.now(), { privileged: false, personal: null })!;
      return {
        idAuction: lot.idAuction, auctionName: lot.auctionName, idLot: lot.idLot, lotNumber: lot.lotNumber, licensePlate: lot.licensePlate,
        frame: lot.frame, brand: lot.brand, model: lot.model, basePrice: lot.basePrice, endDate: view.endDate,
      };
    });
  }

  /**
   * One page of the auctions the viewer manages (an administrator: every auction), deleted ones left out, optionally of
   * one status and whose name, or a lot's plate, brand or model, contains `toSearch` (any case); newest start first,
   * without their lots but with how many lots (not withdrawn) they have.
   */
  managed(viewer: Viewer, query: AuctionManagementPageQuery): Promise<Page<ManagedAuction>> {
    const owner = viewer.roles.includes('ADMIN') ? null : viewer.idUser;
    return this.read((tx) => auctionSummaries(tx, this.schema, this.now(), { owner, status: query.status ?? null, toSearch: query.toSearch }, 'newest', query));
  }

  /** Whether the viewer accepted an auction's regulation. Throws AUCTION_NOT_FOUND. */
  acceptedRegulation(viewer: Viewer, idAuction: string): Promise<{ accepted: boolean }> {
    return this.read(async (tx) => {
      await this.seenBy(tx, viewer, idAuction);
      const rows = await tx.query(
        `SELECT 1 FROM ${qualified(this.schema, regulationsTable)} WHERE kind = 'AUCTION' AND id_scope = $1 AND id_user = $2`, [idAuction, viewer.idUser]);
      return { accepted: rows.length > 0 };
    });
  }

  /**
   * One page of the lots the viewer observes (of auctions not deleted), with their live state and their auction's name,
   * in the lots' creation order (stable while offers arrive); `idAuctions`: only those auctions' lots.
   */
  observed(viewer: Viewer, page: PageQuery, idAuctions?: readonly string[]): Promise<Page<ObservedLot>> {
    // Who sees what: a lot observed while the viewer was enabled for the auction's template leaves the list once it is not.
    const seen = templateFilterOf(this.options, viewer);
    const templates = seen.templates ? [...seen.templates] : null;
    return this.read(async (tx) => {
      const from = `FROM ${qualified(this.schema, lotsTable)} t ` +
        `JOIN ${qualified(this.schema, observationsTable)} o ON o.id_lot = t.id_lot AND o.id_user = $1 ` +
        `JOIN ${qualified(this.schema, auctionsTable)} a ON a.id_auction = t.id_auction AND a.status <> 'DELETED' WHERE t.state <> 'WITHDRAWN' ` +
        'AND ($2::text[] IS NULL OR t.id_auction = ANY($2::text[])) AND ($3::text[] IS NULL OR a.id_template IS NULL OR a.id_template = ANY($3) OR a.id_owner = $1)';
      const only = idAuctions ? [...idAuctions] : null;
      const rows = await tx.query<Record<string, unknown>>(
        `SELECT ${selectList(lotsTable)}, a.auction_name AS "auctionName", a.id_owner AS "idOwner" ${from} ` +
          'ORDER BY t.created_position LIMIT $4 OFFSET $5', [viewer.idUser, only, templates, page.limit, page.offset]);
      const [counted] = await tx.query<{ total: number | string }>(`SELECT count(*) AS total ${from}`, [viewer.idUser, only, templates]);
      const lots = rows.map((r) => fromDb<LotRow & { auctionName: string; idOwner: string }>(lotsTable as never, r));
      const personal = await personalState(tx, this.schema, viewer.idUser, lots.map((l) => l.idLot));
      const now = this.now();
      const items = lots.map((l) => ({ ...lotViewOf(l, now, { privileged: isPrivileged(l.idOwner, viewer), personal })!, auctionName: l.auctionName }));
      return { items, total: Number(counted?.total ?? 0), limit: page.limit, offset: page.offset };
    });
  }

  /**
   * One page of the accepted offers of an auction in stored order (with `idLot`: of that lot only; a lot not of the
   * auction has none), each with its lot's number and plate; owner or administrator only. Throws AUCTION_NOT_FOUND.
   */
  offersReport(viewer: Viewer, idAuction: string, page: PageQuery, idLot?: string): Promise<Page<OfferReportRow>> {
    return this.read(async (tx) => {
      await this.reportable(tx, viewer, idAuction);
      const where = `t.id_auction = $1${idLot === undefined ? '' : ' AND t.id_lot = $2'}`;
      const args = idLot === undefined ? [idAuction] : [idAuction, idLot];
      const rows = await tx.query<Record<string, unknown>>(
        `${this.reportSelect()} WHERE ${where} ORDER BY t.position LIMIT $${args.length + 1} OFFSET $${args.length + 2}`, [...args, page.limit, page.offset]);
      const [counted] = await tx.query<{ total: number | string }>(`SELECT count(*) AS total FROM ${qualified(this.schema, offersTable)} t WHERE ${where}`, args);
      return { items: rows.map((r) => this.reportRow(r)), total: Number(counted?.total ?? 0), limit: page.limit, offset: page.offset };
    });
  }

  /**
   * Every accepted offer of an auction in stored order, `batch` rows at a time (owner or administrator only; throws
   * AUCTION_NOT_FOUND before the first batch): an export file streams them, never holding a big auction's offers at once.
   * Batches follow the offers' positions (keyset), so offers accepted meanwhile come last, none twice.
   */
  async *offersReportBatches(viewer: Viewer, idAuction: string, batch = 1000): AsyncGenerator<OfferReportRow[]> {
    await this.read((tx) => this.reportable(tx, viewer, idAuction));
    let after = -1;
    for (;;) {
      const rows = await this.read((tx) => tx.query<Record<string, unknown>>(
        `${this.reportSelect()} WHERE t.id_auction = $1 AND t.position > $2 ` +
          'ORDER BY t.position LIMIT $3', [idAuction, after, batch]));
      if (rows.length === 0) return;
      after = Number(fromDb(offersTable, rows[rows.length - 1]!).position);
      yield rows.map((r) => this.reportRow(r));
      if (rows.length < batch) return;
    }
  }

  /** The dealers' usernames of some offers of an auction, by offer id (the winners of an offers report). */
  async offerUsernames(idAuction: string, idOffers: readonly string[]): Promise<Map<string, string>> {
    if (idOffers.length === 0) return new Map();
    const rows = await this.read((tx) => tx.query<{ idOffer: string; idUser: string }>(
      `SELECT id_offer AS "idOffer", id_user AS "idUser" FROM ${qualified(this.schema, offersTable)} WHERE id_auction = $1 AND id_offer = ANY($2::text[])`,
      [idAuction, [...idOffers]]));
    return new Map(rows.map((r) => [r.idOffer, this.usernameOf(r.idUser)]));
  }

  /** One page of what the viewer won in auctions (buy-now included) or bought in the showcase, filtered, newest first. */
  purchases(viewer: Viewer, query: PurchasePageQuery): Promise<Page<PurchaseRow>> {
    return this.read((tx) => purchasesOf(tx, this.schema, viewer.idUser, query));
  }

  /** Whether the viewer won a lot of the auction (a dealer rates only an auction it bought in). */
  async wonIn(viewer: Viewer, idAuction: string): Promise<boolean> {
    const rows = await this.read((tx) => tx.query(
      `SELECT 1 FROM ${qualified(this.schema, lotsTable)} t WHERE t.award_status = 'AWA' AND t.state = 'CLOSED' AND t.awarded_user_id = $1 ` +
        'AND t.id_auction = $2 LIMIT 1', [viewer.idUser, idAuction]));
    return rows.length > 0;
  }

  /**
   * The stored file of an auction's own regulation document, or null. Throws AUCTION_NOT_FOUND, also for an auction of a
   * template the viewer is not enabled for ({@link seenBy}).
   */
  fileMessageOf(viewer: Viewer, idAuction: string): Promise<string | null> {
    return this.read(async (tx) => (await this.seenBy(tx, viewer, idAuction)).idFileMessage ?? null);
  }

  /** The owner of an auction. Throws AUCTION_NOT_FOUND. */
  auctionOwner(idAuction: string): Promise<string> {
    return this.read(async (tx) => (await this.existing(tx, idAuction)).idOwner);
  }

  private async reportable(tx: SqlRunner, viewer: Viewer, idAuction: string): Promise<void> {
    const auction = await this.existing(tx, idAuction);
    if (!isPrivileged(auction.idOwner, viewer)) throw this.errors.notOwner('auction');
  }

  /** The offers (`t`) with their lot's number and plate (`l`), for {@link reportRow}. */
  private reportSelect(): string {
    return `SELECT ${selectList(offersTable)}, l.lot_number AS "lotNumber", l.license_plate AS "licensePlate" ` +
      `FROM ${qualified(this.schema, offersTable)} t LEFT JOIN ${qualified(this.schema, lotsTable)} l ON l.id_lot = t.id_lot`;
  }

  private reportRow(r: Record<string, unknown>): OfferReportRow {
    const o = fromDb(offersTable, r);
    return {
      idOffer: o.idOffer, idLot: o.idLot, lotNumber: Number(r['lotNumber'] ?? 0), licensePlate: String(r['licensePlate'] ?? ''), offer: o.amount,
      username: this.usernameOf(o.idUser), createdAt: o.placedAt ?? '', clickAndBuy: o.clickAndBuy,
    };
  }

  private async existing(tx: SqlRunner, idAuction: string): Promise<AuctionRow> {
    const auction = await findAuction(tx, this.schema, idAuction);
    if (!auction) throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
    return auction;
  }

  /**
   * {@link existing}, as the lists see it (templateFilterOf): an auction of a template the viewer is not enabled for is
   * not found. The API's guard checks this first against its live model, but lets an auction it does not know yet
   * through (its own 404 follows); in server mode the read models can hold an auction before that instance's live model
   * does (both follow Kafka), and a dealer not enabled read a new auction of a template in that moment (templates.e2e,
   * a fresh-clone run of 2026-11-26). Here the row itself decides.
   */
  private async seenBy(tx: SqlRunner, viewer: Viewer, idAuction: string): Promise<AuctionRow> {
    const auction = await this.existing(tx, idAuction);
    if (!auctionSeenBy(this.options, viewer, auction)) throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
    return auction;
  }

  private async views(tx: SqlRunner, auctions: readonly AuctionRow[], viewer: Viewer, personal: boolean): Promise<AuctionView[]> {
    const idLots = auctions.flatMap((a) => a.lotIds);
    const lots = new Map((await lotsByIds(tx, this.schema, idLots)).map((l) => [l.idLot, l]));
    const mine = personal ? await personalState(tx, this.schema, viewer.idUser, idLots) : null;
    const now = this.now();
    return auctions.map((a) => auctionViewOf(a, lots, now, { privileged: isPrivileged(a.idOwner, viewer), personal: mine }));
  }

  private read<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    return this.db.transaction(work, { isolation: 'REPEATABLE READ', readOnly: true });
  }
}
