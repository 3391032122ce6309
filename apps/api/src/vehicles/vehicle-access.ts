import { Injectable } from '@nestjs/common';
import { API_ERROR_CODES } from '@auction/contracts';
import {
  mayChangeVehicle, placementOf, recordOf, scopeShows, sellsInMarket, vehicleScopeOf, type Provenance, type VehicleChange, type VehicleFacts, type VehicleScope,
  type VehicleState,
} from '@auction/domain';
import type { VehicleRecordRow } from '@auction/read-models';
import type { Actor } from '../identity/actor.js';
import { AccessError } from '../platform/engine/access-error.js';
import { Provenances } from './provenances.js';
import { SalesLookup } from '../platform/engine/sales-lookup.js';
import { LiveReadModel } from '../platform/engine/live-read-model.js';
import { auctionStateVisibleTo, auctionVisibleTo, showcaseVisibleTo } from '../platform/engine/sales-access.js';
import { VehicleQueries } from './vehicle-queries.js';

import { vehicleNotVisible, type VehicleRules } from '../platform/engine/vehicle-rules.js';

export { vehicleNotVisible };

/** The rule's facts of a vehicle's state in a command's turn; null for a stream without a loaded vehicle. */
export function factsOfState(state: VehicleState): VehicleFacts | null {
  const record = recordOf(state);
  if (!record || state.status === 'NONE') return null;
  const placement = placementOf(state);
  return {
    provenance: record.provenance, status: state.status, published: record.published, holderRole: record.holder.role,
    holderUserId: record.holder.idUser, soldUserId: state.status === 'SOLD' ? state.sale.idUser : null,
    idAuction: placement?.kind === 'AUCTION' ? placement.idAuction : null, idShowcase: placement?.kind === 'SHOWCASE' ? placement.idShowcase : null,
  };
}

/**
 * Who sees and changes which vehicle: the domain's one rule (`vehicleScopeOf`, `scopeShows`, `mayChangeVehicle`)
 * applied on every vehicle path: reads (one vehicle, lists, files) and commands (judged on the vehicle's state in the
 * command's turn). Other contexts' vehicle calls (files, uploads) come through here too.
 */
@Injectable()
export class VehicleAccess implements VehicleRules {
  constructor(
    private readonly provenances: Provenances, private readonly queries: VehicleQueries, private readonly index: LiveReadModel,
    private readonly sales: SalesLookup,
  ) {}

  /** The vehicles the actor may see, as lists narrow them. */
  scope(actor: Actor): VehicleScope {
    return vehicleScopeOf(actor, this.provenances.list());
  }

  /** The provenance of a code, or undefined. */
  provenance(code: string): Provenance | undefined {
    return this.provenances.get(code);
  }

  /**
   * True when the actor may see the vehicle of `facts`: through its provenance or holding, whatever its sale; as a
   * dealer, while it is placed for sale (in an auction or a showcase) of a channel the dealer sees (who sees what:
   * `auctionVisibleTo`, `showcaseVisibleTo`), or when it bought it.
   */
  shows(actor: Actor, facts: VehicleFacts): boolean {
    const seen = this.seenBeforeSale(actor, facts);
    if (seen !== undefined) return seen;
    if (facts.idAuction) return auctionVisibleTo(this.index, actor, facts.idAuction);
    return !facts.idShowcase || showcaseVisibleTo(this.index, actor, facts.idShowcase);
  }

  /**
   * {@link shows}, with the auction the vehicle is placed in read from the log when this instance's index does not know
   * it yet (the read model, or another instance's write, may place it in an auction created a moment ago).
   */
  async showsNow(actor: Actor, facts: VehicleFacts): Promise<boolean> {
    const seen = this.seenBeforeSale(actor, facts);
    if (seen !== undefined) return seen;
    if (facts.idAuction) return auctionStateVisibleTo(this.index, actor, await this.sales.auction(facts.idAuction));
    return !facts.idShowcase || showcaseVisibleTo(this.index, actor, facts.idShowcase);
  }

  /** What the vehicle's scope decides whatever its sale (not seen; seen through provenance, holding or purchase); undefined: its sale decides. */
  private seenBeforeSale(actor: Actor, facts: VehicleFacts): boolean | undefined {
    const scope = this.scope(actor);
    if (!scopeShows(scope, facts, actor.idUser)) return false;
    if (facts.status === 'SOLD' || scopeShows({ ...scope, placed: false }, facts, actor.idUser)) return true;
    return undefined;
  }

  /** The read-model row of a vehicle the actor may see; 404200 otherwise. */
  async visible(actor: Actor, idVehicle: string): Promise<VehicleRecordRow> {
    const row = await this.queries.byId(idVehicle);
    if (!row || !(await this.showsNow(actor, row))) throw vehicleNotVisible();
    return row;
  }

  /** Throws unless the actor may make `change` to the vehicle: 404200 when it may not even see it, else 403200. */
  assertMayChange(actor: Actor, facts: VehicleFacts | null, change: VehicleChange): void {
    if (!facts || !this.shows(actor, facts)) throw vehicleNotVisible();
    if (actor.readOnly || !mayChangeVehicle(actor, this.provenances.get(facts.provenance), facts, change)) {
      throw new AccessError(403, API_ERROR_CODES.VEHICLE_CHANGE_FORBIDDEN, `you may not ${change} this vehicle now`);
    }
  }

  /** Throws unless the actor may change the vehicle in `state` (a command's turn). */
  assertMayChangeState(actor: Actor, state: VehicleState, change: VehicleChange): void {
    this.assertMayChange(actor, factsOfState(state), change);
  }

  /**
   * Throws unless the actor may put the vehicle in `state` in an auction or a showcase of `idMarket`: the rule of who
   * may (`assertMayChange`), then the market ({@link assertSellsIn}).
   */
  assertMayPlace(actor: Actor, state: VehicleState, change: 'auction' | 'showcase', idMarket: string): void {
    this.assertMayChangeState(actor, state, change);
    this.assertSellsIn(state, idMarket);
  }

  /** Throws 422222 unless the vehicle in `state` sells in `idMarket` (`sellsInMarket`: its provenance's market). */
  assertSellsIn(state: VehicleState, idMarket: string): void {
    const provenance = recordOf(state)?.provenance ?? '';
    if (!sellsInMarket(this.provenances.get(provenance), idMarket)) {
      throw new AccessError(422, API_ERROR_CODES.VEHICLE_MARKET_MISMATCH, `the vehicle of provenance ${provenance} is not sold in market ${idMarket}`);
    }
  }
}
