import { Injectable } from '@nestjs/common';
import {
  API_ERROR_CODES, type Page, type Dossier, type ProvenanceView, type VehicleAuctionsQuery, type VehicleDesc, type VehicleCard, type VehicleListQuery, type VehicleSheet,
} from '@auction/contracts';
import { plateKey, type Market } from '@auction/domain';
import type { VehicleAuctionHistoryRow, VehicleFilters, VehicleRecordRow } from '@auction/read-models';
import type { z } from 'zod';
import type { Actor } from '../identity/actor.js';
import { hasRole } from '../identity/actor.js';
import { AccessError } from '../platform/engine/access-error.js';
import { Consistency } from '../platform/engine/consistency.js';
import { ValidationError } from '../platform/http/validation.js';
import { Provenances } from './provenances.js';
import { VehicleAccess } from './vehicle-access.js';
import { VehicleQueries } from './vehicle-queries.js';
import { vehicleCardOf, vehicleSheetOf } from './vehicle-views.js';

/** Roles of the back-office vehicle lists (a dealer finds vehicles in auctions and showcases). */
export const VEHICLE_LIST_ROLES = ['LOADER', 'AUCTIONEER', 'MULTI_AUCTIONEER', 'ADMIN', 'CUSTOMER_CENTER'] as const;
/** Roles of `vehicle-for-auction`: who makes auctions. */
export const VEHICLE_FOR_AUCTION_ROLES = ['AUCTIONEER', 'MULTI_AUCTIONEER', 'ADMIN'] as const;
/** Roles of `vehicle-for-showcase`: who makes showcases (`SHOWCASE_MANAGER_ROLES`). */
export const VEHICLE_FOR_SHOWCASE_ROLES = ['EXHIBITOR', 'ADMIN'] as const;

/** Which list: every vehicle, those an auctioneer may put in an auction, those of the provenances asked. */
export type VehicleListKind = 'all' | 'for-auction' | 'for-showcase' | 'by-provenance';

const DAY_MS = 86_400_000;
/** Rows of an export read at a time. */
const EXPORT_BATCH = 500;
/** Most rows one export holds. */
export const EXPORT_MAX_ROWS = 50_000;

function bounds(field: string, min: number | undefined, max: number | undefined): void {
  if (min !== undefined && max !== undefined && min > max) {
    throw new ValidationError(`${field}: the lower bound is above the upper one`, [{ field, rule: 'min must not exceed max' }], API_ERROR_CODES.VEHICLE_FILTER_BOUNDS);
  }
}

/** The read model's filters of a parsed query; crossing bounds are 400200. A day's `insertDateTo` counts the whole day. */
export function filtersOf(q: VehicleListQuery, kind: VehicleListKind): VehicleFilters {
  bounds('minAuctions', q.minAuctions, q.maxAuctions);
  bounds('minDamage', q.minDamage, q.maxDamage);
  bounds('minPrice', q.minPrice, q.maxPrice);
  const from = q.insertDate?.ms;
  const before = q.insertDateTo ? q.insertDateTo.ms + (q.insertDateTo.day ? DAY_MS : 1) : undefined;
  bounds('insertDate', from, before === undefined ? undefined : before - 1);
  const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
  return {
    brand: q.brand, channel: q.channel, model: q.model, licensePlate: q.licensePlate, vehicleCode: q.vehicleCode, vehicleFrame: q.vehicleFrame,
    insertFrom: iso(from), insertBefore: iso(before), minAuctions: q.minAuctions, maxAuctions: q.maxAuctions, minDamage: q.minDamage,
    maxDamage: q.maxDamage, minPrice: q.minPrice, maxPrice: q.maxPrice, provenance: q.provenance?.map((p) => p.toUpperCase()),
    area: q.area, region: q.region, state: q.state,
    // Ready to be placed (published, in stock): the same set for an auction and a showcase.
    forAuction: kind === 'for-auction' || kind === 'for-showcase',
  };
}

/** The vehicle reads of the API, each narrowed by {@link VehicleAccess}. */
@Injectable()
export class VehicleReads {
  constructor(
    private readonly access: VehicleAccess, private readonly queries: VehicleQueries, private readonly provenances: Provenances,
    private readonly consistency: Consistency,
  ) {}

  private name(code: string): string | null {
    return this.provenances.get(code)?.name ?? null;
  }

  private async row(actor: Actor, idVehicle: string): Promise<VehicleRecordRow> {
    await this.consistency.caughtUp(actor.idUser);
    return this.access.visible(actor, idVehicle);
  }

  /** One vehicle as a list shows it (404200 when unknown or not visible). */
  async card(actor: Actor, idVehicle: string): Promise<VehicleCard> {
    const r = await this.row(actor, idVehicle);
    return vehicleCardOf(r, this.name(r.provenance));
  }

  /** One vehicle's whole sheet. */
  async sheet(actor: Actor, idVehicle: string): Promise<VehicleSheet> {
    const r = await this.row(actor, idVehicle);
    return vehicleSheetOf(r, this.name(r.provenance));
  }

  /** One page of a list, narrowed to what the actor sees (lists leave out what others see as dealers). */
  async list(actor: Actor, q: VehicleListQuery, kind: VehicleListKind): Promise<Page<VehicleCard>> {
    const roles = kind === 'for-auction' ? VEHICLE_FOR_AUCTION_ROLES : kind === 'for-showcase' ? VEHICLE_FOR_SHOWCASE_ROLES : VEHICLE_LIST_ROLES;
    if (!hasRole(actor, roles)) throw AccessError.role();
    if (kind === 'by-provenance' && !q.provenance?.length) {
      throw new ValidationError('provenance is required', [{ field: 'provenance', rule: 'required' }]);
    }
    const filters = filtersOf(q, kind);
    await this.consistency.caughtUp(actor.idUser);
    const scope = { ...this.access.scope(actor), placed: false };
    const page = await this.queries.list(scope, actor.idUser, filters, q);
    return { ...page, items: page.items.map((r) => vehicleCardOf(r, this.name(r.provenance))) };
  }

  /** One page of a vehicle's auctions history. */
  async auctions(actor: Actor, idVehicle: string, q: z.output<typeof VehicleAuctionsQuery>): Promise<Page<VehicleAuctionHistoryRow>> {
    await this.row(actor, idVehicle);
    return this.queries.auctions(idVehicle, q);
  }

  /** Short descriptions of the vehicles asked that the actor sees (others left out), in the order asked. */
  async descriptions(actor: Actor, ids: readonly string[]): Promise<VehicleDesc[]> {
    await this.consistency.caughtUp(actor.idUser);
    const found = await this.queries.byIds(ids);
    const shown = await Promise.all(found.map((r) => this.access.showsNow(actor, r)));
    const rows = found.filter((_r, i) => shown[i]);
    return rows.map((r) => ({
      idVehicle: r.idVehicle, licensePlate: r.licensePlate, frame: r.frame,
      description: [r.brand, r.model, r.version].filter(Boolean).join(' ') + ` (${r.licensePlate})`,
    }));
  }

  /**
   * A plate's dossier for the dealer's own people and staff: every loaded vehicle of that plate they see (its sheet,
   * newest load first; sold and withdrawn ones too). `vatCode` is accepted; the portal keeps no dossier per VAT code.
   */
  async dossier(actor: Actor, licensePlate: string): Promise<Dossier> {
    if (!hasRole(actor, VEHICLE_LIST_ROLES)) throw AccessError.role();
    await this.consistency.caughtUp(actor.idUser);
    const scope = { ...this.access.scope(actor), placed: false };
    const rows = await this.queries.byPlate(scope, actor.idUser, licensePlate);
    return { licensePlate: plateKey(licensePlate), vehicles: rows.map((r) => vehicleSheetOf(r, this.name(r.provenance))) };
  }

  /**
   * The vehicles the actor sees in a list (GET /vehicle's rule: as staff, loader, auctioneer or holder) holding any of
   * these plates (compared form) or frames, as list cards, newest load first.
   */
  async withPlatesOrFrames(actor: Actor, licensePlates: readonly string[], frames: readonly string[], max: number): Promise<VehicleCard[]> {
    if (!hasRole(actor, VEHICLE_LIST_ROLES)) throw AccessError.role();
    await this.consistency.caughtUp(actor.idUser);
    const scope = { ...this.access.scope(actor), placed: false };
    const rows = await this.queries.amongPlatesOrFrames(scope, actor.idUser, licensePlates, frames, max);
    return rows.map((r) => vehicleCardOf(r, this.name(r.provenance)));
  }

  /**
   * Every vehicle of a list in its order, a batch at a time (the export: never the whole list in memory), at most
   * `EXPORT_MAX_ROWS`. The role and the filters are checked before the first batch is read.
   */
  exportBatches(actor: Actor, q: VehicleListQuery): AsyncGenerator<VehicleCard[]> {
    if (!hasRole(actor, VEHICLE_LIST_ROLES)) throw AccessError.role();
    const filters = filtersOf(q, 'all');
    const scope = { ...this.access.scope(actor), placed: false };
    const self = this;
    return (async function* () {
      await self.consistency.caughtUp(actor.idUser);
      for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += EXPORT_BATCH) {
        const page = await self.queries.list(scope, actor.idUser, filters, { ...q, limit: EXPORT_BATCH, offset });
        yield page.items.map((r) => vehicleCardOf(r, self.name(r.provenance)));
        if (page.items.length < EXPORT_BATCH) return;
      }
    })();
  }

  /** The provenances (reference data), optionally of one market. */
  provenanceList(idMarket?: Market): ProvenanceView[] {
    return this.provenances.list(idMarket).map((p) => ({ ...p }));
  }
}
