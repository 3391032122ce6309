import { DomainError } from '../../../shared/errors.js';
import { toIso, toMs } from '../../../shared/time.js';
import type { AuctionCommand, AuctionDefinition, AuctionEvent, AuctionState } from '../auction.types.js';
import { MIN_AUCTION_DURATION_MS } from '../auction.evolve.js';

type Of<T extends AuctionCommand['type']> = Extract<AuctionCommand, { type: T }>;

/**
 * The start an auction really has: its start, or `now` when that is already past (a backdated start would otherwise
 * count time nobody could bid in towards the minimum duration, and show a start that never happened).
 */
export function realStartDate(startDate: string, now: number): string {
  return toMs(startDate) < now ? toIso(now) : startDate;
}

/** Checks a definition and returns it with its real start ({@link realStartDate}). */
function checkDefinition(def: AuctionDefinition, now: number, minDurationMs = MIN_AUCTION_DURATION_MS): AuctionDefinition {
  if (def.lotIds.length === 0) throw new DomainError('AUCTION_WITHOUT_LOTS', 'an auction needs at least one lot');
  if (toMs(def.endDate) < toMs(def.startDate)) throw new DomainError('END_BEFORE_START', 'the end is before the start');
  if (toMs(def.endDate) <= now) throw new DomainError('AUCTION_ENDED', 'the end is already past');
  const startDate = realStartDate(def.startDate, now);
  checkDuration(toMs(startDate), toMs(def.endDate), minDurationMs);
  return startDate === def.startDate ? def : { ...def, startDate };
}

/** Throws unless an auction from `startMs` to `endMs` lasts at least `minDurationMs`: a zero-length auction takes no offer. */
export function checkDuration(startMs: number, endMs: number, minDurationMs = MIN_AUCTION_DURATION_MS): void {
  if (endMs - startMs < minDurationMs) {
    throw new DomainError('AUCTION_TOO_SHORT', `an auction lasts at least ${Math.ceil(minDurationMs / 1000)} s from its start to its end`);
  }
}

/** Creates an auction, running at once (from now) when its start is past. Repeating the same creation is a no-op. */
export function scheduleAuction(command: Of<'ScheduleAuction'>, state: AuctionState): AuctionEvent[] {
  if (state.status !== 'NONE') {
    if (state.data.idOwner === command.idOwner) return [];
    throw new DomainError('AUCTION_ALREADY_EXISTS', 'this auction id is taken');
  }
  const definition = checkDefinition(command.definition, command.now, command.minDurationMs);
  const { idAuction, idOwner, idSellerDealer } = command;
  const seller = idSellerDealer === undefined ? {} : { idSellerDealer };
  const events: AuctionEvent[] = [{ type: 'AuctionScheduled', data: { ...definition, idAuction, idOwner, ...seller } }];
  if (command.now >= toMs(definition.startDate)) {
    events.push({ type: 'AuctionStarted', data: { idAuction, startedAt: toIso(command.now) } });
  }
  return events;
}

/** Replaces the definition of a scheduled auction. */
export function editAuction(command: Of<'EditAuction'>, state: AuctionState): AuctionEvent[] {
  if (state.status === 'NONE' || state.status === 'DELETED') throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
  if (state.status !== 'SCH') throw new DomainError('AUCTION_NOT_SCHEDULED', 'only a scheduled auction can be edited');
  const definition = checkDefinition(command.definition, command.now, command.minDurationMs);
  const events: AuctionEvent[] = [{ type: 'AuctionEdited', data: { ...definition, idAuction: state.data.idAuction } }];
  if (command.now >= toMs(definition.startDate)) {
    events.push({ type: 'AuctionStarted', data: { idAuction: state.data.idAuction, startedAt: toIso(command.now) } });
  }
  return events;
}

/** Deletes a scheduled auction; deleting it again is a no-op. */
export function deleteAuction(_command: Of<'DeleteAuction'>, state: AuctionState): AuctionEvent[] {
  if (state.status === 'NONE') throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
  if (state.status === 'DELETED') return [];
  if (state.status !== 'SCH') throw new DomainError('AUCTION_NOT_SCHEDULED', 'only a scheduled auction can be deleted');
  return [{ type: 'AuctionDeleted', data: { idAuction: state.data.idAuction } }];
}
