import { DomainError } from '../../../shared/errors.js';
import type { LotCommand, LotEvent, LotState } from '../lot.types.js';

type NotAwardLot = Extract<LotCommand, { type: 'NotAwardLot' }>;
type RevertLotAward = Extract<LotCommand, { type: 'RevertLotAward' }>;

/** Marks a closed, undecided lot as not awarded. */
export function notAwardLot(_command: NotAwardLot, state: LotState): LotEvent[] {
  if (state.status === 'NONE' || state.status === 'WITHDRAWN') throw new DomainError('LOT_NOT_FOUND', 'lot not found');
  if (state.status !== 'CLOSED') throw new DomainError('LOT_NOT_ENDED', 'the lot is still open');
  if (state.award.status === 'NAW') return [];
  if (state.award.status === 'AWA') throw new DomainError('LOT_ALREADY_AWARDED', 'the lot is awarded; revert it first');
  return [{ type: 'LotNotAwarded', data: { idLot: state.data.definition.idLot } }];
}

/** Puts an awarded or not-awarded lot back to TBA. A lot bought with buy-now cannot be reverted. */
export function revertLotAward(_command: RevertLotAward, state: LotState): LotEvent[] {
  if (state.status === 'NONE' || state.status === 'WITHDRAWN') throw new DomainError('LOT_NOT_FOUND', 'lot not found');
  if (state.status !== 'CLOSED') throw new DomainError('LOT_NOT_ENDED', 'the lot is still open');
  if (state.award.status === 'TBA') return [];
  const best = state.data.best;
  if (state.award.status === 'AWA' && best?.clickAndBuy && best.idOffer === state.award.idOffer) {
    throw new DomainError('LOT_BOUGHT_NOW', 'a lot bought with buy-now cannot be reverted');
  }
  return [{ type: 'LotAwardReverted', data: { idLot: state.data.definition.idLot, previous: state.award.status } }];
}
