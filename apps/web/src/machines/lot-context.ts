import type { LotView, PlaceOfferResponse } from '@auction/contracts';
import { toCents } from '@auction/domain';
import type { LiveViewer, LotMessage, OutbidMessage, OwnOfferMessage } from './live-messages.js';
import { extensionTo, isAhead, olderThanView, showAhead, takeOlder } from './lot-ahead.js';

/** Input of the lot machine: a live message or a lot of `GET auctionFull` (no position: -1). */
export interface LotInput {
  lot: LotMessage | LotView;
  viewer: LiveViewer;
  /** Ids of the offers this dealer placed on the lot, when known. */
  myOfferIds?: string[];
}

/** The answer to this dealer's last offer on the lot, kept on the lot (also after it closes). */
export interface OfferOutcome {
  readonly accepted: boolean;
  readonly amount: number;
  /** The API's code of a refusal (0: the network failed), null when accepted. */
  readonly errorCode: number | null;
  readonly clickAndBuy: boolean;
}

/** Context of the lot machine; the UI reads `lot`, `myBestOffer`, `leading`, `myOfferIds`, `lastPosition`. */
export interface LotContext {
  /** The latest lot view. */
  lot: LotView;
  viewer: LiveViewer;
  myOfferIds: string[];
  /** This dealer's best offer on the lot, null when none is known. */
  myBestOffer: number | null;
  /** This dealer holds the best offer. */
  leading: boolean;
  /** Position of the last live message taken (-1 for none). */
  lastPosition: number;
  /** The outcome of this dealer's last offer, null before the first. */
  lastOutcome: OfferOutcome | null;
  /** The end the lot had before its last extension (an offer in the window moved it), null when never extended. */
  extendedFrom: string | null;
  /**
   * The best offer (cents) an accepted answer or a notice (outbid, own offer) showed before any live message did (the
   * message is still on its way): `lot` shows it already, and live messages of an older best are taken for their
   * position and status only (lot-ahead.ts). Undefined once a message caught up.
   */
  answerAhead?: number | undefined;
}

/** Dealer sub-state while the lot runs or waits for its award. */
export type DealerPhase = 'noOffer' | 'leading' | 'outbid';
/** Dealer sub-state of an awarded lot. */
export type AwardPhase = 'won' | 'lost' | 'noOffer';

const maxAmount = (a: number | null, b: number | null): number | null =>
  a === null ? b : b === null ? a : toCents(b) > toCents(a) ? b : a;

/** The starting context; `leading`/`myBestOffer` come from the view when it carries them (auctionFull). */
export function initialLotContext(input: LotInput): LotContext {
  const { lot, viewer } = input;
  const myOfferIds = [...(input.myOfferIds ?? [])];
  const position = 'position' in lot && typeof lot.position === 'number' ? lot.position : -1;
  const leading = lot.leading ?? (lot.bestOfferId !== null && myOfferIds.includes(lot.bestOfferId));
  return { lot, viewer, myOfferIds, myBestOffer: lot.myBestOffer ?? null, leading, lastPosition: position, lastOutcome: null, extendedFrom: null };
}

/**
 * Takes a newer lot view. Leading: the view says so (personal view), or its best offer is one of mine, or the
 * best offer did not change while I was leading. Any other best offer means I am not leading (outbid if I bid).
 */
export function applyLotMessage(ctx: LotContext, lot: LotMessage): LotContext {
  // A message older than a best offer already shown (a lower best, also one published as closed after the end from the
  // state before a held offer): its position and status are taken, not its figures, so that the best offer never steps
  // back nor "leading" flickers to "outbid" (best offers only grow).
  if (olderThanView(ctx, lot)) return takeOlder(ctx, lot);
  let leading: boolean;
  if (lot.leading !== undefined) leading = lot.leading;
  else if (lot.bestOfferId !== null && ctx.myOfferIds.includes(lot.bestOfferId)) leading = true;
  else if (lot.bestOfferId !== null && lot.bestOfferId === ctx.lot.bestOfferId) leading = ctx.leading;
  else leading = false;
  const { extendedFrom } = extensionTo(ctx, lot.status === 'RUN' ? lot.endDate : undefined);
  return {
    ...ctx, lot, leading, myBestOffer: maxAmount(ctx.myBestOffer, lot.myBestOffer ?? null), lastPosition: lot.position,
    extendedFrom, answerAhead: undefined,
  };
}

/**
 * Takes an accepted offer. Leading as the answer says, unless the view already shows a higher best offer
 * (the live message overtook the HTTP answer): then the view decides.
 */
export function applyAccepted(ctx: LotContext, response: PlaceOfferResponse): LotContext {
  const myOfferIds = ctx.myOfferIds.includes(response.idOffer) ? ctx.myOfferIds : [...ctx.myOfferIds, response.idOffer];
  const { bestOffer, bestOfferId } = ctx.lot;
  let leading = response.leading;
  if (bestOfferId === response.idOffer) leading = true;
  else if (bestOffer !== null && toCents(bestOffer) > toCents(response.bestOffer)) leading = bestOfferId !== null && myOfferIds.includes(bestOfferId);
  const lastOutcome: OfferOutcome = { accepted: true, amount: response.offer, errorCode: null, clickAndBuy: false };
  const next = { ...ctx, myOfferIds, myBestOffer: maxAmount(ctx.myBestOffer, response.offer), leading, lastOutcome };
  // Ahead of the view (its live message is still on its way): its best, next minimum, extension and, leading, its id at
  // once, also on a lot an older message showed closed, so that "leading" never stands beside an older best offer.
  return showAhead(next, {
    amount: response.bestOffer, idOffer: response.leading ? response.idOffer : null, offers: response.leading ? 1 : 0, endDate: response.lotEndDate,
  });
}

/** The dealer's own standing on a lot as the server tells it (`auctionFull`'s `myBestOffer` and `leading`). */
export interface MyStanding {
  readonly myBestOffer: number | null;
  readonly leading: boolean;
  /** The lot's best offer in that read: the dealer's own when it leads (kept, so later live messages agree). */
  readonly bestOfferId: string | null;
}

/**
 * Takes the dealer's standing as read from the server after the connection came back: an offer whose answer was lost
 * on the way (accepted, but the phone saw only a network error) counts again, so the lot shows "leading" and a new
 * offer asks before raising the dealer's own bid. A network failure of that same amount becomes an accepted outcome.
 */
export function applyStanding(ctx: LotContext, standing: MyStanding): LotContext {
  if (ctx.viewer !== 'dealer' || standing.myBestOffer === null) return ctx;
  const myBestOffer = maxAmount(ctx.myBestOffer, standing.myBestOffer);
  const lost = ctx.lastOutcome;
  const lastOutcome = lost && !lost.accepted && lost.errorCode === 0 && !lost.clickAndBuy && toCents(lost.amount) === toCents(standing.myBestOffer)
    ? { ...lost, accepted: true, errorCode: null } : ctx.lastOutcome;
  const mine = standing.leading && standing.bestOfferId !== null && !ctx.myOfferIds.includes(standing.bestOfferId);
  const myOfferIds = mine ? [...ctx.myOfferIds, standing.bestOfferId!] : ctx.myOfferIds;
  return { ...ctx, myOfferIds, myBestOffer, leading: standing.leading, lastOutcome };
}

/**
 * Takes the notice of an offer this dealer placed from any of its devices: the offer is the dealer's own, so a best
 * offer with its id (before or after this notice) is "leading", not someone else's.
 */
export function applyOwnOffer(ctx: LotContext, message: OwnOfferMessage): LotContext {
  if (ctx.viewer !== 'dealer' || message.idLot !== ctx.lot.idLot) return ctx;
  const myOfferIds = ctx.myOfferIds.includes(message.idOffer) ? ctx.myOfferIds : [...ctx.myOfferIds, message.idOffer];
  const next = { ...ctx, myOfferIds, myBestOffer: maxAmount(ctx.myBestOffer, message.offer) };
  // Newer than the view and above its best: an accepted offer was the best when placed, so it leads as of the notice.
  if (message.position > ctx.lastPosition && isAhead(ctx, message.offer)) {
    return { ...showAhead(next, { amount: message.offer, idOffer: message.idOffer, offers: 1 }), leading: true };
  }
  return { ...next, leading: ctx.lot.bestOfferId === message.idOffer ? true : ctx.leading };
}

/** Takes a refused offer: its outcome stays on the lot. */
export function applyRefused(ctx: LotContext, refusal: { errorCode: number; amount: number; clickAndBuy: boolean }): LotContext {
  return { ...ctx, lastOutcome: { accepted: false, amount: refusal.amount, errorCode: refusal.errorCode, clickAndBuy: refusal.clickAndBuy } };
}

/** An outbid notice applies to a dealer's lot unless older than the view or already beaten by my own offer. */
export function outbidApplies(ctx: LotContext, message: OutbidMessage): boolean {
  return ctx.viewer === 'dealer' && message.idLot === ctx.lot.idLot && message.position >= ctx.lastPosition
    && (ctx.myBestOffer === null || toCents(ctx.myBestOffer) <= toCents(message.bestOffer));
}

/** Takes an outbid notice: no longer leading. */
export function applyOutbid(ctx: LotContext, message: OutbidMessage): LotContext {
  // Its best offer is shown at once (someone else's): "outbid" never stands beside the dealer's own offer as the best,
  // the form's minimum follows, and the dealer's own older lot message no longer says "leading".
  const next = { ...ctx, leading: false, myBestOffer: maxAmount(ctx.myBestOffer, message.yourBestOffer) };
  return showAhead(next, { amount: message.bestOffer, idOffer: null, offers: 1 });
}

/** True when this dealer has bid on the lot. */
export function hasBid(ctx: LotContext): boolean {
  return ctx.myOfferIds.length > 0 || ctx.myBestOffer !== null;
}

/** Dealer sub-state of a running or closed lot. */
export function dealerPhase(ctx: LotContext): DealerPhase {
  return ctx.leading ? 'leading' : hasBid(ctx) ? 'outbid' : 'noOffer';
}

/** Dealer sub-state of an awarded lot: won iff the awarded offer is mine (or was the best while I led). */
export function awardPhase(ctx: LotContext): AwardPhase {
  const awarded = ctx.lot.idOfferAwarded;
  if (awarded !== null && (ctx.myOfferIds.includes(awarded) || (ctx.leading && awarded === ctx.lot.bestOfferId))) return 'won';
  return hasBid(ctx) ? 'lost' : 'noOffer';
}
