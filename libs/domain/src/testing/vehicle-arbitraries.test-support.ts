import fc from 'fast-check';
import { VEHICLE_FILE_KINDS, type VehicleDetails } from '../vehicles/vehicle/vehicle-details.js';
import { recordOf } from '../vehicles/vehicle/vehicle.predicates.js';
import type { VehicleCommand, VehicleState } from '../vehicles/vehicle/vehicle.types.js';
import { MULTI, SUPERIOR, load } from './vehicle-life-fixtures.test-support.js';

/** A few auction lots, showcases and dealers, so that commands meet each other often. */
export const SLOTS = [['auction-1', 'lot-1'], ['auction-1', 'lot-2'], ['auction-2', 'lot-9']] as const;
export const SHOWCASES = ['showcase-1', 'showcase-2'] as const;
const DEALERS = ['dealer-a', 'dealer-b', 'dealer-c'] as const;

/** A command made at `now` on the state it will be decided on (a new photo order needs the photos). */
export type MakeCommand = (now: number, state: VehicleState) => VehicleCommand;

const slot = fc.constantFrom(...SLOTS);
const dealer = fc.constantFrom(...DEALERS);
const blob = fc.integer({ min: 0, max: 59 }).map((n) => `blob-${n}`);
const price = fc.integer({ min: 0, max: 2_000_000 }).map((cents) => cents / 100);

const made = <T>(arb: fc.Arbitrary<T>, f: (value: T) => MakeCommand) => arb.map(f);
const fixed = (command: VehicleCommand): fc.Arbitrary<MakeCommand> => fc.constant(() => command);

/** Edits: some change a field, some write the same value, some break a rule. */
const editArb = fc.oneof(
  fc.integer({ min: -1, max: 300_000 }).map((mileageKm) => ({ mileageKm })),
  fc.constantFrom('White', 'Red', ' Red ', '').map((colour) => ({ colour })),
  fc.constantFrom('GA123BC', 'ga 123 bc', 'EF456GH', 'X').map((licensePlate) => ({ licensePlate })),
  fc.constantFrom('NORTH', 'SOUTH').map((area) => ({ location: { area, region: 'Lazio' } })),
);

/** Any command of the vehicle's life, the mistaken and late ones included; a withdrawal for good is rare. */
export const vehicleCommandArb: fc.Arbitrary<MakeCommand> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom<Partial<VehicleDetails>>({}, { mileageKm: 9 }).map((o) => (now: number) => load(o, now)) },
  { weight: 24, arbitrary: made(editArb, (changes) => (now) => ({ type: 'EditVehicle', changes, now })) },
  { weight: 40, arbitrary: made(fc.tuple(blob, fc.constantFrom(...VEHICLE_FILE_KINDS)), ([idBlob, kind]) => () => ({ type: 'AttachVehicleFile', idBlob, kind })) },
  { weight: 16, arbitrary: made(blob, (idBlob) => () => ({ type: 'RemoveVehicleFile', idBlob })) },
  {
    weight: 16,
    arbitrary: made(fc.array(fc.nat(), { maxLength: 60 }), (keys) => (_now, state) => {
      const photos = [...(recordOf(state)?.photos ?? [])];
      // Sorted by random keys: usually a true permutation; a missing key drops the photo (an invalid order).
      const order = photos.map((id, i) => ({ id, key: keys[i] })).filter((p) => p.key !== undefined).sort((a, b) => a.key! - b.key!);
      return { type: 'ReorderVehiclePhotos', idBlobs: order.map((p) => p.id) };
    }),
  },
  { weight: 32, arbitrary: fixed({ type: 'PublishVehicle' }) },
  { weight: 16, arbitrary: fixed({ type: 'UnpublishVehicle' }) },
  { weight: 16, arbitrary: made(fc.constantFrom(SUPERIOR, 'superior-2'), (idSuperior) => () => ({ type: 'SendToSup', idSuperior })) },
  { weight: 16, arbitrary: fixed({ type: 'SendToMultiAuctioneer', idMultiAuctioneer: MULTI }) },
  { weight: 16, arbitrary: fixed({ type: 'SendBack' }) },
  { weight: 40, arbitrary: made(slot, ([idAuction, idLot]) => () => ({ type: 'PutInAuction', idAuction, idLot })) },
  {
    weight: 32,
    arbitrary: made(fc.tuple(fc.constantFrom(...SHOWCASES), price), ([idShowcase, p]) => () =>
      ({ type: 'PutInShowcase', idShowcase, idOwner: 'exhibitor-1', idMarket: 'IT', price: p })),
  },
  { weight: 16, arbitrary: made(fc.constantFrom(...SHOWCASES), (idShowcase) => (now) => ({ type: 'WithdrawFromShowcase', idShowcase, now })) },
  {
    weight: 24,
    arbitrary: made(fc.tuple(slot, fc.constantFrom('UNSOLD', 'NOT_AWARDED', 'LOT_WITHDRAWN') as fc.Arbitrary<'UNSOLD' | 'NOT_AWARDED' | 'LOT_WITHDRAWN'>),
      ([[idAuction, idLot], reason]) => () => ({ type: 'ReturnToStock', idAuction, idLot, reason })),
  },
  {
    weight: 6,
    arbitrary: made(fc.tuple(slot, dealer, price), ([[idAuction, idLot], idUser, p]) => (now) =>
      ({ type: 'SellInAuction', idAuction, idLot, idUser, price: p, now })),
  },
  { weight: 8, arbitrary: made(slot, ([idAuction, idLot]) => () => ({ type: 'RevertAuctionSale', idAuction, idLot })) },
  { weight: 16, arbitrary: made(dealer, (idUser) => () => ({ type: 'AddToMyLot', idUser })) },
  { weight: 8, arbitrary: made(dealer, (idUser) => () => ({ type: 'RemoveFromMyLot', idUser })) },
  { weight: 16, arbitrary: made(dealer, (idUser) => (now) => ({ type: 'BookVehicle', idUser, holdSeconds: 1800, now })) },
  { weight: 16, arbitrary: made(dealer, (idUser) => (now) => ({ type: 'PreemptVehicle', idUser, holdSeconds: 300, now })) },
  { weight: 6, arbitrary: made(dealer, (idUser) => (now) => ({ type: 'BuyVehicle', idUser, now })) },
  { weight: 1, arbitrary: fixed({ type: 'WithdrawVehicle' }) },
);

/** Steps of a vehicle's life: a pause (0 to 20 minutes), then a command. */
export const vehicleStepsArb = fc.array(
  fc.record({ dt: fc.integer({ min: 0, max: 1200 }).map((s) => s * 1000), make: vehicleCommandArb }),
  { minLength: 1, maxLength: 120, size: 'max' },
);
