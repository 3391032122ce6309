import { assertNever } from '../../shared/errors.js';
import { acceptRegulation, followLots, rescheduleAuctionEnd, setAuctionFileMessage, setAuctionMessage, startAuction } from './decisions/run-auction.js';
import { deleteAuction, editAuction, scheduleAuction } from './decisions/schedule-auction.js';
import type { AuctionCommand, AuctionEvent, AuctionState } from './auction.types.js';

/** Decides the events of an auction command, or throws a DomainError. Pure. */
export function decideAuction(command: AuctionCommand, state: AuctionState): AuctionEvent[] {
  switch (command.type) {
    case 'ScheduleAuction': return scheduleAuction(command, state);
    case 'EditAuction': return editAuction(command, state);
    case 'DeleteAuction': return deleteAuction(command, state);
    case 'StartAuction': return startAuction(command, state);
    case 'RescheduleAuctionEnd': return rescheduleAuctionEnd(command, state);
    case 'AcceptRegulation': return acceptRegulation(command, state);
    case 'SetAuctionMessage': return setAuctionMessage(command, state);
    case 'SetAuctionFileMessage': return setAuctionFileMessage(command, state);
    case 'FollowLots': return followLots(command, state);
    default: return assertNever(command);
  }
}
export { realStartDate } from './decisions/schedule-auction.js';
export { AUCTION_MESSAGE_MAX } from './decisions/run-auction.js';
