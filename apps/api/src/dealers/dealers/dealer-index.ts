import type { ReadModelDb } from '@auction/read-models';
import { DEALER, USER, type DealerState, type UserState } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import type { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { sideTable } from '../../platform/engine/side-table.js';

/** The table of the index, beside `public.personal_data` (outside the read-model schema: see {@link DealerIndex}). */
export const DEALER_INDEX_TABLE = 'public.dealer_index';

/** One row of the index: codes, ids, flags and the reference user's username; never business data. */
export interface DealerIndexRow {
  readonly id_dealer: string;
  readonly status: string;
  readonly id_market: string;
  readonly country: string;
  readonly region: string | null;
  readonly created_at: string;
  readonly auctioneer: boolean;
  readonly exhibitor: boolean;
  readonly multi_auctioneer: boolean;
  readonly id_reference_user: string | null;
  readonly username: string | null;
  readonly position: number;
}

/**
 * The dealers as SQL can filter, sort and page them together with their business data (`public.personal_data`, kind
 * DEALER, JSON): a small table kept from the engine's in-memory index (LiveReadModel's `dealers` map), not a
 * read-model projection. Why: the engine's index already folds every dealer stream (and the reference users'
 * usernames) on every instance from position 0, so the table needs no projector, checkpoint or rebuild of its own, and
 * it lives outside the read-model schema a rebuild drops, like the personal data it is joined with. Rows of changed
 * dealers are upserted lazily, before each query (`sync`), so a change is visible to the next query of the instance
 * that waited for it; every instance writes the same rows, and a row is never replaced by one from an older position.
 */
export class DealerIndex {
  private readonly ensure: () => Promise<void>;
  private readonly dirty = new Set<string>();
  private all = true;
  private syncing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>, private readonly model: LiveReadModel) {
    this.ensure = sideTable(db, 'dealer_index', [
      `CREATE TABLE IF NOT EXISTS ${DEALER_INDEX_TABLE} (id_dealer text PRIMARY KEY, status text NOT NULL, id_market text NOT NULL,
        country text NOT NULL, region text, created_at timestamptz NOT NULL, auctioneer boolean NOT NULL DEFAULT false,
        exhibitor boolean NOT NULL DEFAULT false, multi_auctioneer boolean NOT NULL DEFAULT false, id_reference_user text,
        username text, position bigint NOT NULL DEFAULT 0)`,
      `CREATE INDEX IF NOT EXISTS dealer_index_market_status ON ${DEALER_INDEX_TABLE} (id_market, status, created_at)`,
    ]);
    model.onChange((event, state) => this.changed(event, state));
  }

  /** Brings the table up to this instance's index (the dealers changed since the last call). */
  sync(): Promise<void> {
    const run = this.syncing.then(() => this.flush());
    this.syncing = run.catch(() => undefined);
    return run;
  }

  private changed(event: StoredEvent, state: unknown): void {
    if (event.streamId.startsWith(DEALER.prefix)) this.dirty.add(event.streamId.slice(DEALER.prefix.length));
    else if (event.streamId.startsWith(USER.prefix)) {
      const user = state as UserState;
      if (user?.status === 'ACTIVE' && user.data.idDealer) this.dirty.add(user.data.idDealer);
    }
  }

  private async flush(): Promise<void> {
    await this.ensure();
    const ids = this.all ? [...this.model.dealers.keys()].map((s) => s.slice(DEALER.prefix.length)) : [...this.dirty];
    const wasAll = this.all;
    this.all = false;
    this.dirty.clear();
    const position = this.model.currentPosition;
    const rows = ids.map((id) => this.rowOf(id, position)).filter((r): r is DealerIndexRow => r !== null);
    try {
      for (let i = 0; i < rows.length; i += 500) {
        await this.db.query(
          `INSERT INTO ${DEALER_INDEX_TABLE} (id_dealer, status, id_market, country, region, created_at, auctioneer, exhibitor, multi_auctioneer, id_reference_user, username, position)
           SELECT x.id_dealer, x.status, x.id_market, x.country, x.region, x.created_at::timestamptz, x.auctioneer, x.exhibitor, x.multi_auctioneer,
                  x.id_reference_user, x.username, x.position
             FROM json_to_recordset($1::text::json) AS x(id_dealer text, status text, id_market text, country text, region text, created_at text,
                  auctioneer boolean, exhibitor boolean, multi_auctioneer boolean, id_reference_user text, username text, position bigint)
           ON CONFLICT (id_dealer) DO UPDATE SET status = EXCLUDED.status, id_market = EXCLUDED.id_market, country = EXCLUDED.country,
             region = EXCLUDED.region, created_at = EXCLUDED.created_at, auctioneer = EXCLUDED.auctioneer, exhibitor = EXCLUDED.exhibitor,
             multi_auctioneer = EXCLUDED.multi_auctioneer, id_reference_user = EXCLUDED.id_reference_user, username = EXCLUDED.username,
             position = EXCLUDED.position
           WHERE ${DEALER_INDEX_TABLE}.position <= EXCLUDED.position`,
          [JSON.stringify(rows.slice(i, i + 500))],
        );
      }
    } catch (error) {
      // Written again by the next query.
      if (wasAll) this.all = true;
      for (const id of ids) this.dirty.add(id);
      throw error;
    }
  }

  private rowOf(idDealer: string, position: number): DealerIndexRow | null {
    const state = this.model.dealers.get(DEALER.prefix + idDealer) as DealerState | undefined;
    if (!state || state.status === 'NONE') return null;
    const reference = this.model.users.get(USER.prefix + state.data.idReferenceUser);
    const caps = state.capabilities;
    const registered = new Date(state.data.registeredAt);
    return {
      id_dealer: idDealer, status: state.status, id_market: state.data.idMarket, country: state.data.country, region: state.data.region,
      created_at: Number.isNaN(registered.getTime()) ? new Date(0).toISOString() : registered.toISOString(),
      auctioneer: caps?.auctioneer === true, exhibitor: caps?.exhibitor === true, multi_auctioneer: caps?.multiAuctioneer === true,
      id_reference_user: state.data.idReferenceUser ?? null,
      username: reference?.status === 'ACTIVE' ? reference.data.username : null,
      position,
    };
  }
}
