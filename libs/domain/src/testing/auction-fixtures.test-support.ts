import { auctionDecider } from '../index.js';
import { toIso } from '../shared/time.js';
import type { AuctionCommand, AuctionDefinition, AuctionEvent, LotProgress } from '../auctions/auction/auction.types.js';
import { spec } from './decider-specification.test-support.js';
import { END, START, minutes } from './lot-fixtures.test-support.js';

/** Given / when / then over the auction decider. */
export const auctionSpec = spec(auctionDecider);

export const ID_AUCTION = 'auction-1';
export const OWNER = 'owner-1';
/** A moment before the auction starts. */
export const BEFORE = START - minutes(60);

/** The auction of the API example: two lots, one hour, 60 s extension. */
export function auctionDefinition(overrides: Partial<AuctionDefinition> = {}): AuctionDefinition {
  return {
    auctionName: 'Fleet returns week 47', idMarket: 'IT', auctionType: 'OTH',
    startDate: toIso(START), endDate: toIso(END), regulationRequired: true,
    windowSeconds: 60, extendSeconds: 60, lotIds: ['lot-1', 'lot-2'],
    ...overrides,
  };
}

export function scheduleAuction(overrides: Partial<AuctionDefinition> = {}, now: number = BEFORE): AuctionCommand {
  return { type: 'ScheduleAuction', idAuction: ID_AUCTION, idOwner: OWNER, definition: auctionDefinition(overrides), now };
}

export function auctionScheduled(overrides: Partial<AuctionDefinition> = {}): AuctionEvent {
  return { type: 'AuctionScheduled', data: { ...auctionDefinition(overrides), idAuction: ID_AUCTION, idOwner: OWNER } };
}

export const started = (at: number = START): AuctionEvent => ({ type: 'AuctionStarted', data: { idAuction: ID_AUCTION, startedAt: toIso(at) } });
export const closed = (at: number = END): AuctionEvent => ({ type: 'AuctionClosed', data: { idAuction: ID_AUCTION, closedAt: toIso(at) } });
export const awarded = (at: number = END): AuctionEvent => ({ type: 'AuctionAwarded', data: { idAuction: ID_AUCTION, awardedAt: toIso(at) } });
export const reopened: AuctionEvent = { type: 'AuctionAwardReopened', data: { idAuction: ID_AUCTION } };
export const deleted: AuctionEvent = { type: 'AuctionDeleted', data: { idAuction: ID_AUCTION } };
export const regulationAccepted = (idUser: string): AuctionEvent => ({ type: 'RegulationAccepted', data: { idAuction: ID_AUCTION, idUser } });

/** Lot progress shorthands for FollowLots. */
export const running: LotProgress = { ended: false, awardStatus: 'TBA' };
export const toAward: LotProgress = { ended: true, awardStatus: 'TBA' };
export const awardedLot: LotProgress = { ended: true, awardStatus: 'AWA' };
export const notAwardedLot: LotProgress = { ended: true, awardStatus: 'NAW' };

export function followLots(lots: readonly LotProgress[], now: number = END + 1): AuctionCommand {
  return { type: 'FollowLots', lots, now };
}
