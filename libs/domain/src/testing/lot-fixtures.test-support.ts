import { lotDecider } from '../index.js';
import { toIso } from '../shared/time.js';
import type { LotCommand, LotDefinition, LotEvent, LotTiming } from '../auctions/lot/lot.types.js';
import { spec } from './decider-specification.test-support.js';

/** Given / when / then over the lot decider. */
export const lotSpec = spec(lotDecider);

export const ID_LOT = 'lot-1';
/** Start and end of the lot used by the specs (one hour). */
export const START = Date.parse('2026-11-21T09:00:00.000Z');
export const END = Date.parse('2026-11-21T10:00:00.000Z');
/** Milliseconds in `n` seconds / minutes. */
export const seconds = (n: number): number => n * 1000;
export const minutes = (n: number): number => n * 60_000;

type PlaceOffer = Extract<LotCommand, { type: 'PlaceOffer' }>;
type OfferPlaced = Extract<LotEvent, { type: 'OfferPlaced' }>;

/** A lot as the auctioneer sets it: base 5000, step 100, reserve 6500, buy-now 9000, 60 s window and extension. */
export function lotDefinition(overrides: Partial<LotDefinition & LotTiming> = {}): LotDefinition & LotTiming {
  return {
    idLot: ID_LOT, idAuction: 'auction-1', idOwner: 'owner-1', lotNumber: 1,
    licensePlate: 'GA123BC', frame: 'ZFA31200000123456', brand: 'Fiat', model: '500',
    basePrice: 5000, minIncrement: 100, reservePrice: 6500, buyNowPrice: 9000,
    startDate: toIso(START), endDate: toIso(END), windowSeconds: 60, extendSeconds: 60,
    ...overrides,
  };
}

export function lotScheduled(overrides: Partial<LotDefinition & LotTiming> = {}): LotEvent {
  return { type: 'LotScheduled', data: lotDefinition(overrides) };
}

/** A PlaceOffer command from dealer A, ten minutes into the lot, at the base price. */
export function placeOffer(overrides: Partial<Omit<PlaceOffer, 'type'>> = {}): PlaceOffer {
  return {
    type: 'PlaceOffer', idOffer: 'offer-1', idUser: 'dealer-a', idDealer: 'D-A', amount: 5000,
    clickAndBuy: false, idempotencyKey: null, regulationAccepted: true, now: START + minutes(10),
    ...overrides,
  };
}

/** The OfferPlaced event a PlaceOffer command with the same fields produces. */
export function offerPlaced(overrides: Partial<Omit<PlaceOffer, 'type'>> = {}): OfferPlaced {
  const c = placeOffer(overrides);
  return {
    type: 'OfferPlaced',
    data: {
      idLot: ID_LOT, idOffer: c.idOffer, idUser: c.idUser, amount: c.amount,
      clickAndBuy: c.clickAndBuy, placedAt: toIso(c.now), idempotencyKey: c.idempotencyKey,
    },
  };
}

export function lotClosed(closedAtMs: number = END, reason: 'END' | 'BUY_NOW' = 'END'): LotEvent {
  return { type: 'LotClosed', data: { idLot: ID_LOT, closedAt: toIso(closedAtMs), reason } };
}

export function lotAwarded(offer: OfferPlaced, mode: 'OWNER' | 'RESERVE_MET' | 'BUY_NOW' = 'OWNER'): LotEvent {
  const { idOffer, idUser, amount } = offer.data;
  return { type: 'LotAwarded', data: { idLot: ID_LOT, idOffer, idUser, amount, mode } };
}

export const lotNotAwarded: LotEvent = { type: 'LotNotAwarded', data: { idLot: ID_LOT } };
export const lotWithdrawn: LotEvent = { type: 'LotWithdrawn', data: { idLot: ID_LOT } };

/** Two offers: A at 5000, then B at 5100 (the best). */
export const offerA = offerPlaced({ idOffer: 'offer-a', idUser: 'dealer-a', amount: 5000, now: START + minutes(5) });
export const offerB = offerPlaced({ idOffer: 'offer-b', idUser: 'dealer-b', amount: 5100, now: START + minutes(6) });
/** A buy-now by dealer C (offer, close, award), twenty minutes in. */
export const BUY_NOW_AT = START + minutes(20);
export const buyNowOffer = offerPlaced({
  idOffer: 'offer-c', idUser: 'dealer-c', amount: 9000, clickAndBuy: true, now: BUY_NOW_AT,
});
export const boughtNow: LotEvent[] = [buyNowOffer, lotClosed(BUY_NOW_AT, 'BUY_NOW'), lotAwarded(buyNowOffer, 'BUY_NOW')];
