import { z } from 'zod';
import { FUELS, GEARBOXES, MARKETS, VEHICLE_FILE_KINDS, VEHICLE_HOLDER_ROLES, VEHICLE_STATUSES } from '@auction/domain';
import { adminPage, adminQueryInt } from './admin-common.js';
import { DAY_OR_INSTANT_FILTER, Day, Id, IdArray, IdList, QueryInt, isCleanText } from './common.js';
import { PAGE_DEFAULT, PAGE_MAX } from './paging.js';

const Text = (max: number) => z.string().max(max).refine(isCleanText, { message: 'must not hold NUL or lone surrogates' });

/**
 * A vehicle's data as a loader types it (the domain's `VehicleDetails`): the shapes here, the rules (plate, VIN,
 * lengths, bounds) in the domain, which answers 422200-422209 naming the field.
 */
const VEHICLE_DETAIL_SHAPES = {
  licensePlate: Text(40), frame: Text(40), brand: Text(200), model: Text(200), version: Text(200).nullable(),
  firstRegistration: Day, mileageKm: z.number().int().nonnegative(), fuel: z.enum(FUELS), gearbox: z.enum(GEARBOXES),
  powerKw: z.number().int().nonnegative(), colour: Text(200).nullable(), damageTotal: z.number().nonnegative(),
  channel: Text(200), location: z.object({ area: Text(200), region: Text(200) }).strict(),
  appraisal: z.object({ appraisedOn: Day, grade: Text(100).nullable(), notes: Text(2000).nullable() }).strict().nullable(),
};
export const VehicleDetailsBody = z.object({
  ...VEHICLE_DETAIL_SHAPES,
  version: VEHICLE_DETAIL_SHAPES.version.optional().default(null),
  colour: VEHICLE_DETAIL_SHAPES.colour.optional().default(null),
  appraisal: VEHICLE_DETAIL_SHAPES.appraisal.optional().default(null),
}).strict();
export type VehicleDetailsBody = z.infer<typeof VehicleDetailsBody>;

/**
 * Body of `PUT /vehicle`: the vehicle and the fields to change (the others stay). Built from the shapes without the
 * load's defaults: a field left out is not changed (a default would have turned an absent version, colour or
 * appraisal into null and erased it).
 */
export const EditVehicleRequest = z.object(VEHICLE_DETAIL_SHAPES).partial().extend({ idVehicle: Id }).strict();
export type EditVehicleRequest = z.infer<typeof EditVehicleRequest>;

/** The hand-overs of vehicles to a user: to a superior (an auctioneer of the provenance's dealer), to a multi-auctioneer. */
export const HAND_OVERS = ['sendToSup', 'sendToMultiAuctioneer'] as const;
export type HandOverAction = (typeof HAND_OVERS)[number];

/**
 * Query of `GET /vehicle-handover-users`: the users a hand-over may go to (`action`), for `sendToSup` those of the
 * `provenance`'s dealer (required then); `username` a part of the name, any case; one page sorted by username.
 */
export const HandOverUsersQuery = z.object({
  action: z.enum(HAND_OVERS), provenance: Text(60).optional(), username: Text(100).optional(),
  limit: adminQueryInt(1, PAGE_MAX, 20), offset: adminQueryInt(0, 1_000_000, 0),
}).strict();
export type HandOverUsersQuery = z.infer<typeof HandOverUsersQuery>;
/** A user vehicles may be handed to. */
export const HandOverUser = z.object({ idUser: z.string(), username: z.string(), idDealer: z.string().nullable(), idMarket: z.enum(MARKETS) });
export type HandOverUser = z.infer<typeof HandOverUser>;
export const HandOverUserPage = adminPage(HandOverUser);

/** Body of `PUT /vehicle/pubUnpubVehicle`: publish (`published: true`) or unpublish vehicles. */
export const PubUnpubRequest = z.object({ idVehicles: IdArray(), published: z.boolean() }).strict();
/** Body of `PATCH /sendToSup` and `/sendToMultiAuctioneer`: the vehicles and the user they go to. */
export const HandOverRequest = z.object({ idVehicles: IdArray(), idUser: Id }).strict();
/** Body of `PATCH /sendBack`. */
export const SendBackRequest = z.object({ idVehicles: IdArray() }).strict();

/** A provenance: a source of vehicles of one market, supplied by one dealer. */
export const ProvenanceView = z.object({ code: z.string(), name: z.string(), idMarket: z.enum(MARKETS), idDealer: z.string() });
export type ProvenanceView = z.infer<typeof ProvenanceView>;
/** Query of `GET /provenance`. */
export const ProvenanceQuery = z.object({ idMarket: z.enum(MARKETS).optional() }).strict();

/** A loaded vehicle in a list (and `GET /vehicle/{id}`). Photos are blob ids, the first the cover. */
export const VehicleCard = z.object({
  idVehicle: z.string(), provenance: z.string(), provenanceName: z.string().nullable(), status: z.enum(VEHICLE_STATUSES),
  published: z.boolean(), holder: z.object({ role: z.enum(VEHICLE_HOLDER_ROLES), idUser: z.string() }),
  licensePlate: z.string(), frame: z.string(), brand: z.string(), model: z.string(), version: z.string().nullable(),
  firstRegistration: z.string(), mileageKm: z.number(), fuel: z.string(), gearbox: z.string(), powerKw: z.number(),
  colour: z.string().nullable(), damageTotal: z.number(), channel: z.string(), area: z.string(), region: z.string(),
  price: z.number().nullable(), auctionsCount: z.number().int(), insertDate: z.string(), photos: z.array(z.string()),
  idAuction: z.string().nullable(), idLot: z.string().nullable(), idShowcase: z.string().nullable(),
});
export type VehicleCard = z.infer<typeof VehicleCard>;

/** A vehicle's whole sheet (`GET /vehicle/{id}/details`): the card, the appraisal summary and the documents. */
export const VehicleSheet = VehicleCard.extend({
  appraisal: z.object({ appraisedOn: z.string(), grade: z.string().nullable(), notes: z.string().nullable() }).nullable(),
  documents: z.array(z.object({ idBlob: z.string(), kind: z.enum(VEHICLE_FILE_KINDS) })),
});
export type VehicleSheet = z.infer<typeof VehicleSheet>;

/** One page of vehicles. */
export const VehicleCardPage = adminPage(VehicleCard);

/** Sort fields of the vehicle lists. */
export const VEHICLE_SORT_FIELDS = [
  'insertDate', 'licensePlate', 'brand', 'model', 'damageTotal', 'price', 'auctionsCount', 'mileageKm', 'firstRegistration', 'status',
] as const;
export type VehicleSortField = (typeof VEHICLE_SORT_FIELDS)[number];

const QueryAmount = z.string().max(13).regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount in digits with at most 2 decimals').transform(Number);
/** A day (a whole day, UTC) or an instant: a real day of the years 1900-9998 (DAY_OR_INSTANT_FILTER, the pattern described). */
const QueryDay = z.string().max(40).regex(DAY_OR_INSTANT_FILTER, 'must be a day YYYY-MM-DD or an ISO instant')
  .transform((v) => ({ ms: Date.parse(v.includes('T') ? v : `${v}T00:00:00.000Z`), day: !v.includes('T') }));
const Codes = z.union([z.string().max(2000), z.array(Text(60)).max(100)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean));
/** One or many vehicle statuses (repeated or comma separated), each of `VEHICLE_STATUSES`. */
const States = Codes.pipe(z.array(z.enum(VEHICLE_STATUSES)).max(VEHICLE_STATUSES.length));

/**
 * Query of `GET /vehicle`, `/vehicle-for-auction`, `/vehicle-by-provenance` and `POST /export-vehicle`: every filter of
 * spec 02 (texts match a part, any case; `licensePlate` compared as plates are; `vehicleCode` is the vehicle's id;
 * `area` and `region` a whole name, any case; `state` the status; bounds inclusive), one page (`limit` 1-100, default 50; `offset`) in `sortField`/`sortOrder` order, ties by load order.
 */
export const VehicleListQuery = z.object({
  brand: Text(200).optional(), channel: Text(200).optional(), model: Text(200).optional(),
  /** Accepted and ignored until templates exist. */
  idTemplate: Text(64).optional(),
  insertDate: QueryDay.optional(), insertDateTo: QueryDay.optional(), licensePlate: Text(40).optional(),
  minAuctions: QueryInt(0, 1_000_000).optional(), maxAuctions: QueryInt(0, 1_000_000).optional(),
  minDamage: QueryAmount.optional(), maxDamage: QueryAmount.optional(), minPrice: QueryAmount.optional(), maxPrice: QueryAmount.optional(),
  provenance: Codes.optional(), vehicleCode: Text(64).optional(), vehicleFrame: Text(40).optional(),
  /** The vehicle's location: one or many names each (repeated or comma separated), the whole name, any case. */
  area: Codes.optional(), region: Codes.optional(),
  /** The vehicle's status, one or many. */
  state: States.optional(),
  limit: adminQueryInt(1, PAGE_MAX, PAGE_DEFAULT), offset: adminQueryInt(0, 1_000_000, 0),
  sortField: z.enum(VEHICLE_SORT_FIELDS).optional().default('insertDate'),
  sortOrder: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional().default('desc').transform((v) => v.toLowerCase() as 'asc' | 'desc'),
}).strict();
export type VehicleListQuery = z.infer<typeof VehicleListQuery>;

/** Sort fields of a vehicle's auctions history. */
export const VEHICLE_AUCTION_SORT_FIELDS = ['dateCreate', 'auctionName', 'basePrice', 'maxOffer'] as const;
/** Query of `GET /vehicle/{id}/auctions`: limit 1-100 (default 30), offset, sort (default dateCreate desc). */
export const VehicleAuctionsQuery = z.object({
  limit: adminQueryInt(1, PAGE_MAX, 30), offset: adminQueryInt(0, 1_000_000, 0),
  sortField: z.enum(VEHICLE_AUCTION_SORT_FIELDS).optional().default('dateCreate'),
  sortOrder: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional().default('desc').transform((v) => v.toLowerCase() as 'asc' | 'desc'),
}).strict();
/** One row of the auctions-history dialog. */
export const VehicleAuctionRowView = z.object({
  idAuction: z.string(), idLot: z.string(), dateCreate: z.string(), auctionName: z.string(), basePrice: z.number(), maxOffer: z.number().nullable(),
});
export const VehicleAuctionPage = adminPage(VehicleAuctionRowView);

/** Query of `GET /vehicle-desc`: repeated (or comma separated) `ids`. */
export const VehicleDescQuery = z.object({ ids: IdList }).strict();
/** A vehicle's short description. */
export const VehicleDesc = z.object({ idVehicle: z.string(), description: z.string(), licensePlate: z.string(), frame: z.string() });
export type VehicleDesc = z.infer<typeof VehicleDesc>;

/** Query of `GET /dossier`. */
export const DossierQuery = z.object({ licensePlate: Text(40).min(1), vatCode: Text(30).optional() }).strict();
/** A plate's dossier: every loaded vehicle of that plate the caller may see, newest first. */
export const Dossier = z.object({ licensePlate: z.string(), vehicles: z.array(VehicleSheet) });
export type Dossier = z.infer<typeof Dossier>;

