import type { LotDefinition, LotEvent, LotTiming } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import type { DealerBestRow, LotRow, ObservationRow, OfferRow } from '../rows.js';
import { cents, domainEventOf, iso } from './event-data.js';

type OfferPlaced = Extract<LotEvent, { type: 'OfferPlaced' }>['data'];

function definitionFields(d: LotDefinition & LotTiming) {
  return {
    idLot: d.idLot, idAuction: d.idAuction, lotNumber: d.lotNumber, licensePlate: d.licensePlate, frame: d.frame, brand: d.brand,
    model: d.model, basePrice: d.basePrice, minIncrement: d.minIncrement, reservePrice: d.reservePrice, buyNowPrice: d.buyNowPrice,
    startAt: iso(d.startDate), endAt: iso(d.endDate), idVehicle: d.idVehicle ?? null, idCoverPhoto: d.idCoverPhoto ?? null,
    firstRegistration: d.firstRegistration ?? null, mileageKm: d.mileageKm ?? null, fuel: d.fuel ?? null,
  };
}

const earlier = (a: string | null, b: string | null): string | null => (a === null || b === null ? a ?? b : Date.parse(b) < Date.parse(a) ? b : a);

const NO_AWARD = { awardedOfferId: null, awardedUserId: null, awardedAmount: null } as const;

function withOffer(row: LotRow, offer: OfferPlaced): LotRow {
  // Whole cents, as the decider compares: of two equal amounts the first stored stays best.
  const isNewBest = row.bestAmount === null || cents(offer.amount) > cents(row.bestAmount);
  return {
    ...row,
    offersCount: row.offersCount + 1,
    ...(isNewBest ? { bestAmount: offer.amount, bestOfferId: offer.idOffer, bestUserId: offer.idUser } : {}),
  };
}

/**
 * The lot row after one event of its stream, as `evolveLot` folds it: definition, end moves, offers
 * (count and best), close, award, not-award and revert. Observations have their own table. Pure.
 */
export function projectLot(row: LotRow | undefined, event: StoredEvent): LotRow | undefined {
  const e = domainEventOf<LotEvent>(event);
  if (e.type === 'LotScheduled') {
    return {
      ...definitionFields(e.data), state: 'OPEN', bestAmount: null, bestOfferId: null, bestUserId: null, offersCount: 0,
      closedAt: null, awardStatus: 'TBA', ...NO_AWARD, createdPosition: row?.createdPosition ?? event.position,
    };
  }
  if (!row) return row;
  switch (e.type) {
    case 'LotEdited':
      return row.state === 'OPEN' ? { ...row, ...definitionFields(e.data) } : row;
    case 'LotWithdrawn':
      return { ...row, state: 'WITHDRAWN' };
    case 'LotEndRescheduled':
    case 'LotEndExtended':
      return { ...row, endAt: iso(e.data.endDate) };
    case 'OfferPlaced':
      return withOffer(row, e.data);
    case 'LotClosed':
      if (row.state !== 'OPEN') return row;
      // A lot bought now ends at the purchase instant (as evolveLot).
      return {
        ...row, state: 'CLOSED', closedAt: iso(e.data.closedAt), awardStatus: 'TBA', ...NO_AWARD,
        ...(e.data.reason === 'BUY_NOW' ? { endAt: earlier(row.endAt, iso(e.data.closedAt)) } : {}),
      };
    case 'LotAwarded':
      return row.state === 'CLOSED'
        ? { ...row, awardStatus: 'AWA', awardedOfferId: e.data.idOffer, awardedUserId: e.data.idUser, awardedAmount: e.data.amount }
        : row;
    case 'LotNotAwarded':
      return row.state === 'CLOSED' ? { ...row, awardStatus: 'NAW', ...NO_AWARD } : row;
    case 'LotAwardReverted':
      return row.state === 'CLOSED' ? { ...row, awardStatus: 'TBA', ...NO_AWARD } : row;
    default:
      return row;
  }
}

/** A dealer's best offer on a lot after an `OfferPlaced` (kept when the new one is not higher, in cents). Pure. */
export function projectDealerBest(row: DealerBestRow | undefined, event: StoredEvent, lot: LotRow | undefined): DealerBestRow | undefined {
  const e = domainEventOf<LotEvent>(event);
  if (e.type !== 'OfferPlaced' || !lot) return row;
  if (row && cents(row.bestAmount) >= cents(e.data.amount)) return row;
  return { idLot: e.data.idLot, idUser: e.data.idUser, idAuction: lot.idAuction, bestAmount: e.data.amount, bestOfferId: e.data.idOffer };
}

/** A dealer's observation of a lot: started by `LotObserved`, removed by `LotObservationEnded`. Pure. */
export function projectObservation(row: ObservationRow | undefined, event: StoredEvent, lot: LotRow | undefined): ObservationRow | undefined {
  const e = domainEventOf<LotEvent>(event);
  if (!lot) return row;
  if (e.type === 'LotObserved') return row ?? { idLot: e.data.idLot, idUser: e.data.idUser, idAuction: lot.idAuction };
  if (e.type === 'LotObservationEnded') return undefined;
  return row;
}

/** The offers-report row of an `OfferPlaced` on an existing lot, at the event's global position. Pure. */
export function projectOffer(row: OfferRow | undefined, event: StoredEvent, lot: LotRow | undefined): OfferRow | undefined {
  const e = domainEventOf<LotEvent>(event);
  if (e.type !== 'OfferPlaced' || !lot) return row;
  const d = e.data;
  return {
    idOffer: d.idOffer, idLot: d.idLot, idAuction: lot.idAuction, idUser: d.idUser, amount: d.amount,
    clickAndBuy: d.clickAndBuy, placedAt: iso(d.placedAt), position: event.position,
  };
}
