import { DomainError } from '../../../shared/errors.js';
import { toIso } from '../../../shared/time.js';
import type { LotCommand, LotEvent, LotState } from '../lot.types.js';

type CloseLot = Extract<LotCommand, { type: 'CloseLot' }>;

/** Closes a lot at (or after) its end. Early timers and repeated closes change nothing. */
export function closeLot(command: CloseLot, state: LotState): LotEvent[] {
  if (state.status === 'NONE') throw new DomainError('LOT_NOT_FOUND', 'lot not found');
  if (state.status !== 'OPEN') return [];
  if (command.now < state.data.endMs) return [];
  return [{ type: 'LotClosed', data: { idLot: state.data.definition.idLot, closedAt: toIso(state.data.endMs), reason: 'END' } }];
}
