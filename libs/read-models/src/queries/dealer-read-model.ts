import type { AuctionView, LotBid, LotBidHistory, MyBid } from '@auction/contracts';
import { DomainError, meetsReserve } from '@auction/domain';
import type { ReadModelDb, SqlRunner } from '../db/read-model-db.js';
import { fromDb, selectList } from '../db/table-sql.js';
import type { LotRow } from '../rows.js';
import { auctionsTable, dealerBestsTable, lotsTable, offersTable } from '../tables/read-model-tables.js';
import { qualified } from '../tables/table-spec.js';
import { findAuction, lotsByIds, personalState } from './read-sql.js';
import { isPrivileged, type ReadModelQueryOptions, type Viewer } from './viewer.js';
import { auctionViewOf, lotViewOf } from './views.js';

const iso = (value: string | Date | null): string => (value === null ? '' : new Date(value).toISOString());

/**
 * The dealer's own views (issue 11 item 23): a lot's bid history without other dealers' names, the dealer's bids and
 * wins, and the scheduled auctions. Every method reads one consistent snapshot (a read-only transaction).
 */
export class DealerReadModel {
  private readonly now: () => number;
  private readonly schema: string;

  constructor(private readonly db: ReadModelDb, options: ReadModelQueryOptions = {}) {
    this.now = options.now ?? Date.now;
    this.schema = options.schema ?? db.schema;
  }

  /**
   * The bids of a lot, newest first: the viewer's own as `mine`, every other dealer as a number given in the order of
   * their first bid on the lot (the viewer left out); and whether the best offer meets the reserve. Throws AUCTION_NOT_FOUND, LOT_NOT_FOUND
   * (also for a withdrawn lot or a lot of another auction).
   */
  bidHistory(viewer: Viewer, idAuction: string, idLot: string): Promise<LotBidHistory> {
    return this.read(async (tx) => {
      if (!(await findAuction(tx, this.schema, idAuction))) throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
      const [lot] = await lotsByIds(tx, this.schema, [idLot]);
      if (!lot || lot.idAuction !== idAuction || lot.state === 'WITHDRAWN') throw new DomainError('LOT_NOT_FOUND', 'lot not found');
      const rows = await tx.query<Record<string, unknown>>(
        `SELECT ${selectList(offersTable)} FROM ${qualified(this.schema, offersTable)} t WHERE t.id_auction = $1 AND t.id_lot = $2 ` +
          'ORDER BY t.position', [idAuction, idLot]);
      const numbers = new Map<string, number>();
      const bids: LotBid[] = rows.map((r) => fromDb(offersTable, r)).map((o) => {
        const mine = o.idUser === viewer.idUser;
        if (!mine && !numbers.has(o.idUser)) numbers.set(o.idUser, numbers.size + 1);
        return { amount: o.amount, placedAt: iso(o.placedAt as string | null), mine, bidder: mine ? null : numbers.get(o.idUser)!, clickAndBuy: o.clickAndBuy };
      });
      return {
        idAuction, idLot, hasReserve: lot.reservePrice !== null,
        reserveMet: lot.bestAmount !== null && meetsReserve(lot.reservePrice, lot.bestAmount),
        bids: bids.reverse(),
      };
    });
  }

  /** The lots the viewer bid on (auctions not deleted, lots not withdrawn), latest end first. */
  myBids(viewer: Viewer): Promise<MyBid[]> {
    return this.read(async (tx) => {
      const rows = await tx.query<Record<string, unknown>>(
        `SELECT ${selectList(lotsTable)}, a.auction_name AS "auctionName", a.id_owner AS "idOwner" FROM ${qualified(this.schema, lotsTable)} t ` +
          `JOIN ${qualified(this.schema, dealerBestsTable)} b ON b.id_lot = t.id_lot AND b.id_user = $1 ` +
          `JOIN ${qualified(this.schema, auctionsTable)} a ON a.id_auction = t.id_auction AND a.status <> 'DELETED' ` +
          `WHERE t.state <> 'WITHDRAWN' ORDER BY t.end_at DESC NULLS LAST, t.created_position DESC`, [viewer.idUser]);
      const lots = rows.map((r) => fromDb<LotRow & { auctionName: string; idOwner: string }>(lotsTable as never, r));
      const personal = await personalState(tx, this.schema, viewer.idUser, lots.map((l) => l.idLot));
      const now = this.now();
      return lots.flatMap((l) => {
        const view = lotViewOf(l, now, { privileged: isPrivileged(l.idOwner, viewer), personal });
        const best = personal.bests.get(l.idLot);
        if (!view || !best) return [];
        const won = view.awardStatus === 'AWA' && l.awardedUserId === viewer.idUser;
        return [{ ...view, auctionName: l.auctionName, myBestOffer: best.bestAmount, leading: view.leading ?? l.bestUserId === viewer.idUser, won }];
      });
    });
  }

  /** Auctions not started yet, soonest start first, with their lots. */
  scheduled(viewer: Viewer): Promise<AuctionView[]> {
    return this.read(async (tx) => {
      const rows = await tx.query<Record<string, unknown>>(
        `SELECT ${selectList(auctionsTable)} FROM ${qualified(this.schema, auctionsTable)} t WHERE t.status = 'SCH'`, []);
      const auctions = rows.map((r) => fromDb(auctionsTable, r));
      const idLots = auctions.flatMap((a) => a.lotIds);
      const lots = new Map((await lotsByIds(tx, this.schema, idLots)).map((l) => [l.idLot, l]));
      const mine = await personalState(tx, this.schema, viewer.idUser, idLots);
      const now = this.now();
      return auctions
        .map((a) => auctionViewOf(a, lots, now, { privileged: isPrivileged(a.idOwner, viewer), personal: mine }))
        .filter((a) => a.status === 'SCH')
        .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.idAuction.localeCompare(b.idAuction));
    });
  }

  private read<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    return this.db.transaction(work, { isolation: 'REPEATABLE READ', readOnly: true });
  }
}
