import { assertNever } from '../../shared/errors.js';
import { awardLot, awardLotIfReserveMet } from './decisions/award-lot.js';
import { closeLot } from './decisions/close-lot.js';
import { editLot, observeLot, rescheduleLotEnd, scheduleLot, withdrawLot } from './decisions/manage-lot.js';
import { notAwardLot, revertLotAward } from './decisions/not-award-lot.js';
import { placeOffer } from './decisions/place-offer.js';
import type { LotCommand, LotEvent, LotState } from './lot.types.js';

/** Decides the events of a lot command, or throws a DomainError. Pure. */
export function decideLot(command: LotCommand, state: LotState): LotEvent[] {
  switch (command.type) {
    case 'ScheduleLot': return scheduleLot(command, state);
    case 'EditLot': return editLot(command, state);
    case 'WithdrawLot': return withdrawLot(command, state);
    case 'RescheduleLotEnd': return rescheduleLotEnd(command, state);
    case 'PlaceOffer': return placeOffer(command, state);
    case 'CloseLot': return closeLot(command, state);
    case 'AwardLot': return awardLot(command, state);
    case 'AwardLotIfReserveMet': return awardLotIfReserveMet(command, state);
    case 'NotAwardLot': return notAwardLot(command, state);
    case 'RevertLotAward': return revertLotAward(command, state);
    case 'ObserveLot': return observeLot(command, state);
    default: return assertNever(command);
  }
}
