import { Inject, Injectable } from '@nestjs/common';
import { streamId } from '@auction/domain';
import type { EventStore } from '@auction/event-store';
import { LiveReadModel } from './live-read-model.js';
import { EVENT_STORE } from './tokens.js';

/** How long a decision about an auction or lot the index does not know waits for the index to catch up with the log. */
export const CATCH_UP_MS = 2_000;

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
 * moment behind another instance's writes: an auction created there a millisecond ago is unknown here, and an unknown
 * auction is let through (its own 404 follows). Before such a decision, the index catches up: when it does not know a
 * named auction or lot, it waits until it has applied the log's head as it is now (at most {@link CATCH_UP_MS}). Still
 * unknown then, the auction does not exist. Known ones cost nothing (no query).
 */
@Injectable()
export class IndexCatchUp {
  constructor(private readonly model: LiveReadModel, @Inject(EVENT_STORE) private readonly store: Pick<EventStore, 'headPosition'>) {}

  /** Resolves once the index knows the named auctions and lots, or has applied the log's current head. */
  async sales(named: { readonly auctions?: readonly string[]; readonly lots?: readonly string[] }): Promise<void> {
    const known = (named.auctions ?? []).every((id) => indexKnowsAuction(this.model, id))
      && (named.lots ?? []).every((id) => indexKnowsLot(this.model, id));
    if (known) return;
    // The log not answering: decide on what the index knows (the request's own reads and writes fail on their own).
    const head = await this.store.headPosition().catch(() => this.model.currentPosition);
    await this.model.waitFor(head, CATCH_UP_MS);
  }
}
