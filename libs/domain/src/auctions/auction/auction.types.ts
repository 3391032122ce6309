import type { AuctionType, AwardStatus } from '../../shared/statuses.js';

/** What the auctioneer set for an auction. */
export interface AuctionDefinition {
  readonly auctionName: string;
  readonly idMarket: string;
  readonly auctionType: AuctionType;
  readonly startDate: string;
  readonly endDate: string;
  readonly regulationRequired: boolean;
  readonly windowSeconds: number;
  readonly extendSeconds: number;
  readonly lotIds: readonly string[];
  /**
   * The template (selling channel) the auction sells through: only dealers enabled for it see the auction. Absent or
   * null (auctions before templates, and those created without one): the default channel, open to every dealer.
   */
  readonly idTemplate?: string | null;
}

/** Data of an existing auction. */
export interface AuctionData extends AuctionDefinition {
  readonly idAuction: string;
  readonly idOwner: string;
  /** The owner's dealer when the auction was created (the seller); absent in auctions created before it was kept. */
  readonly idSellerDealer?: string | null;
  readonly startMs: number;
  readonly endMs: number;
  readonly acceptedRegulation: Readonly<Record<string, true>>;
  /** The auction's own message to dealers, shown before they accept its regulation; absent or null: none. */
  readonly message?: string | null;
  /** The stored file (a PDF) of the auction's own regulation document; absent or null: none. */
  readonly idFileMessage?: string | null;
}

/** Auction state, discriminated on `status`. */
export type AuctionState =
  | { readonly status: 'NONE' }
  | { readonly status: 'DELETED'; readonly data: AuctionData }
  | { readonly status: 'SCH' | 'RUN' | 'CLD' | 'AWA'; readonly data: AuctionData };

/** Events of an auction stream (`auction-{idAuction}`). */
export type AuctionEvent =
  | { type: 'AuctionScheduled'; data: AuctionDefinition & { idAuction: string; idOwner: string; idSellerDealer?: string | null } }
  | { type: 'AuctionEdited'; data: AuctionDefinition & { idAuction: string } }
  | { type: 'AuctionDeleted'; data: { idAuction: string } }
  | { type: 'AuctionStarted'; data: { idAuction: string; startedAt: string } }
  | { type: 'AuctionEndRescheduled'; data: { idAuction: string; endDate: string } }
  | { type: 'RegulationAccepted'; data: { idAuction: string; idUser: string } }
  | { type: 'AuctionMessageSet'; data: { idAuction: string; message: string | null } }
  | { type: 'AuctionFileMessageSet'; data: { idAuction: string; idFile: string | null } }
  | { type: 'AuctionClosed'; data: { idAuction: string; closedAt: string } }
  | { type: 'AuctionAwarded'; data: { idAuction: string; awardedAt: string } }
  | { type: 'AuctionAwardReopened'; data: { idAuction: string } };

/** What the shell knows of each lot when it asks the auction to follow its lots. */
export interface LotProgress {
  readonly ended: boolean;
  readonly awardStatus: AwardStatus;
}

/**
 * Commands of an auction. `now` is epoch milliseconds, given by the shell; `minDurationMs` is the shortest auction the
 * deployment allows (default `MIN_AUCTION_DURATION_MS`).
 */
export type AuctionCommand =
  | {
      type: 'ScheduleAuction'; idAuction: string; idOwner: string; idSellerDealer?: string | null; definition: AuctionDefinition; now: number;
      minDurationMs?: number;
    }
  | { type: 'EditAuction'; definition: AuctionDefinition; now: number; minDurationMs?: number }
  | { type: 'DeleteAuction'; now: number }
  | { type: 'StartAuction'; now: number }
  | { type: 'RescheduleAuctionEnd'; endDate: string; now: number; minDurationMs?: number }
  | { type: 'AcceptRegulation'; idUser: string }
  | { type: 'SetAuctionMessage'; message: string }
  | { type: 'SetAuctionFileMessage'; idFile: string | null }
  | { type: 'FollowLots'; lots: readonly LotProgress[]; now: number };
