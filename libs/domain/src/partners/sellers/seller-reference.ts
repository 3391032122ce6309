import { DomainError, assertNever } from '../../shared/errors.js';
import type { Market } from '../../shared/statuses.js';
import type { AuditStamp } from '../../shared/audit.js';
import { activeSeller, type SellerState } from './seller.js';

/** A dealer's reference seller, on the stream `sellerref-{idDealer}` (the sellers context's own stream of the association). */
export type SellerReferenceState = { readonly status: 'NONE' } | { readonly status: 'SET'; readonly idDealer: string; readonly idSeller: string | null };

/** `idSeller` null: the dealer has no reference seller any more. `previous`: the one it had. */
export type SellerReferenceEvent = { type: 'SellerDealerAssociated'; data: AuditStamp & { idDealer: string; idSeller: string | null; previous: string | null } };

/**
 * Associates a dealer to a seller (or, `idSeller` null, to none). The shell gives the seller's state and the dealer's
 * market: the seller must be active (404370) and of the dealer's market (422370).
 */
export type SellerReferenceCommand = {
  type: 'AssociateSellerDealer'; idDealer: string; dealerMarket: Market; idSeller: string | null; seller: SellerState; by: string; now: number;
};

export const initialSellerReferenceState: SellerReferenceState = { status: 'NONE' };

/** The dealer's reference seller now (null: none). */
export function referenceSellerOf(state: SellerReferenceState): string | null {
  return state.status === 'SET' ? state.idSeller : null;
}

/** Decides an association; the one in force again writes nothing. */
export function decideSellerReference(command: SellerReferenceCommand, state: SellerReferenceState): SellerReferenceEvent[] {
  switch (command.type) {
    case 'AssociateSellerDealer': {
      if (command.idSeller !== null) {
        const seller = activeSeller(command.seller);
        if (seller.data.idMarket !== command.dealerMarket) {
          throw new DomainError('SELLER_MARKET_MISMATCH', `the seller is of market ${seller.data.idMarket}, the dealer of ${command.dealerMarket}`);
        }
      }
      const previous = referenceSellerOf(state);
      if (previous === command.idSeller) return [];
      return [{ type: 'SellerDealerAssociated', data: { idDealer: command.idDealer, idSeller: command.idSeller, previous, by: command.by, at: command.now } }];
    }
    default:
      return assertNever(command.type);
  }
}

/** Folds one association event; never throws. */
export function evolveSellerReference(state: SellerReferenceState, event: SellerReferenceEvent): SellerReferenceState {
  if (event.type !== 'SellerDealerAssociated' || typeof event.data.idDealer !== 'string') return state;
  return { status: 'SET', idDealer: event.data.idDealer, idSeller: typeof event.data.idSeller === 'string' ? event.data.idSeller : null };
}

/** The association decider. */
export const sellerReferenceDecider = { decide: decideSellerReference, evolve: evolveSellerReference, initialState: initialSellerReferenceState };
