import { z } from 'zod';
import { MARKETS, VEHICLE_STATES } from '@auction/domain';
import { Id, IdArray, IdList, Money, QueryMoney } from './common.js';

/** Body of `POST /api/v1/secure/showcase`. */
export const CreateShowcaseRequest = z.object({
  idMarket: z.enum(MARKETS),
  vehicles: z.array(z.object({
    licensePlate: z.string().trim().min(1).max(20),
    brand: z.string().trim().min(1).max(50),
    model: z.string().trim().min(1).max(80),
    price: Money,
  })).min(1).max(2000),
});
export type CreateShowcaseRequest = z.infer<typeof CreateShowcaseRequest>;

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

/** A showcase vehicle as shown to a dealer. */
export const VehicleView = z.object({
  idVehicle: z.string(), idMarket: z.string(), licensePlate: z.string(), brand: z.string(), model: z.string(), price: z.number(),
  state: z.enum(VEHICLE_STATES), heldByMe: z.boolean(), holdUntil: z.string().nullable(), inMyLot: z.boolean(), boughtByMe: z.boolean(),
});
export type VehicleView = z.infer<typeof VehicleView>;

/** Outcome per vehicle of a multi-vehicle call. */
export const VehicleOutcome = z.object({
  idVehicle: z.string(), ok: z.boolean(), errorCode: z.number().optional(), errorMsg: z.string().optional(), holdUntil: z.string().optional(),
});
