export * from './shared/statuses.js';
export * from './shared/errors.js';
export * from './shared/money.js';
export * from './shared/time.js';
export * from './shared/plates.js';
export * from './auctions/lot/lot.types.js';
export * from './auctions/lot/lot.evolve.js';
export * from './auctions/lot/lot.decide.js';
export * from './auctions/lot/lot.predicates.js';
export * from './auctions/lot/lot.shared-ids.js';
export * from './auctions/auction/auction.types.js';
export * from './auctions/auction/auction.evolve.js';
export * from './auctions/auction/auction.decide.js';
export * from './vehicles/vehicle/vehicle.types.js';
export * from './vehicles/vehicle/vehicle.evolve.js';
export * from './vehicles/vehicle/vehicle.decide.js';
export * from './vehicles/vehicle/vehicle.predicates.js';
export * from './vehicles/vehicle/vehicle.errors.js';
export * from './vehicles/vehicle/vehicle-details.js';
export * from './vehicles/vehicle/vehicle-details.rules.js';
export * from './vehicles/vehicle/lot-outcome.js';
export * from './shared/lot-outcome.js';
export * from './vehicles/vehicle-access.js';
export * from './shared/decider.js';
export * from './shared/changes.js';

import { decideAuction } from './auctions/auction/auction.decide.js';
import { evolveAuction, initialAuctionState } from './auctions/auction/auction.evolve.js';
import type { AuctionCommand, AuctionEvent, AuctionState } from './auctions/auction/auction.types.js';
import { decideLot } from './auctions/lot/lot.decide.js';
import { evolveLot, initialLotState } from './auctions/lot/lot.evolve.js';
import type { LotCommand, LotEvent, LotState } from './auctions/lot/lot.types.js';
import type { Decider } from './shared/decider.js';
import { decideVehicle } from './vehicles/vehicle/vehicle.decide.js';
import { evolveVehicle, initialVehicleState } from './vehicles/vehicle/vehicle.evolve.js';
import type { VehicleCommand, VehicleEvent, VehicleState } from './vehicles/vehicle/vehicle.types.js';

/** The auction decider. */
export const auctionDecider: Decider<AuctionCommand, AuctionEvent, AuctionState> = {
  decide: decideAuction, evolve: evolveAuction, initialState: initialAuctionState,
};
/** The lot decider. */
export const lotDecider: Decider<LotCommand, LotEvent, LotState> = { decide: decideLot, evolve: evolveLot, initialState: initialLotState };
/** The vehicle decider: one vehicle's whole life on its stream `vehicle-{idVehicle}`. */
export const vehicleDecider: Decider<VehicleCommand, VehicleEvent, VehicleState> = {
  decide: decideVehicle, evolve: evolveVehicle, initialState: initialVehicleState,
};
export * from './identity/user/user.js';
export * from './dealers/dealer/dealer.js';
export * from './dealers/dealer/dealer-restore.js';
export * from './partners/template/template.js';
export * from './partners/sellers/index.js';
export * from './partners/top-cms/top-cms.js';
export * from './payments/purchase-payment.js';
export * from './identity/user/staff-protection.js';
export * from './identity/user/user.upcasters.js';
export * from './identity/registration/index.js';
export * from './upcasters.js';
export * from './streams.js';
