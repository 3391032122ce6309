import { DomainError } from '../../../shared/errors.js';
import { toMs } from '../../../shared/time.js';
import type { LotCommand, LotEvent, LotState } from '../lot.types.js';
import { checkLotPrices } from './lot-prices.js';

type Of<T extends LotCommand['type']> = Extract<LotCommand, { type: T }>;

/** Creates a lot; repeating the same schedule is a no-op. */
export function scheduleLot(command: Of<'ScheduleLot'>, state: LotState): LotEvent[] {
  if (state.status !== 'NONE') {
    if (state.data.definition.idAuction === command.data.idAuction) return [];
    throw new DomainError('AUCTION_ALREADY_EXISTS', 'this lot id is taken');
  }
  if (toMs(command.data.endDate) < toMs(command.data.startDate)) throw new DomainError('END_BEFORE_START', 'the end is before the start');
  checkLotPrices(command.data);
  return [{ type: 'LotScheduled', data: command.data }];
}

/** Replaces the definition of a lot that has not started and has no offer. */
export function editLot(command: Of<'EditLot'>, state: LotState): LotEvent[] {
  if (state.status === 'NONE' || state.status === 'WITHDRAWN') throw new DomainError('LOT_NOT_FOUND', 'lot not found');
  if (state.status !== 'OPEN' || state.data.offersCount > 0) throw new DomainError('AUCTION_NOT_SCHEDULED', 'only a scheduled lot can be edited');
  checkLotPrices(command.data);
  return [{ type: 'LotEdited', data: command.data }];
}

/** Withdraws a lot (its auction was deleted, or the lot was removed in an edit). */
export function withdrawLot(_command: Of<'WithdrawLot'>, state: LotState): LotEvent[] {
  if (state.status === 'NONE') throw new DomainError('LOT_NOT_FOUND', 'lot not found');
  if (state.status === 'WITHDRAWN') return [];
  if (state.status !== 'OPEN' || state.data.offersCount > 0) throw new DomainError('AUCTION_NOT_SCHEDULED', 'only a scheduled lot can be withdrawn');
  return [{ type: 'LotWithdrawn', data: { idLot: state.data.definition.idLot } }];
}

/**
 * Moves the end of a lot that is still open (the auctioneer's resize-time); a lot already past its end stays ended.
 * Once the lot runs its end never moves before its current end: an anti-sniping extension dealers were told about is
 * kept when the auction's new end is earlier. Before its start the lot follows its auction's end either way.
 */
export function rescheduleLotEnd(command: Of<'RescheduleLotEnd'>, state: LotState): LotEvent[] {
  if (state.status === 'NONE' || state.status === 'WITHDRAWN') throw new DomainError('LOT_NOT_FOUND', 'lot not found');
  if (state.status !== 'OPEN' || command.now >= state.data.endMs) return [];
  const endMs = toMs(command.endDate);
  if (endMs < state.data.startMs) throw new DomainError('END_BEFORE_START', 'the end is before the start');
  if (endMs === state.data.endMs) return [];
  if (command.now >= state.data.startMs && endMs < state.data.endMs) return [];
  return [{ type: 'LotEndRescheduled', data: { idLot: state.data.definition.idLot, endDate: command.endDate } }];
}

/** Starts or ends a dealer's observation of a lot. */
export function observeLot(command: Of<'ObserveLot'>, state: LotState): LotEvent[] {
  if (state.status === 'NONE' || state.status === 'WITHDRAWN') throw new DomainError('LOT_NOT_FOUND', 'lot not found');
  const observing = state.data.observers.includes(command.idUser);
  const idLot = state.data.definition.idLot;
  if (command.end) return observing ? [{ type: 'LotObservationEnded', data: { idLot, idUser: command.idUser } }] : [];
  return observing ? [] : [{ type: 'LotObserved', data: { idLot, idUser: command.idUser } }];
}
