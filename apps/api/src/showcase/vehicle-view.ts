import type { VehicleView } from '@auction/contracts';
import { liveHold, recordOf, showcaseDataOf, toIso, vehicleAvailability, type VehicleState } from '@auction/domain';
import { showcaseSheetOf } from '@auction/read-models';
import type { Actor } from '../identity/actor.js';

/** The view of a vehicle for a dealer, from its domain state (command answers). */
export function vehicleView(state: VehicleState, now: number, actor: Actor): VehicleView | null {
  const availability = vehicleAvailability(state, now);
  // Only the showcase side of a vehicle (listed, or sold from a showcase) has a dealer's view here.
  const data = showcaseDataOf(state);
  if (!data || !availability) return null;
  const { listing, inMyLotOf } = data;
  const hold = state.status === 'LISTED' ? liveHold(state.data, now) : null;
  const sheet = showcaseSheetOf(recordOf(state));
  return {
    idVehicle: listing.idVehicle, idShowcase: listing.idShowcase, coverPhoto: sheet?.photos[0] ?? null, sheet, idMarket: listing.idMarket, licensePlate: listing.licensePlate, brand: listing.brand,
    model: listing.model, price: listing.price, state: availability, heldByMe: hold?.idUser === actor.idUser,
    holdUntil: hold ? toIso(hold.untilMs) : null, inMyLot: inMyLotOf.includes(actor.idUser),
    boughtByMe: state.status === 'SOLD' && state.sale.idUser === actor.idUser,
  };
}
