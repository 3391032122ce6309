import { Inject, Injectable } from '@nestjs/common';
import { streamId } from '@auction/domain';
import type { EventStore } from '@auction/event-store';
import { LiveReadModel } from './live-read-model.js';
import { EVENT_STORE } from './tokens.js';

/** How long a decision about an auction or lot the index does not know waits for the index to catch up with the log. */
export const CATCH_UP_MS = 2_000;

/** The shape of every id the product makes (the contracts' `Id`): a name of another shape names nothing, no query asked. */
const ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/** True when the index knows the auction (by id) as existing. */
export function indexKnowsAuction(model: LiveReadModel, idAuction: string): boolean {
  const auction = model.auctions.get(streamId.auction(idAuction));
  return !!auction && auction.status !== 'NONE';
}

/** True when the index knows the lot (by id) as existing. */
export function indexKnowsLot(model: LiveReadModel, idLot: string): boolean {
  const lot = model.lots.get(streamId.lot(idLot));
  return !!lot && lot.status !== 'NONE';
}

/**
 * Who sees what decides on this instance's index of the log (`sales-access.ts`), which in server mode follows the log a
 * moment behind another instance's writes: an auction created there a millisecond ago is unknown here. Before such a
 * decision, the index catches up: when it does not know a named auction or lot, it waits until it has applied the log's
 * head as read after the call began (at most {@link CATCH_UP_MS} in all). Still unknown then, the auction does not exist,
 * and the rule refuses it as it refuses a hidden one. Known ones, and names of no id's shape, cost nothing.
 *
 * The head is read once for every caller waiting at the same moment (a SUBSCRIBE of 5,000 topics, a burst of socket.io
 * subscriptions: one or two queries, not one each), never from a read that began before the caller arrived.
 */
@Injectable()
export class IndexCatchUp {
  /** The head read in flight, and the one that follows it for callers that arrived after it began. */
  private running: Promise<number> | null = null;
  private queued: Promise<number> | null = null;

  constructor(private readonly model: LiveReadModel, @Inject(EVENT_STORE) private readonly store: Pick<EventStore, 'headPosition'>) {}

  /** Resolves once the index knows the named auctions and lots, or has applied the log's current head. */
  async sales(named: { readonly auctions?: readonly string[]; readonly lots?: readonly string[] }): Promise<void> {
    const known = (named.auctions ?? []).every((id) => !ID_SHAPE.test(id) || indexKnowsAuction(this.model, id))
      && (named.lots ?? []).every((id) => !ID_SHAPE.test(id) || indexKnowsLot(this.model, id));
    if (known) return;
    const deadline = Date.now() + CATCH_UP_MS;
    const head = await this.head(CATCH_UP_MS);
    await this.model.waitFor(head, Math.max(0, deadline - Date.now()));
  }

  /**
   * The log's head, read after this call began (shared with the callers of the same moment); the index's own position
   * when the log does not answer within `timeoutMs` or fails (the request's own reads and writes fail on their own).
   */
  private async head(timeoutMs: number): Promise<number> {
    const read = this.running ? (this.queued ??= this.running.then(() => { this.queued = null; return this.startRead(); })) : this.startRead();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<number>((resolve) => { timer = setTimeout(() => resolve(this.model.currentPosition), timeoutMs); });
    try {
      return await Promise.race([read, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private startRead(): Promise<number> {
    const read = this.store.headPosition().catch(() => this.model.currentPosition).finally(() => {
      if (this.running === read) this.running = null;
    });
    this.running = read;
    return read;
  }
}
