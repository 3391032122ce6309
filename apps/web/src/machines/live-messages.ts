import type { LotView } from '@auction/contracts';

/**
 * Payloads of the live channel as the browser receives them (MQTT topics or socket.io `lot`/`auction` messages).
 * Mirrors the server's live payloads without importing `@auction/messaging`.
 */

/** What every live message carries besides its data. */
export interface LiveStamp {
  /** ISO instant at which the server built the message. */
  readonly serverTime: string;
  /** Global position of the last event reflected; drop anything at or below what was already seen. */
  readonly position: number;
}

/** Message of `auction/{idAuction}/lot/{idLot}`: the public lot view. */
export type LotMessage = LotView & LiveStamp;

/** Message of a lot that was withdrawn (its auction was edited or deleted): clients drop it. */
export interface WithdrawnLotMessage extends LiveStamp {
  readonly idAuction: string;
  readonly idLot: string;
  readonly status: 'WITHDRAWN';
}

/** Message of `auction/{idAuction}`; `status` is `DELETED` once the auction is deleted. */
export interface AuctionMessage extends LiveStamp {
  readonly idAuction: string;
  readonly status: 'SCH' | 'RUN' | 'CLD' | 'AWA' | 'DELETED';
  readonly startDate: string;
  readonly endDate: string;
  readonly auctionName: string;
}

/** Message of `user/{idUser}/outbid`: another dealer took the lead you had. */
export interface OutbidMessage extends LiveStamp {
  readonly idAuction: string;
  readonly idLot: string;
  /** Best offer on the lot now. */
  readonly bestOffer: number;
  /** Your best offer on the lot. */
  readonly yourBestOffer: number;
  /** The lot and its car (absent from a server older than these fields). */
  readonly lotNumber?: number;
  readonly licensePlate?: string;
  readonly brand?: string;
  readonly model?: string;
  /** The auction's name ('' when the server did not know it). */
  readonly auctionName?: string;
}

/**
 * Message of `user/{idUser}/offer`: an offer this dealer placed, from whichever of its devices (the lot's public
 * message does not say whose its best offer is).
 */
export interface OwnOfferMessage extends LiveStamp {
  readonly idAuction: string;
  readonly idLot: string;
  readonly idOffer: string;
  readonly offer: number;
  readonly clickAndBuy: boolean;
}

/** Who looks at a lot or auction: a bidding dealer, the auction's auctioneer, or anyone else. */
export type LiveViewer = 'dealer' | 'auctioneer' | 'viewer';

/** True for the message of a withdrawn lot. */
export function isWithdrawnLot(message: LotMessage | WithdrawnLotMessage): message is WithdrawnLotMessage {
  return message.status === 'WITHDRAWN';
}

/** Topic of one lot. */
export function lotTopic(idAuction: string, idLot: string): string {
  return `auction/${idAuction}/lot/${idLot}`;
}

/** Topic of auction-wide changes. */
export function auctionTopic(idAuction: string): string {
  return `auction/${idAuction}`;
}

/** Topic of the outbid notices of one user. */
export function outbidTopic(idUser: string): string {
  return `user/${idUser}/outbid`;
}
