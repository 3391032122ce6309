import {
  awardStatusOf, lotStatusAt, nextMinimumOffer, shownAuctionEndMs, toIso,
  type AuctionState, type LotState,
} from '@auction/domain';
import type { AuctionView, LotView } from './auction.js';

/** Who is looking, for what a view may show. */
export interface Viewer {
  readonly actor: { readonly idUser: string; readonly roles: readonly string[] } | null;
  /** The viewer owns the auction or is an administrator: the reserve price is shown. */
  readonly privileged: boolean;
  /** Include the viewer's own state per lot (auctionFull). */
  readonly personal: boolean;
}

/** What anyone may see (the live channel's payload). */
export const PUBLIC_VIEWER: Viewer = { actor: null, privileged: false, personal: false };

/** The lot view of the contract, from a lot's domain state at `now`. */
export function lotView(state: LotState, now: number, viewer: Viewer): LotView | null {
  if (state.status === 'NONE' || state.status === 'WITHDRAWN') return null;
  const { data } = state;
  const def = data.definition;
  const view: LotView = {
    idLot: def.idLot, idAuction: def.idAuction, lotNumber: def.lotNumber, licensePlate: def.licensePlate, frame: def.frame,
    brand: def.brand, model: def.model, basePrice: def.basePrice, minIncrement: def.minIncrement, buyNowPrice: def.buyNowPrice,
    status: lotStatusAt(state, now) ?? 'SCH', awardStatus: awardStatusOf(state), bestOffer: data.best?.amount ?? null,
    bestOfferId: data.best?.idOffer ?? null, offersCount: data.offersCount, endDate: toIso(data.endMs),
    nextMinimumOffer: nextMinimumOffer(def, data.best),
    idOfferAwarded: state.status === 'CLOSED' && state.award.status === 'AWA' ? state.award.idOffer : null,
    idVehicle: def.idVehicle ?? null, idCoverPhoto: def.idCoverPhoto ?? null,
  };
  if (def.firstRegistration != null) view.firstRegistration = def.firstRegistration;
  if (def.mileageKm != null) view.mileageKm = def.mileageKm;
  if (def.fuel != null) view.fuel = def.fuel;
  if (viewer.privileged) view.reservePrice = def.reservePrice;
  if (viewer.personal && viewer.actor) {
    const mine = data.dealers[viewer.actor.idUser];
    view.myBestOffer = mine?.bestAmount ?? null;
    view.leading = !!mine && data.best?.idUser === viewer.actor.idUser;
    view.observed = data.observers.includes(viewer.actor.idUser);
  }
  return view;
}

/** The auction view of the contract, with its lots in lot-number order. */
export function auctionView(auction: AuctionState, lots: readonly LotState[], now: number, viewer: Viewer): AuctionView | null {
  if (auction.status === 'NONE' || auction.status === 'DELETED') return null;
  const d = auction.data;
  return {
    idAuction: d.idAuction, auctionName: d.auctionName, idMarket: d.idMarket, auctionType: d.auctionType, status: auction.status,
    // Instants in UTC whatever offset the auction was created with; the end shown is the last lot's end (extensions).
    startDate: toIso(d.startMs), endDate: toIso(shownAuctionEndMs(auction, lots)), regulationRequired: d.regulationRequired,
    extension: { windowSeconds: d.windowSeconds, extendSeconds: d.extendSeconds }, idOwner: d.idOwner, idTemplate: d.idTemplate ?? null,
    lots: lots.map((l) => lotView(l, now, viewer)).filter((l): l is LotView => l !== null).sort((a, b) => a.lotNumber - b.lotNumber),
  };
}

/** True when the actor owns the auction or administers the portal. */
export function isPrivileged(auction: AuctionState, actor: Viewer['actor']): boolean {
  if (!actor || auction.status === 'NONE') return false;
  return actor.roles.includes('ADMIN') || auction.data.idOwner === actor.idUser;
}
