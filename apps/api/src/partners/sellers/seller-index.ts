import { Injectable } from '@nestjs/common';
import {
  SELLER, SELLER_CONFIG, SELLER_REFERENCE, sellerConfigOf, streamId,
  type KnownSeller, type Market, type SellerConfig, type SellerConfigEvent, type SellerConfigState, type SellerReferenceEvent,
  type SellerReferenceState, type SellerState,
} from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { upcast } from '../../platform/engine/upcasters.js';

/**
 * The sellers' read model, kept from the engine's index as it follows the log from position 0 (so it is rebuilt on
 * every start, and a rebuild is a restart): the sellers themselves are the index's (`LiveReadModel.sellers`, which the
 * back-office's market scope reads too); this adds each market's configuration and each dealer's reference seller,
 * with the reverse map (a seller's dealers) the lists count and a delete checks. Codes and ids only: names are read
 * from the personal-data store when answering.
 */
@Injectable()
export class SellerIndex {
  private readonly configs = new Map<string, SellerConfigState>();
  private readonly references = new Map<string, SellerReferenceState>();
  private readonly dealersOf = new Map<string, Set<string>>();

  constructor(readonly model: LiveReadModel) {
    model.onChange((event) => this.changed(event));
  }

  /** A seller that is not deleted, or null. */
  seller(idSeller: string): KnownSeller | null {
    const state = this.model.sellers.get(streamId.seller(idSeller));
    return state?.status === 'ACTIVE' ? state : null;
  }

  /** The seller's state as the index has it (NONE when unknown). */
  sellerState(idSeller: string): SellerState {
    return this.model.sellers.get(streamId.seller(idSeller)) ?? SELLER.initialState;
  }

  /** The active sellers of a market. */
  sellersOf(idMarket: Market): KnownSeller[] {
    const out: KnownSeller[] = [];
    for (const state of this.model.sellers.values()) if (state.status === 'ACTIVE' && state.data.idMarket === idMarket) out.push(state);
    return out;
  }

  /** The configuration in force in a market. */
  config(idMarket: Market): SellerConfig {
    return sellerConfigOf(this.configs.get(idMarket) ?? SELLER_CONFIG.initialState, idMarket);
  }

  /** The dealer's reference seller (null: none). */
  referenceOf(idDealer: string): string | null {
    const state = this.references.get(idDealer);
    return state?.status === 'SET' ? state.idSeller : null;
  }

  /** The dealers whose reference the seller is. */
  dealersOfSeller(idSeller: string): readonly string[] {
    return [...(this.dealersOf.get(idSeller) ?? [])];
  }

  private changed(stored: StoredEvent): void {
    const id = stored.streamId;
    if (id.startsWith(SELLER_CONFIG.prefix)) {
      const market = id.slice(SELLER_CONFIG.prefix.length);
      this.configs.set(market, SELLER_CONFIG.evolve(this.configs.get(market) ?? SELLER_CONFIG.initialState, upcast(stored) as SellerConfigEvent));
    } else if (id.startsWith(SELLER_REFERENCE.prefix)) {
      const idDealer = id.slice(SELLER_REFERENCE.prefix.length);
      const before = this.referenceOf(idDealer);
      const next = SELLER_REFERENCE.evolve(this.references.get(idDealer) ?? SELLER_REFERENCE.initialState, upcast(stored) as SellerReferenceEvent);
      this.references.set(idDealer, next);
      const after = next.status === 'SET' ? next.idSeller : null;
      if (before !== null) this.dealersOf.get(before)?.delete(idDealer);
      if (after !== null) {
        const set = this.dealersOf.get(after) ?? new Set<string>();
        set.add(idDealer);
        this.dealersOf.set(after, set);
      }
    }
  }
}
