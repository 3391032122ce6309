import type { AuctionView, LotView, ShowcaseVehicleSheet, VehicleView } from '@auction/contracts';
import { nextMinimumOffer, type AuctionStatus, type VehicleRecord } from '@auction/domain';
import type { AuctionRow, DealerBestRow, LotRow, VehicleRow } from '../rows.js';

const ms = (isoOrNull: string | null): number => (isoOrNull === null ? Number.NaN : Date.parse(isoOrNull));

/** Status shown for a lot at `now`, as the domain's `lotStatusAt`: open lots by time, closed ones by award. */
export function lotStatusOf(lot: LotRow, now: number): AuctionStatus {
  if (lot.state === 'CLOSED') return lot.awardStatus === 'AWA' ? 'AWA' : 'CLD';
  return now < ms(lot.startAt) ? 'SCH' : now < ms(lot.endAt) ? 'RUN' : 'CLD';
}

/** What one dealer did on the lots asked about (auctionFull, observed, running). */
export interface PersonalState {
  readonly idUser: string;
  readonly bests: ReadonlyMap<string, DealerBestRow>;
  readonly observed: ReadonlySet<string>;
}

/** How a lot is shown: the reserve to its owner, the caller's own state when personal. */
export interface LotViewOptions {
  readonly privileged: boolean;
  readonly personal: PersonalState | null;
}

/** The contract's lot view of a lot row; null for a withdrawn lot. */
export function lotViewOf(lot: LotRow, now: number, options: LotViewOptions): LotView | null {
  if (lot.state === 'WITHDRAWN') return null;
  const best = lot.bestAmount === null ? null : { amount: lot.bestAmount };
  const view: LotView = {
    idLot: lot.idLot, idAuction: lot.idAuction, lotNumber: lot.lotNumber, licensePlate: lot.licensePlate, frame: lot.frame,
    brand: lot.brand, model: lot.model, basePrice: lot.basePrice, minIncrement: lot.minIncrement, buyNowPrice: lot.buyNowPrice,
    status: lotStatusOf(lot, now), awardStatus: lot.state === 'CLOSED' ? lot.awardStatus : 'TBA', bestOffer: lot.bestAmount,
    bestOfferId: lot.bestOfferId, offersCount: lot.offersCount, endDate: lot.endAt ?? '', nextMinimumOffer: nextMinimumOffer(lot, best),
    idOfferAwarded: lot.state === 'CLOSED' && lot.awardStatus === 'AWA' ? lot.awardedOfferId : null,
    idVehicle: lot.idVehicle ?? null, idCoverPhoto: lot.idCoverPhoto ?? null,
  };
  if (lot.firstRegistration != null) view.firstRegistration = lot.firstRegistration;
  if (lot.mileageKm != null) view.mileageKm = lot.mileageKm;
  if (lot.fuel != null) view.fuel = lot.fuel;
  if (options.privileged) view.reservePrice = lot.reservePrice;
  const me = options.personal;
  if (me) {
    const mine = me.bests.get(lot.idLot);
    view.myBestOffer = mine?.bestAmount ?? null;
    view.leading = !!mine && lot.bestUserId === me.idUser;
    view.observed = me.observed.has(lot.idLot);
  }
  return view;
}

/** The contract's auction view: lots of its `lotIds` that are not withdrawn, in lot-number order. */
export function auctionViewOf(
  auction: AuctionRow, byId: ReadonlyMap<string, LotRow>, now: number, options: LotViewOptions, lastLotEnd: string | null = null,
): AuctionView {
  const views = auction.lotIds
    .map((id) => byId.get(id))
    .map((l) => (l ? lotViewOf(l, now, options) : null))
    .filter((l): l is LotView => l !== null)
    .sort((a, b) => a.lotNumber - b.lotNumber);
  return {
    idAuction: auction.idAuction, auctionName: auction.auctionName, idMarket: auction.idMarket, auctionType: auction.auctionType,
    status: auction.status as AuctionStatus, startDate: auction.startAt ?? auction.startDate,
    endDate: shownEndOf(auction, views, lastLotEnd),
    regulationRequired: auction.regulationRequired,
    extension: { windowSeconds: auction.windowSeconds, extendSeconds: auction.extendSeconds }, idOwner: auction.idOwner,
    idTemplate: auction.idTemplate ?? null, lots: views,
  };
}

/**
 * The end an auction shows, in UTC: its last lot's end (extensions included, a lot bought now ending at its purchase),
 * as the domain's `shownAuctionEndMs`; `lastLotEnd` when the lots were not read (the management list).
 */
function shownEndOf(auction: AuctionRow, lots: readonly LotView[], lastLotEnd: string | null): string {
  const ends = lots.map((l) => ms(l.endDate)).filter(Number.isFinite);
  if (ends.length > 0) return new Date(Math.max(...ends)).toISOString();
  return lastLotEnd ?? auction.endAt ?? auction.endDate;
}

/** The showcase view's data sheet of a loaded vehicle's record (commands' answers and the test oracle), null without one. */
export function showcaseSheetOf(record: VehicleRecord | null): ShowcaseVehicleSheet | null {
  if (!record) return null;
  const d = record.details;
  return {
    version: d.version, firstRegistration: d.firstRegistration, mileageKm: d.mileageKm, fuel: d.fuel, gearbox: d.gearbox, powerKw: d.powerKw,
    colour: d.colour, damageTotal: d.damageTotal, area: d.location.area, region: d.location.region, photos: [...record.photos],
  };
}

/** The contract's vehicle view for one dealer: availability and hold at `now`; the data sheet of a loaded vehicle. */
export function vehicleViewOf(v: VehicleRow, now: number, idUser: string, inMyLot: boolean, sheet: ShowcaseVehicleSheet | null = null): VehicleView {
  const held = v.status === 'LISTED' && v.holdUntil !== null && ms(v.holdUntil) > now;
  return {
    idVehicle: v.idVehicle, idShowcase: v.idShowcase, idMarket: v.idMarket, licensePlate: v.licensePlate, brand: v.brand, model: v.model, price: v.price,
    coverPhoto: sheet?.photos[0] ?? null, sheet,
    state: v.status === 'SOLD' ? 'SOLD' : held ? 'HELD' : 'AVAILABLE', heldByMe: held && v.holdUserId === idUser,
    holdUntil: held ? v.holdUntil : null, inMyLot, boughtByMe: v.status === 'SOLD' && v.soldUserId === idUser,
  };
}
