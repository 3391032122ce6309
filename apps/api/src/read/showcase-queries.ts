import { Inject, Injectable } from '@nestjs/common';
import { API_ERROR_CODES, type VehicleSearchQuery, type VehicleView } from '@auction/contracts';
import { liveHold, toIso, vehicleAvailability, type Market, type VehicleState } from '@auction/domain';
import type { z } from 'zod';
import type { Actor } from '../engine/actor.js';
import { AccessError } from '../engine/access-error.js';
import { streamId } from '@auction/domain';
import { CLOCK, type Clock } from '../engine/tokens.js';
import { LiveReadModel } from './live-read-model.js';

type Listed = Exclude<VehicleState, { status: 'NONE' }>;

/** A sold vehicle of a showcase, for its owner. */
export interface SoldVehicleRow {
  readonly idVehicle: string;
  readonly licensePlate: string;
  readonly brand: string;
  readonly model: string;
  readonly price: number;
  /** The buyer. */
  readonly idUser: string;
  readonly username: string;
  readonly soldAt: string;
}

/** Paging and order of the sold list. */
export interface SoldPage {
  readonly limit?: number;
  readonly offset: number;
  readonly sortField: 'price' | 'soldAt' | 'licensePlate';
  readonly sortOrder: 'asc' | 'desc';
}

/** The vehicle view of the contract for one dealer; null for an unknown vehicle. */
export function vehicleView(state: VehicleState, now: number, actor: Actor): VehicleView | null {
  const availability = vehicleAvailability(state, now);
  if (state.status === 'NONE' || !availability) return null;
  const { listing, inMyLotOf } = state.data;
  const hold = state.status === 'LISTED' ? liveHold(state.data, now) : null;
  return {
    idVehicle: listing.idVehicle, idMarket: listing.idMarket, licensePlate: listing.licensePlate, brand: listing.brand,
    model: listing.model, price: listing.price, state: availability, heldByMe: hold?.idUser === actor.idUser,
    holdUntil: hold ? toIso(hold.untilMs) : null, inMyLot: inMyLotOf.includes(actor.idUser),
    boughtByMe: state.status === 'SOLD' && state.sale.idUser === actor.idUser,
  };
}

/** Read side of the showcase, answered from the read model. */
@Injectable()
export class ShowcaseQueries {
  constructor(private readonly model: LiveReadModel, @Inject(CLOCK) private readonly clock: Clock) {}

  /** Vehicles not sold, in listing order, optionally of one market. */
  catalogue(actor: Actor, idMarket?: Market): VehicleView[] {
    return this.views(actor, (v) => v.status === 'LISTED' && (!idMarket || v.data.listing.idMarket === idMarket));
  }

  /** The catalogue filtered: brand, model and plate contain the given text (any case), price at most `maxPrice`. */
  search(actor: Actor, q: z.output<typeof VehicleSearchQuery>): VehicleView[] {
    const has = (value: string, part?: string) => !part || value.toLowerCase().includes(part.toLowerCase());
    return this.catalogue(actor, q.idMarket).filter((v) =>
      has(v.brand, q.brand) && has(v.model, q.model) && has(v.licensePlate, q.licensePlate) && (q.maxPrice === undefined || v.price <= q.maxPrice));
  }

  /** The caller's my lot, sold vehicles included. */
  myLot(actor: Actor): VehicleView[] {
    return this.views(actor, (v) => v.data.inMyLotOf.includes(actor.idUser));
  }

  /** Ids of the vehicles of the caller's my lot that are still to book (those the caller bought are done). */
  myLotToBook(actor: Actor): string[] {
    return this.listed()
      .filter((v) => v.data.inMyLotOf.includes(actor.idUser) && !(v.status === 'SOLD' && v.sale.idUser === actor.idUser))
      .map((v) => v.data.listing.idVehicle);
  }

  /** Whether the caller accepted the showcase regulation. */
  acceptedRegulation(actor: Actor): { accepted: boolean } {
    const user = this.model.users.get(streamId.user(actor.idUser));
    return { accepted: user?.status === 'ACTIVE' && user.showcaseRegulationAccepted };
  }

  /** Whether the caller bought the vehicle. */
  boughtByCaller(actor: Actor, idVehicle: string): boolean {
    const v = this.model.vehicles.get(streamId.vehicle(idVehicle));
    return v?.status === 'SOLD' && v.sale.idUser === actor.idUser;
  }

  /** Sold vehicles of a showcase with their buyer (owner of the showcase or administrator). */
  sold(actor: Actor, idShowcase: string, page: SoldPage): SoldVehicleRow[] {
    const vehicles = this.listed().filter((v) => v.data.listing.idShowcase === idShowcase);
    const [first] = vehicles;
    if (!first) throw new AccessError(404, API_ERROR_CODES.NOT_FOUND, 'showcase not found');
    if (!actor.roles.includes('ADMIN') && first.data.listing.idOwner !== actor.idUser) {
      throw new AccessError(403, API_ERROR_CODES.NOT_OWNER, 'only the owner of this showcase or an administrator may do this');
    }
    const rows: SoldVehicleRow[] = [];
    for (const v of vehicles) {
      if (v.status !== 'SOLD') continue;
      const l = v.data.listing;
      rows.push({
        idVehicle: l.idVehicle, licensePlate: l.licensePlate, brand: l.brand, model: l.model, price: v.sale.price,
        idUser: v.sale.idUser, username: v.sale.username, soldAt: v.sale.soldAt,
      });
    }
    const sign = page.sortOrder === 'asc' ? 1 : -1;
    const key = page.sortField;
    rows.sort((a, b) =>
      sign * (key === 'price' ? a.price - b.price : a[key].localeCompare(b[key])) || a.idVehicle.localeCompare(b.idVehicle));
    return rows.slice(page.offset, page.limit === undefined ? undefined : page.offset + page.limit);
  }

  private listed(): Listed[] {
    return [...this.model.vehicles.values()].filter((v): v is Listed => v.status !== 'NONE');
  }

  private views(actor: Actor, keep: (v: Listed) => boolean): VehicleView[] {
    const now = this.clock.now();
    return this.listed().filter(keep).map((v) => vehicleView(v, now, actor)).filter((v): v is VehicleView => v !== null);
  }
}
