import { z } from 'zod';
import { MARKETS, VEHICLE_STATES } from '@auction/domain';
import { Id, IdArray, IdList, Money, QueryMoney } from './common.js';

/** Most vehicles of one showcase. */
export const MAX_SHOWCASE_VEHICLES = 2000;
/** Most loaded vehicles put in a showcase by one call (each its own stream, all in one atomic append). */
export const MAX_SHOWCASE_STOCK_VEHICLES = 100;

/** A showcase typed in (the legacy direct listing): vehicles without a record, described by plate, brand and model. */
export const TypedShowcaseRequest = z.object({
  idMarket: z.enum(MARKETS),
  /** The template (selling channel) the showcase sells through: only dealers enabled for it see and buy its vehicles. */
  idTemplate: Id.optional(),
  vehicles: z.array(z.object({
    licensePlate: z.string().trim().min(1).max(20),
    brand: z.string().trim().min(1).max(50),
    model: z.string().trim().min(1).max(80),
    price: Money,
  })).min(1).max(MAX_SHOWCASE_VEHICLES),
});

/** A showcase made of loaded vehicles in stock: each named by id, with its price. */
export const StockShowcaseRequest = z.object({
  idMarket: z.enum(MARKETS),
  idTemplate: Id.optional(),
  vehicles: z.array(z.object({ idVehicle: Id, price: Money }).strict()).min(1).max(MAX_SHOWCASE_STOCK_VEHICLES)
    .refine((vs) => new Set(vs.map((v) => v.idVehicle)).size === vs.length, { message: 'must not name a vehicle twice' }),
});
export type StockShowcaseRequest = z.infer<typeof StockShowcaseRequest>;

/** Body of `POST /api/v1/secure/showcase`: loaded vehicles by id (`{idVehicle, price}`) or typed-in ones. */
export const CreateShowcaseRequest = z.union([StockShowcaseRequest, TypedShowcaseRequest]);
export type CreateShowcaseRequest = z.infer<typeof CreateShowcaseRequest>;

/** True for a body naming loaded vehicles. */
export function isStockShowcase(body: CreateShowcaseRequest): body is StockShowcaseRequest {
  return body.vehicles.some((v) => 'idVehicle' in v);
}

/** Body with vehicle ids (`add-to-myLot`, `buy`). */
export const VehicleIdsRequest = z.object({ idVehicles: IdArray() });
/** Query with vehicle ids (`remove-from-myLot`). */
export const VehicleIdsQuery = z.object({ idVehicles: IdList });
/** Body of `preempt-vehicle`. */
export const PreemptRequest = z.object({ idVehicle: Id });
/** Query of the catalogue. */
export const ShowcaseQuery = z.object({ idMarket: z.enum(MARKETS).optional() });
/** Query of search-vehicles. */
export const VehicleSearchQuery = z.object({
  idMarket: z.enum(MARKETS).optional(), brand: z.string().max(50).optional(), model: z.string().max(80).optional(),
  licensePlate: z.string().max(20).optional(), maxPrice: QueryMoney.optional(),
});

/** A loaded vehicle's data sheet in a showcase view (a typed-in vehicle has none). Photos are read through the vehicle file calls. */
export const ShowcaseVehicleSheet = z.object({
  version: z.string().nullable(), firstRegistration: z.string(), mileageKm: z.number(), fuel: z.string(), gearbox: z.string(),
  powerKw: z.number(), colour: z.string().nullable(), damageTotal: z.number(), area: z.string(), region: z.string(),
  /** Photo blob ids in display order; the first is the cover. */
  photos: z.array(z.string()),
});
export type ShowcaseVehicleSheet = z.infer<typeof ShowcaseVehicleSheet>;

/** A showcase vehicle as shown to a dealer. */
export const VehicleView = z.object({
  idVehicle: z.string(), idShowcase: z.string(), idMarket: z.string(), licensePlate: z.string(), brand: z.string(), model: z.string(), price: z.number(),
  state: z.enum(VEHICLE_STATES), heldByMe: z.boolean(), holdUntil: z.string().nullable(), inMyLot: z.boolean(), boughtByMe: z.boolean(),
  /** The cover photo's blob id (`GET /api/v1/secure/image?idImage=`), or null. */
  coverPhoto: z.string().nullable(),
  /** The data sheet of a loaded vehicle, null for a typed-in one. */
  sheet: ShowcaseVehicleSheet.nullable(),
});
export type VehicleView = z.infer<typeof VehicleView>;

/** Outcome per vehicle of a multi-vehicle call. */
export const VehicleOutcome = z.object({
  idVehicle: z.string(), ok: z.boolean(), errorCode: z.number().optional(), errorMsg: z.string().optional(), holdUntil: z.string().optional(),
});
