import { toCents } from '../../shared/money.js';
import { toMs } from '../../shared/time.js';
import type { DealerOnLot, LotData, LotDefinition, LotEvent, LotState, LotTiming, Offer } from './lot.types.js';

/** Keys remembered per dealer and lot for idempotent retries. */
export const RECENT_KEYS_PER_DEALER = 8;

/** Initial state of a lot stream. */
export const initialLotState: LotState = { status: 'NONE' };

/**
 * A lot without offers or observers shares these two (immutable, frozen) instead of holding an empty object and array
 * of its own: every running lot is held by several in-memory indexes of the API.
 */
const NO_DEALERS: Readonly<Record<string, DealerOnLot>> = Object.freeze({});
const NO_OBSERVERS: readonly string[] = Object.freeze([]);

function dataFrom(def: LotDefinition & LotTiming, previous: LotData | null): LotData {
  const { startDate, endDate, windowSeconds, extendSeconds, ...definition } = def;
  return {
    definition,
    startMs: toMs(startDate),
    endMs: toMs(endDate),
    windowSeconds,
    extendSeconds,
    best: previous?.best ?? null,
    offersCount: previous?.offersCount ?? 0,
    offers: previous?.offers ?? null,
    dealers: previous?.dealers ?? NO_DEALERS,
    observers: previous?.observers ?? NO_OBSERVERS,
  };
}

function withOffer(data: LotData, offer: Offer, key: string | null): LotData {
  const mine = data.dealers[offer.idUser];
  const recentKeys = key ? [...(mine?.recentKeys ?? []), { key, idOffer: offer.idOffer }].slice(-RECENT_KEYS_PER_DEALER) : (mine?.recentKeys ?? []);
  const dealer: DealerOnLot = mine && toCents(mine.bestAmount) >= toCents(offer.amount)
    ? { ...mine, recentKeys }
    : { bestAmount: offer.amount, bestOfferId: offer.idOffer, recentKeys };
  // Whole cents, as the decider compares: of two equal amounts the first stored stays best.
  const isNewBest = data.best === null || toCents(offer.amount) > toCents(data.best.amount);
  return {
    ...data,
    best: isNewBest ? offer : data.best,
    offersCount: data.offersCount + 1,
    offers: { head: offer, tail: data.offers },
    dealers: { ...data.dealers, [offer.idUser]: dealer },
  };
}

function mapData(state: LotState, f: (data: LotData) => LotData): LotState {
  return state.status === 'NONE' ? state : { ...state, data: f(state.data) };
}

/** Folds one lot event. Never throws: an event that does not fit leaves the state as it is. */
export function evolveLot(state: LotState, event: LotEvent): LotState {
  switch (event.type) {
    case 'LotScheduled':
      return { status: 'OPEN', data: dataFrom(event.data, null) };
    case 'LotEdited':
      return state.status === 'OPEN' ? { status: 'OPEN', data: dataFrom(event.data, state.data) } : state;
    case 'LotWithdrawn':
      return state.status === 'NONE' ? state : { status: 'WITHDRAWN', data: state.data };
    case 'LotEndRescheduled':
    case 'LotEndExtended':
      return mapData(state, (data) => ({ ...data, endMs: toMs(event.data.endDate) }));
    case 'OfferPlaced': {
      const { idLot: _idLot, idempotencyKey, ...offer } = event.data;
      return mapData(state, (data) => withOffer(data, offer, idempotencyKey));
    }
    case 'LotClosed':
      return state.status === 'OPEN'
        ? {
          status: 'CLOSED',
          // A lot bought now ends at the purchase instant, not at its scheduled end.
          data: event.data.reason === 'BUY_NOW' ? { ...state.data, endMs: Math.min(state.data.endMs, toMs(event.data.closedAt)) } : state.data,
          closedAtMs: toMs(event.data.closedAt), award: { status: 'TBA' },
        }
        : state;
    case 'LotAwarded':
      return state.status === 'CLOSED'
        ? { ...state, award: { status: 'AWA', idOffer: event.data.idOffer, idUser: event.data.idUser, amount: event.data.amount } }
        : state;
    case 'LotNotAwarded':
      return state.status === 'CLOSED' ? { ...state, award: { status: 'NAW' } } : state;
    case 'LotAwardReverted':
      return state.status === 'CLOSED' ? { ...state, award: { status: 'TBA' } } : state;
    case 'LotObserved':
      return mapData(state, (data) =>
        data.observers.includes(event.data.idUser) ? data : { ...data, observers: [...data.observers, event.data.idUser] },
      );
    case 'LotObservationEnded':
      return mapData(state, (data) => {
        const observers = data.observers.filter((u) => u !== event.data.idUser);
        return { ...data, observers: observers.length === 0 ? NO_OBSERVERS : observers };
      });
    default: {
      // evolve never throws: an event type this code does not know (from a newer writer) is ignored.
      const unknown: never = event;
      void unknown;
      return state;
    }
  }
}

/** Folds a sequence of lot events from the initial state. */
export function foldLot(events: readonly LotEvent[], from: LotState = initialLotState): LotState {
  return events.reduce(evolveLot, from);
}
