import { PUBLIC_VIEWER, lotView, type LotView } from '@auction/contracts';
import { shownAuctionEndMs, toIso, type AuctionState, type LotState } from '@auction/domain';

/** What every live message carries besides its data. */
export interface LiveStamp {
  /** ISO instant at which the server built the message (clients derive their clock offset from it). */
  readonly serverTime: string;
  /** Global position of the last event reflected; strictly increasing per topic: drop anything at or below what you saw. */
  readonly position: number;
}

/** Message of `auction/{idAuction}/lot/{idLot}`: the public lot view. */
export type LotPayload = LotView & LiveStamp & {
  /**
   * ISO instant at which the lot's best offer was accepted (its `placedAt`); null while there is none. Live-only (not
   * in the read model's lot view): the load tests measure offer-to-subscriber latency as `receive time − bestOfferAt`.
   */
  readonly bestOfferAt: string | null;
};

/** Message of a lot that was withdrawn (its auction was edited or deleted): clients drop it. */
export interface WithdrawnLotPayload extends LiveStamp {
  readonly idAuction: string;
  readonly idLot: string;
  readonly status: 'WITHDRAWN';
}

/** Message of `auction/{idAuction}`. `status` is `DELETED` once the auction is deleted. */
export interface AuctionPayload extends LiveStamp {
  readonly idAuction: string;
  readonly status: 'SCH' | 'RUN' | 'CLD' | 'AWA' | 'DELETED';
  readonly startDate: string;
  readonly endDate: string;
  readonly auctionName: string;
}

/** Message of `user/{idUser}/outbid`: another dealer took the lead you had. */
export interface OutbidPayload extends LiveStamp {
  readonly idAuction: string;
  readonly idLot: string;
  /** Best offer on the lot now. */
  readonly bestOffer: number;
  /** Your best offer on the lot. */
  readonly yourBestOffer: number;
  /** The lot and its car, so the notice names what was lost on any page. */
  readonly lotNumber: number;
  readonly licensePlate: string;
  readonly brand: string;
  readonly model: string;
  /** The auction's name ('' while the auction is unknown to this instance). */
  readonly auctionName: string;
}

/**
 * Message of `user/{idUser}/offer`: an offer this user placed, from whichever device. The lot's public message does not
 * say whose its best offer is, so without it another of the dealer's pages would show its own offer as someone else's.
 */
export interface OwnOfferPayload extends LiveStamp {
  readonly idAuction: string;
  readonly idLot: string;
  readonly idOffer: string;
  readonly offer: number;
  readonly clickAndBuy: boolean;
}

/** The current state of one auction for a (re)subscribing client: the same payloads as the topics. */
export interface AuctionSnapshot {
  readonly auction: AuctionPayload | null;
  /** Lots in lot-number order; withdrawn lots are left out. */
  readonly lots: LotPayload[];
}

/** The lot message of a lot state, or null for a lot that does not exist. */
export function lotPayload(idLot: string, state: LotState, now: number, position: number): LotPayload | WithdrawnLotPayload | null {
  if (state.status === 'NONE') return null;
  const serverTime = toIso(now);
  const view = lotView(state, now, PUBLIC_VIEWER);
  if (view) return { ...view, bestOfferAt: state.data.best?.placedAt ?? null, serverTime, position };
  return { idAuction: state.data.definition.idAuction, idLot, status: 'WITHDRAWN', serverTime, position };
}

/**
 * The auction message of an auction state, or null for an auction that does not exist. Its `endDate` is the end the
 * auction shows: its last lot's end (`lots`, extensions included), as the HTTP views.
 */
export function auctionPayload(state: AuctionState, now: number, position: number, lots: readonly LotState[] = []): AuctionPayload | null {
  if (state.status === 'NONE') return null;
  const d = state.data;
  return {
    idAuction: d.idAuction, status: state.status, startDate: toIso(d.startMs), endDate: toIso(shownAuctionEndMs(state, lots)), auctionName: d.auctionName,
    serverTime: toIso(now), position,
  };
}

