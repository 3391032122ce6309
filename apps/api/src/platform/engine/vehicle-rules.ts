import { API_ERROR_CODES } from '@auction/contracts';
import type { VehicleChange, VehicleScope, VehicleState } from '@auction/domain';
import type { Actor } from '../../identity/actor.js';
import { AccessError } from './access-error.js';

/** 404200: no such vehicle, or one the caller may not see (the same answer, so existence is not disclosed). */
export function vehicleNotVisible(): AccessError {
  return new AccessError(404, API_ERROR_CODES.VEHICLE_NOT_VISIBLE, 'vehicle not found');
}

/**
 * The vehicles' one access rule, as the contexts that place vehicles (the showcase) need it inside a command's turn,
 * and as the showcase's staff view of a dealer user's activity narrows it.
 * The vehicles context implements it (`VehicleAccess`); the others reach it by its platform token, never by importing
 * that context, as the auctions context reaches its lots' vehicles through `LOT_VEHICLES`.
 */
export interface VehicleRules {
  /** The vehicles the actor sees (the domain's `vehicleScopeOf`): the provenances whose vehicles it sees. */
  scope(actor: Actor): VehicleScope;
  /** Throws unless the actor may make `change` to the vehicle in `state` (404200 when it may not even see it, else 403200). */
  assertMayChangeState(actor: Actor, state: VehicleState, change: VehicleChange): void;
  /** Throws unless the actor may put the vehicle in `state` in an auction or a showcase of `idMarket`. */
  assertMayPlace(actor: Actor, state: VehicleState, change: 'auction' | 'showcase', idMarket: string): void;
}

/** Injection token of {@link VehicleRules}. */
export const VEHICLE_RULES = Symbol('VEHICLE_RULES');
