import type { AuctionView, LotView, PlaceOfferResponse } from '@auction/contracts';
import type { AuctionMessage, LotMessage, OutbidMessage, WithdrawnLotMessage } from './live-messages.js';

/** Test data of the machine specs (not shipped code). */

/** A running lot without offers: base 1000, increment 100, buy-now 5000. */
export function lotView(overrides: Partial<LotView> = {}): LotView {
  return {
    idLot: 'l1', idAuction: 'a1', lotNumber: 1, licensePlate: 'AB123CD', frame: null, brand: 'Fiat', model: 'Panda',
    basePrice: 1000, minIncrement: 100, buyNowPrice: 5000, status: 'RUN', awardStatus: 'TBA', bestOffer: null,
    bestOfferId: null, offersCount: 0, endDate: '2030-01-01T10:00:00.000Z', nextMinimumOffer: 1000, idOfferAwarded: null, idVehicle: null, idCoverPhoto: null,
    ...overrides,
  };
}

/** The live message of a lot at `position`. */
export function lotMessage(position: number, overrides: Partial<LotView> = {}): LotMessage {
  return { ...lotView(overrides), serverTime: '2030-01-01T09:00:00.000Z', position };
}

/** The live message of a withdrawn lot. */
export function withdrawnMessage(position: number, idLot = 'l1', idAuction = 'a1'): WithdrawnLotMessage {
  return { idAuction, idLot, status: 'WITHDRAWN', serverTime: '2030-01-01T09:00:00.000Z', position };
}

/** An outbid notice. */
export function outbidMessage(position: number, overrides: Partial<OutbidMessage> = {}): OutbidMessage {
  return {
    idAuction: 'a1', idLot: 'l1', bestOffer: 1200, yourBestOffer: 1100, serverTime: '2030-01-01T09:00:00.000Z', position,
    ...overrides,
  };
}

/** An accepted offer answer. */
export function acceptedResponse(overrides: Partial<PlaceOfferResponse> = {}): PlaceOfferResponse {
  return { idOffer: 'o1', offer: 1000, bestOffer: 1000, leading: true, lotEndDate: '2030-01-01T10:00:00.000Z', ...overrides };
}

/** An auction view with the given lots. */
export function auctionView(lots: LotView[], overrides: Partial<AuctionView> = {}): AuctionView {
  return {
    idAuction: 'a1', auctionName: 'Spring fleet', idMarket: 'IT', auctionType: 'LEA', status: 'RUN',
    startDate: '2030-01-01T08:00:00.000Z', endDate: '2030-01-01T10:00:00.000Z', regulationRequired: false,
    extension: { windowSeconds: 0, extendSeconds: 0 }, idOwner: 'owner', idTemplate: null, lots, ...overrides,
  };
}

/** The live message of an auction at `position`. */
export function auctionMessage(position: number, overrides: Partial<AuctionMessage> = {}): AuctionMessage {
  return {
    idAuction: 'a1', status: 'RUN', startDate: '2030-01-01T08:00:00.000Z', endDate: '2030-01-01T10:00:00.000Z',
    auctionName: 'Spring fleet', serverTime: '2030-01-01T09:00:00.000Z', position, ...overrides,
  };
}
