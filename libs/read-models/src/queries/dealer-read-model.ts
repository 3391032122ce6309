import type { LotBid, LotBidHistory, ManagedAuction, MyBid, Page, PageQuery } from '@auction/contracts';
import { DomainError, meetsReserve } from '@auction/domain';
import type { ReadModelDb, SqlRunner } from '../db/read-model-db.js';
import { fromDb, selectList } from '../db/table-sql.js';
import type { LotRow } from '../rows.js';
import { auctionsTable, dealerBestsTable, lotsTable, offersTable } from '../tables/read-model-tables.js';
import { qualified } from '../tables/table-spec.js';
import { auctionSummaries } from './auction-summaries.js';
import { findAuction, lotsByIds, personalState } from './read-sql.js';
import { auctionSeenBy, isPrivileged, templateFilterOf, type ReadModelQueryOptions, type Viewer } from './viewer.js';
import { lotViewOf } from './views.js';

const iso = (value: string | Date | null): string => (value === null ? '' : new Date(value).toISOString());

/**
 * The dealer's own views (issue 11 item 23): a lot's bid history without other dealers' names, the dealer's bids and
 * wins, and the scheduled auctions. Every method reads one consistent snapshot (a read-only transaction).
 */
export class DealerReadModel {
  private readonly now: () => number;
  private readonly schema: string;

  constructor(private readonly db: ReadModelDb, private readonly options: ReadModelQueryOptions = {}) {
    this.now = options.now ?? Date.now;
    this.schema = options.schema ?? db.schema;
  }

  /**
   * One page of the bids of a lot, newest first: the viewer's own as `mine`, every other dealer as a number given in the
   * order of their first bid on the lot (the viewer left out, counted over every bid, not the page's); and whether the
   * best offer meets the reserve. Throws AUCTION_NOT_FOUND, LOT_NOT_FOUND (also for a withdrawn lot or a lot of another auction).
   */
  bidHistory(viewer: Viewer, idAuction: string, idLot: string, page: PageQuery): Promise<LotBidHistory> {
    return this.read(async (tx) => {
      // Not found also when it is of a template the viewer is not enabled for (auctionSeenBy: as the lists see it).
      const auction = await findAuction(tx, this.schema, idAuction);
      if (!auction || !auctionSeenBy(this.options, viewer, auction)) throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
      const [lot] = await lotsByIds(tx, this.schema, [idLot]);
      if (!lot || lot.idAuction !== idAuction || lot.state === 'WITHDRAWN') throw new DomainError('LOT_NOT_FOUND', 'lot not found');
      const rows = await tx.query<Record<string, unknown>>(
        `WITH o AS (SELECT ${selectList(offersTable)}, t.id_user AS bidder_id, min(t.position) OVER (PARTITION BY t.id_user) AS first ` +
          `FROM ${qualified(this.schema, offersTable)} t WHERE t.id_lot = $1 AND t.id_auction = $2) ` +
          'SELECT o.*, dense_rank() OVER (PARTITION BY o.bidder_id = $3 ORDER BY o.first) AS bidder, count(*) OVER () AS total ' +
          'FROM o ORDER BY o.position DESC LIMIT $4 OFFSET $5', [idLot, idAuction, viewer.idUser, page.limit, page.offset]);
      const bids: LotBid[] = rows.map((r) => {
        const o = fromDb(offersTable, r);
        const mine = o.idUser === viewer.idUser;
        return { amount: o.amount, placedAt: iso(o.placedAt as string | null), mine, bidder: mine ? null : Number(r['bidder']), clickAndBuy: o.clickAndBuy };
      });
      // A page past the end carries no row, so no total: count them.
      const total = rows.length > 0 ? Number(rows[0]!['total']) : page.offset === 0 ? 0 : Number((await tx.query<{ n: string | number }>(
        `SELECT count(*) AS n FROM ${qualified(this.schema, offersTable)} t WHERE t.id_lot = $1 AND t.id_auction = $2`, [idLot, idAuction]))[0]?.n ?? 0);
      return {
        idAuction, idLot, hasReserve: lot.reservePrice !== null,
        reserveMet: lot.bestAmount !== null && meetsReserve(lot.reservePrice, lot.bestAmount),
        bids, total, limit: page.limit, offset: page.offset,
      };
    });
  }

  /**
   * One page of the lots the viewer bid on (auctions not deleted, lots not withdrawn), latest end first: the auction's
   * scheduled end, not the lot's, which an offer's extension moves (a lot then moved between pages while paging).
   */
  myBids(viewer: Viewer, page: PageQuery): Promise<Page<MyBid>> {
    return this.read(async (tx) => {
      const from = `FROM ${qualified(this.schema, lotsTable)} t ` +
        `JOIN ${qualified(this.schema, dealerBestsTable)} b ON b.id_lot = t.id_lot AND b.id_user = $1 ` +
        `JOIN ${qualified(this.schema, auctionsTable)} a ON a.id_auction = t.id_auction AND a.status <> 'DELETED' WHERE t.state <> 'WITHDRAWN'`;
      const [rows, counted] = [
        await tx.query<Record<string, unknown>>(
          `SELECT ${selectList(lotsTable)}, a.auction_name AS "auctionName", a.id_owner AS "idOwner" ${from} ` +
            'ORDER BY a.end_at DESC NULLS LAST, t.created_position DESC LIMIT $2 OFFSET $3', [viewer.idUser, page.limit, page.offset]),
        await tx.query<{ total: number | string }>(`SELECT count(*) AS total ${from}`, [viewer.idUser]),
      ];
      const lots = rows.map((r) => fromDb<LotRow & { auctionName: string; idOwner: string }>(lotsTable as never, r));
      const personal = await personalState(tx, this.schema, viewer.idUser, lots.map((l) => l.idLot));
      const now = this.now();
      const items = lots.flatMap((l) => {
        const view = lotViewOf(l, now, { privileged: isPrivileged(l.idOwner, viewer), personal });
        const best = personal.bests.get(l.idLot);
        if (!view || !best) return [];
        const won = view.awardStatus === 'AWA' && l.awardedUserId === viewer.idUser;
        return [{ ...view, auctionName: l.auctionName, myBestOffer: best.bestAmount, leading: view.leading ?? l.bestUserId === viewer.idUser, won }];
      });
      return { items, total: Number(counted[0]?.total ?? 0), limit: page.limit, offset: page.offset };
    });
  }

  /** One page of the auctions not started yet, soonest start first, without their lots (`auctionFull` has them). */
  scheduled(viewer: Viewer, page: PageQuery): Promise<Page<ManagedAuction>> {
    const seen = templateFilterOf(this.options, viewer);
    return this.read((tx) => auctionSummaries(tx, this.schema, this.now(), { owner: null, status: 'SCH', toSearch: undefined, ...seen }, 'start', page));
  }

  private read<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    return this.db.transaction(work, { isolation: 'REPEATABLE READ', readOnly: true });
  }
}
