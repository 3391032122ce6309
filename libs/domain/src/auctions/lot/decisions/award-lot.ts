import { DomainError } from '../../../shared/errors.js';
import { findOffer, meetsReserve } from '../lot.predicates.js';
import type { LotCommand, LotEvent, LotState } from '../lot.types.js';

type AwardLot = Extract<LotCommand, { type: 'AwardLot' }>;
type AwardLotIfReserveMet = Extract<LotCommand, { type: 'AwardLotIfReserveMet' }>;

function closedLot(state: LotState) {
  if (state.status === 'NONE' || state.status === 'WITHDRAWN') throw new DomainError('LOT_NOT_FOUND', 'lot not found');
  if (state.status !== 'CLOSED') throw new DomainError('LOT_NOT_ENDED', 'the lot is still open');
  return state;
}

/** Awards a closed lot to one of its offers (the owner may pick any offer, not only the best). */
export function awardLot(command: AwardLot, state: LotState): LotEvent[] {
  const lot = closedLot(state);
  if (lot.award.status === 'AWA' && lot.award.idOffer === command.idOffer) return [];
  if (lot.award.status !== 'TBA') throw new DomainError('LOT_ALREADY_AWARDED', 'the lot is already decided; revert it first');
  const offer = findOffer(lot.data.offers, command.idOffer);
  if (!offer) throw new DomainError('OFFER_NOT_FOUND', 'no such offer on this lot');
  const { idLot } = lot.data.definition;
  return [{ type: 'LotAwarded', data: { idLot, idOffer: offer.idOffer, idUser: offer.idUser, amount: offer.amount, mode: 'OWNER' } }];
}

/** Award all: a TBA lot whose best offer meets the reserve goes to that offer; any other lot is left as it is. */
export function awardLotIfReserveMet(_command: AwardLotIfReserveMet, state: LotState): LotEvent[] {
  if (state.status !== 'CLOSED' || state.award.status !== 'TBA') return [];
  const best = state.data.best;
  if (!best || !meetsReserve(state.data.definition.reservePrice, best.amount)) return [];
  const { idLot } = state.data.definition;
  return [{ type: 'LotAwarded', data: { idLot, idOffer: best.idOffer, idUser: best.idUser, amount: best.amount, mode: 'RESERVE_MET' } }];
}
