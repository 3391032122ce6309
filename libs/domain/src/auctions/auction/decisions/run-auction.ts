import { DomainError } from '../../../shared/errors.js';
import { toIso, toMs } from '../../../shared/time.js';
import { hasUnsafeCharacter } from '../../../shared/unsafe-text.js';
import type { AuctionCommand, AuctionEvent, AuctionState } from '../auction.types.js';
import { checkDuration } from './schedule-auction.js';

type Of<T extends AuctionCommand['type']> = Extract<AuctionCommand, { type: T }>;

/** Starts a scheduled auction at its start. A timer that fires early or twice changes nothing. */
export function startAuction(command: Of<'StartAuction'>, state: AuctionState): AuctionEvent[] {
  if (state.status === 'NONE') throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
  if (state.status !== 'SCH' || command.now < state.data.startMs) return [];
  return [{ type: 'AuctionStarted', data: { idAuction: state.data.idAuction, startedAt: toIso(command.now) } }];
}

/**
 * Moves the end of a scheduled or running auction (resize-time). A scheduled auction may end earlier or later (never
 * shorter than the minimum duration); a running one only later: its end never moves before its current end, so dealers
 * are never cut short. Each lot then keeps its own end when that is later (`RescheduleLotEnd`).
 */
export function rescheduleAuctionEnd(command: Of<'RescheduleAuctionEnd'>, state: AuctionState): AuctionEvent[] {
  if (state.status === 'NONE' || state.status === 'DELETED') throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
  if (state.status === 'CLD' || state.status === 'AWA') throw new DomainError('AUCTION_ENDED', 'the auction has ended');
  const endMs = toMs(command.endDate);
  if (Number.isNaN(endMs) || endMs < state.data.startMs) throw new DomainError('END_BEFORE_START', 'the end is before the start');
  if (endMs === state.data.endMs) return [];
  if (state.status === 'RUN' && endMs <= command.now) throw new DomainError('AUCTION_ENDED', 'the new end of a running auction must be in the future');
  if (state.status === 'RUN' && endMs < state.data.endMs) {
    throw new DomainError('AUCTION_END_EARLIER', 'a running auction can only end later than its current end');
  }
  // A scheduled auction whose start passed (its timer not run yet) runs from now, not from that start.
  checkDuration(state.status === 'SCH' ? Math.max(state.data.startMs, command.now) : state.data.startMs, endMs, command.minDurationMs);
  return [{ type: 'AuctionEndRescheduled', data: { idAuction: state.data.idAuction, endDate: command.endDate } }];
}

/** Records that a dealer accepted the auction's regulation; accepting again is a no-op. */
export function acceptRegulation(command: Of<'AcceptRegulation'>, state: AuctionState): AuctionEvent[] {
  if (state.status === 'NONE' || state.status === 'DELETED') throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
  if (state.data.acceptedRegulation[command.idUser]) return [];
  return [{ type: 'RegulationAccepted', data: { idAuction: state.data.idAuction, idUser: command.idUser } }];
}

/** Longest message an auction shows its dealers (characters). */
export const AUCTION_MESSAGE_MAX = 2000;

/**
 * Sets the auction's own message to dealers (shown before they accept its regulation): at most AUCTION_MESSAGE_MAX
 * characters, line breaks and tabs allowed but no other control, bidirectional-control or lone-surrogate character;
 * blank clears it. Only before the auction closes; the same message again changes nothing. Ownership is the shell's.
 */
export function setAuctionMessage(command: Of<'SetAuctionMessage'>, state: AuctionState): AuctionEvent[] {
  if (state.status === 'NONE' || state.status === 'DELETED') throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
  if (state.status === 'CLD' || state.status === 'AWA') throw new DomainError('AUCTION_ENDED', 'the auction has ended');
  const text = command.message.trim();
  if (text.length > AUCTION_MESSAGE_MAX || hasUnsafeCharacter(text.replace(/[\n\r\t]/g, ' '))) {
    throw new DomainError('AUCTION_MESSAGE_INVALID', `the message must be at most ${AUCTION_MESSAGE_MAX} characters without control characters`);
  }
  const message = text === '' ? null : text;
  if (message === (state.data.message ?? null)) return [];
  return [{ type: 'AuctionMessageSet', data: { idAuction: state.data.idAuction, message } }];
}

/**
 * Sets the auction's own regulation document (a stored file the shell judged a PDF), or removes it (null): only before
 * the auction closes; the same file again, or removing none, changes nothing. Ownership is the shell's.
 */
export function setAuctionFileMessage(command: Of<'SetAuctionFileMessage'>, state: AuctionState): AuctionEvent[] {
  if (state.status === 'NONE' || state.status === 'DELETED') throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
  if (state.status === 'CLD' || state.status === 'AWA') throw new DomainError('AUCTION_ENDED', 'the auction has ended');
  if (command.idFile === (state.data.idFileMessage ?? null)) return [];
  return [{ type: 'AuctionFileMessageSet', data: { idAuction: state.data.idAuction, idFile: command.idFile } }];
}

/**
 * Follows its lots: closed once every lot has ended, awarded once none is left to be awarded,
 * back to closed when an award is reverted.
 */
export function followLots(command: Of<'FollowLots'>, state: AuctionState): AuctionEvent[] {
  if (state.status === 'NONE') throw new DomainError('AUCTION_NOT_FOUND', 'auction not found');
  if (state.status === 'DELETED' || command.lots.length === 0) return [];
  const idAuction = state.data.idAuction;
  const allEnded = command.lots.every((l) => l.ended);
  const noneToAward = command.lots.every((l) => l.awardStatus !== 'TBA');
  const events: AuctionEvent[] = [];
  let status = state.status;
  if (status === 'SCH' && command.now >= state.data.startMs) {
    events.push({ type: 'AuctionStarted', data: { idAuction, startedAt: toIso(command.now) } });
    status = 'RUN';
  }
  if (status === 'RUN' && allEnded) {
    events.push({ type: 'AuctionClosed', data: { idAuction, closedAt: toIso(command.now) } });
    status = 'CLD';
  }
  if (status === 'CLD' && allEnded && noneToAward) events.push({ type: 'AuctionAwarded', data: { idAuction, awardedAt: toIso(command.now) } });
  if (status === 'AWA' && !noneToAward) events.push({ type: 'AuctionAwardReopened', data: { idAuction } });
  return events;
}
