import { DomainError } from '../../../shared/errors.js';
import { isValidAmount, toCents } from '../../../shared/money.js';
import { toIso } from '../../../shared/time.js';
import { isBuyNowAvailable, nextMinimumOffer } from '../lot.predicates.js';
import type { LotCommand, LotDefinition, LotEvent, LotState } from '../lot.types.js';

type PlaceOffer = Extract<LotCommand, { type: 'PlaceOffer' }>;

/** The auction's owner, and any user of the seller's dealer, sell the lot: they cannot bid on it. */
function isSellerSide(def: LotDefinition, command: PlaceOffer): boolean {
  if (command.idUser === def.idOwner) return true;
  return def.idSellerDealer != null && command.idDealer === def.idSellerDealer;
}

/**
 * An offer is accepted while the lot runs, at or above the next minimum; buy-now must equal the
 * buy-now price and closes the lot for that dealer. An offer inside the extension window moves the
 * end to `now + extendSeconds`. A retry with a known idempotency key is a no-op. The seller's side (the auction's
 * owner and the users of its dealer) cannot bid.
 */
export function placeOffer(command: PlaceOffer, state: LotState): LotEvent[] {
  if (state.status === 'NONE' || state.status === 'WITHDRAWN') throw new DomainError('LOT_NOT_FOUND', 'lot not found');
  const known = command.idempotencyKey
    ? state.data.dealers[command.idUser]?.recentKeys.find((k) => k.key === command.idempotencyKey)
    : undefined;
  if (known) return [];
  if (state.status === 'CLOSED') throw new DomainError('LOT_ENDED', 'the lot has ended');
  const { data } = state;
  const { now } = command;
  if (now < data.startMs) throw new DomainError('LOT_NOT_RUNNING', 'the lot has not started yet');
  if (now >= data.endMs) throw new DomainError('LOT_ENDED', 'the lot has ended');
  if (isSellerSide(data.definition, command)) throw new DomainError('SELLER_CANNOT_BID', 'users of the seller\'s dealer cannot bid on its lots');
  if (!command.regulationAccepted) throw new DomainError('REGULATION_NOT_ACCEPTED', 'accept the auction regulation first');
  if (!isValidAmount(command.amount)) throw new DomainError('INVALID_AMOUNT', 'the offer must be a positive amount with at most 2 decimals');
  const def = data.definition;
  if (command.clickAndBuy) {
    if (def.buyNowPrice === null) throw new DomainError('BUY_NOW_NOT_AVAILABLE', 'this lot has no buy-now price');
    if (toCents(command.amount) !== toCents(def.buyNowPrice)) {
      throw new DomainError('BUY_NOW_PRICE_MISMATCH', `buy-now is at ${def.buyNowPrice}`);
    }
    if (!isBuyNowAvailable(def.buyNowPrice, data.best)) {
      throw new DomainError('BUY_NOW_NOT_AVAILABLE', 'offers have reached the buy-now price');
    }
  } else {
    const minimum = nextMinimumOffer(def, data.best);
    if (toCents(command.amount) < toCents(minimum)) {
      throw data.best === null
        ? new DomainError('OFFER_BELOW_BASE', `the first offer must be at least ${minimum}`)
        : new DomainError('OFFER_BELOW_MIN_INCREMENT', `the offer must be at least ${minimum}`);
    }
  }
  const idLot = def.idLot;
  const placedAt = toIso(now);
  const offer: LotEvent = {
    type: 'OfferPlaced',
    data: {
      idLot, idOffer: command.idOffer, idUser: command.idUser, amount: command.amount,
      clickAndBuy: command.clickAndBuy, placedAt, idempotencyKey: command.idempotencyKey,
    },
  };
  if (command.clickAndBuy) {
    return [
      offer,
      { type: 'LotClosed', data: { idLot, closedAt: placedAt, reason: 'BUY_NOW' } },
      { type: 'LotAwarded', data: { idLot, idOffer: command.idOffer, idUser: command.idUser, amount: command.amount, mode: 'BUY_NOW' } },
    ];
  }
  const inWindow = data.windowSeconds > 0 && data.endMs - now <= data.windowSeconds * 1000;
  const extendedEnd = now + data.extendSeconds * 1000;
  if (inWindow && extendedEnd > data.endMs) {
    return [offer, { type: 'LotEndExtended', data: { idLot, endDate: toIso(extendedEnd), idOffer: command.idOffer } }];
  }
  return [offer];
}
