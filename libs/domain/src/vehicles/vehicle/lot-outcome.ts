import type { LotOutcome } from '../../shared/lot-outcome.js';
import type { AuctionSlot, VehicleCommand, VehicleEvent, VehicleState } from './vehicle.types.js';

/**
 * Where a vehicle is, as the lot-outcome process manager needs it: in a lot, sold in a lot (to a buyer at a price), in
 * stock, or elsewhere (unknown, in a showcase, sold there, withdrawn: nothing a lot's outcome moves).
 */
export type VehicleLotPlace =
  | ({ readonly status: 'IN_LOT' } & AuctionSlot)
  | ({ readonly status: 'SOLD_IN_LOT'; readonly idUser: string; readonly price: number } & AuctionSlot)
  | { readonly status: 'STOCK' }
  | { readonly status: 'ELSEWHERE' };

const ELSEWHERE: VehicleLotPlace = { status: 'ELSEWHERE' };

/** The place of a vehicle's state. */
export function lotPlaceOf(state: VehicleState): VehicleLotPlace {
  switch (state.status) {
    case 'STOCK':
      return { status: 'STOCK' };
    case 'IN_AUCTION':
      return { status: 'IN_LOT', idAuction: state.auction.idAuction, idLot: state.auction.idLot };
    case 'SOLD': {
      const { idAuction, idLot, idUser, price } = state.sale;
      return idAuction !== undefined && idLot !== undefined ? { status: 'SOLD_IN_LOT', idAuction, idLot, idUser, price } : ELSEWHERE;
    }
    default:
      return ELSEWHERE;
  }
}

/**
 * The place after one event of the vehicle's stream, as `evolveVehicle` moves its status (the process manager follows
 * the log with it, without keeping every vehicle's whole record). Pure.
 */
export function lotPlaceAfter(place: VehicleLotPlace, event: VehicleEvent): VehicleLotPlace {
  switch (event.type) {
    case 'VehicleLoaded':
      return place.status === 'ELSEWHERE' ? { status: 'STOCK' } : place;
    case 'VehiclePutInAuction':
      return place.status === 'STOCK' ? { status: 'IN_LOT', idAuction: event.data.idAuction, idLot: event.data.idLot } : place;
    case 'VehicleReturnedToStock':
      return place.status === 'IN_LOT' || event.data.from.kind === 'SHOWCASE' ? { status: 'STOCK' } : place;
    case 'VehicleSold': {
      const { idAuction, idLot, idUser, price } = event.data;
      if (place.status !== 'IN_LOT') return ELSEWHERE;
      return idAuction !== undefined && idLot !== undefined ? { status: 'SOLD_IN_LOT', idAuction, idLot, idUser, price } : ELSEWHERE;
    }
    case 'VehicleSaleReverted':
      return place.status === 'SOLD_IN_LOT' ? { status: 'IN_LOT', idAuction: event.data.idAuction, idLot: event.data.idLot } : place;
    case 'VehicleListed':
    case 'VehicleWithdrawn':
      return ELSEWHERE;
    default:
      return place;
  }
}

const sameSlot = (a: AuctionSlot, b: AuctionSlot): boolean => a.idAuction === b.idAuction && a.idLot === b.idLot;

/**
 * The process manager's rule (the vehicle follows its lot): the commands that bring a vehicle where its lot's outcome
 * says, from where it is; none when it is there already (an outcome seen twice, or after a restart, changes nothing).
 * - lot open: nothing (the auction's create or edit placed it);
 * - closed with offers and not decided: the vehicle is in the lot (a reverted sale or a reverted not-award puts it back);
 * - closed without an offer (UNSOLD), not awarded (NOT_AWARDED), withdrawn (LOT_WITHDRAWN): back in stock;
 * - awarded: sold to the award's buyer at its amount (an earlier sale in this lot to another is reverted first).
 * A vehicle elsewhere (another lot, a showcase, sold elsewhere, withdrawn) is left as it is. Pure.
 */
export function vehicleCommandsForLot(outcome: LotOutcome, slot: AuctionSlot, place: VehicleLotPlace, now: number): VehicleCommand[] {
  const { idAuction, idLot } = slot;
  const inLot = place.status === 'IN_LOT' && sameSlot(place, slot);
  const soldHere = place.status === 'SOLD_IN_LOT' && sameSlot(place, slot);
  const revert: VehicleCommand[] = soldHere ? [{ type: 'RevertAuctionSale', idAuction, idLot }] : [];
  const putBack: VehicleCommand[] = place.status === 'STOCK' ? [{ type: 'PutInAuction', idAuction, idLot }] : [];
  switch (outcome.kind) {
    case 'NONE':
    case 'OPEN':
      // Placing the vehicle in an open lot is the auction's create or edit (one append with the lot).
      return [];
    case 'PENDING':
      return soldHere ? revert : putBack;
    case 'UNSOLD':
    case 'NOT_AWARDED':
    case 'WITHDRAWN': {
      if (!inLot && !soldHere) return [];
      const reason = outcome.kind === 'WITHDRAWN' ? 'LOT_WITHDRAWN' : outcome.kind;
      return [...revert, { type: 'ReturnToStock', idAuction, idLot, reason }];
    }
    case 'AWARDED': {
      if (place.status === 'SOLD_IN_LOT' && soldHere && place.idUser === outcome.idUser && place.price === outcome.amount) return [];
      if (!inLot && !soldHere && place.status !== 'STOCK') return [];
      return [...revert, ...putBack, { type: 'SellInAuction', idAuction, idLot, idUser: outcome.idUser, price: outcome.amount, now }];
    }
  }
}
