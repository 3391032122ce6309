export * from './shared/statuses.js';
export * from './shared/errors.js';
export * from './shared/money.js';
export * from './shared/time.js';
export * from './shared/plates.js';
export * from './lot/lot.types.js';
export * from './lot/lot.evolve.js';
export * from './lot/lot.decide.js';
export * from './lot/lot.predicates.js';
export * from './auction/auction.types.js';
export * from './auction/auction.evolve.js';
export * from './auction/auction.decide.js';
export * from './vehicle/vehicle.types.js';
export * from './vehicle/vehicle.evolve.js';
export * from './vehicle/vehicle.decide.js';
export * from './shared/decider.js';

import { decideAuction } from './auction/auction.decide.js';
import { evolveAuction, initialAuctionState } from './auction/auction.evolve.js';
import type { AuctionCommand, AuctionEvent, AuctionState } from './auction/auction.types.js';
import { decideLot } from './lot/lot.decide.js';
import { evolveLot, initialLotState } from './lot/lot.evolve.js';
import type { LotCommand, LotEvent, LotState } from './lot/lot.types.js';
import type { Decider } from './shared/decider.js';
import { decideVehicle } from './vehicle/vehicle.decide.js';
import { evolveVehicle, initialVehicleState } from './vehicle/vehicle.evolve.js';
import type { VehicleCommand, VehicleEvent, VehicleState } from './vehicle/vehicle.types.js';

/** The auction decider. */
export const auctionDecider: Decider<AuctionCommand, AuctionEvent, AuctionState> = {
  decide: decideAuction, evolve: evolveAuction, initialState: initialAuctionState,
};
/** The lot decider. */
export const lotDecider: Decider<LotCommand, LotEvent, LotState> = { decide: decideLot, evolve: evolveLot, initialState: initialLotState };
/** The showcase vehicle decider. */
export const vehicleDecider: Decider<VehicleCommand, VehicleEvent, VehicleState> = {
  decide: decideVehicle, evolve: evolveVehicle, initialState: initialVehicleState,
};
export * from './user/user.js';
export * from './user/user.upcasters.js';
export * from './upcasters.js';
export * from './streams.js';
