import { fromCents, toCents } from '../../shared/money.js';
import type { LotState, Offer, OfferList } from './lot.types.js';
import type { AuctionStatus, AwardStatus } from '../../shared/statuses.js';
import type { LotOutcome } from '../../shared/lot-outcome.js';

/** Lowest amount the next offer may have: base price first, then best + minimum increment. */
export function nextMinimumOffer(lot: { basePrice: number; minIncrement: number }, best: { amount: number } | null): number {
  if (!best) return lot.basePrice;
  return fromCents(toCents(best.amount) + toCents(lot.minIncrement));
}

/** A lot accepts offers from its start (inclusive) to its end (exclusive). */
export function isAcceptingOffers(state: LotState, now: number): boolean {
  return state.status === 'OPEN' && now >= state.data.startMs && now < state.data.endMs;
}

/** Status shown for a lot: scheduled, running, closed or awarded. */
export function lotStatusAt(state: LotState, now: number): AuctionStatus | null {
  switch (state.status) {
    case 'NONE':
    case 'WITHDRAWN':
      return null;
    case 'OPEN':
      return now < state.data.startMs ? 'SCH' : now < state.data.endMs ? 'RUN' : 'CLD';
    case 'CLOSED':
      return state.award.status === 'AWA' ? 'AWA' : 'CLD';
  }
}

/** Award status shown for a lot. */
export function awardStatusOf(state: LotState): AwardStatus {
  return state.status === 'CLOSED' ? state.award.status : 'TBA';
}

/** Buy now is possible while the lot has a buy-now price and no offer has reached it. */
export function isBuyNowAvailable(buyNowPrice: number | null, best: { amount: number } | null): boolean {
  return buyNowPrice !== null && (best === null || toCents(best.amount) < toCents(buyNowPrice));
}

/** True when an offer of `amount` meets the lot's reserve (no reserve: any offer does). */
export function meetsReserve(reservePrice: number | null, amount: number): boolean {
  return reservePrice === null || toCents(amount) >= toCents(reservePrice);
}

/** Finds an offer by id in a lot's offer list. */
export function findOffer(list: OfferList | null, idOffer: string): Offer | null {
  for (let node = list; node; node = node.tail) if (node.head.idOffer === idOffer) return node.head;
  return null;
}

/** Offers of a lot, oldest first. */
export function offersInOrder(list: OfferList | null): Offer[] {
  const out: Offer[] = [];
  for (let node = list; node; node = node.tail) out.push(node.head);
  return out.reverse();
}

/** Where the lot stands for the vehicle it sells ({@link LotOutcome}): closed without an offer is unsold. */
export function lotOutcomeOf(state: LotState): LotOutcome {
  switch (state.status) {
    case 'NONE':
    case 'WITHDRAWN':
    case 'OPEN':
      return { kind: state.status };
    case 'CLOSED':
      if (state.award.status === 'AWA') return { kind: 'AWARDED', idUser: state.award.idUser, amount: state.award.amount };
      if (state.award.status === 'NAW') return { kind: 'NOT_AWARDED' };
      return { kind: state.data.best === null ? 'UNSOLD' : 'PENDING' };
  }
}
