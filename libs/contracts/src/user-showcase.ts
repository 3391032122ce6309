import { z } from 'zod';
import { Id } from './common.js';
import { PageQuery, pageOf } from './paging.js';
import { VehicleView } from './showcase.js';

/** The orders of `GET /showcase/user-showcase`: listing order, price, plate, brand, or when the user's hold ends. */
export const USER_SHOWCASE_SORT_FIELDS = ['listed', 'price', 'licensePlate', 'brand', 'holdUntil'] as const;
export type UserShowcaseSortField = (typeof USER_SHOWCASE_SORT_FIELDS)[number];

/**
 * Query of `GET /api/v1/secure/showcase/user-showcase`: the dealer user (`idUser`), one page (limit 1-100, default 50;
 * offset) and its order (default: newest listing first).
 */
export const UserShowcaseQuery = PageQuery.extend({
  idUser: Id,
  sortField: z.enum(USER_SHOWCASE_SORT_FIELDS).optional().default('listed'),
  sortOrder: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional().default('desc').transform((v) => v.toLowerCase() as 'asc' | 'desc'),
});
export type UserShowcaseQuery = z.infer<typeof UserShowcaseQuery>;

/**
 * A vehicle of one dealer user's showcase activity, seen from that user: `inMyLot` (in its my lot), `heldByMe` with
 * `holdUntil` and `holdKind` (it has booked or pre-empted it, until then), `boughtByMe` with `soldAt` (it bought it).
 */
export const UserShowcaseVehicle = VehicleView.extend({
  holdKind: z.enum(['BOOKING', 'PREEMPTION']).nullable(),
  soldAt: z.string().nullable(),
});
export type UserShowcaseVehicle = z.infer<typeof UserShowcaseVehicle>;

/** Answer of `GET /showcase/user-showcase`: the user, and one page of its activity. */
export const UserShowcasePage = pageOf(UserShowcaseVehicle).extend({ idUser: z.string(), username: z.string() });
export type UserShowcasePage = z.infer<typeof UserShowcasePage>;

/** Query of `GET /api/v1/admin/user-buyer-showcase`: the dealer user. */
export const UserBuyerShowcaseQuery = z.object({ idUser: Id });
/** Whether the showcase is open to a dealer user (default open; the back-office may shut it). */
export const UserBuyerShowcase = z.object({ idUser: z.string(), username: z.string(), flgEnabled: z.boolean() });
export type UserBuyerShowcase = z.infer<typeof UserBuyerShowcase>;
/** Body of `PUT /api/v1/admin/user-buyer-showcase`: open (true) or shut (false) the showcase to the user. */
export const UserBuyerShowcaseChange = z.object({ idUser: Id, flgEnabled: z.boolean() }).strict();
export type UserBuyerShowcaseChange = z.infer<typeof UserBuyerShowcaseChange>;
