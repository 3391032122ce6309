import {
  auctionDecider, lotDecider, userDecider, vehicleDecider,
  type AuctionEvent, type AuctionState, type LotEvent, type LotState, type UserEvent, type UserState,
  type VehicleEvent, type VehicleState,
} from '@auction/domain';

/** How the engine folds one kind of stream. */
export interface StreamKind<S, E> {
  readonly prefix: string;
  readonly evolve: (state: S, event: E) => S;
  readonly initialState: S;
}

export const AUCTION: StreamKind<AuctionState, AuctionEvent> = { prefix: 'auction-', ...auctionDecider };
export const LOT: StreamKind<LotState, LotEvent> = { prefix: 'lot-', ...lotDecider };
export const VEHICLE: StreamKind<VehicleState, VehicleEvent> = { prefix: 'vehicle-', ...vehicleDecider };
export const USER: StreamKind<UserState, UserEvent> = { prefix: 'user-', ...userDecider };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const KINDS: StreamKind<any, any>[] = [AUCTION, LOT, VEHICLE, USER];

/** The kind of a stream id, from its prefix. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function kindOf(streamId: string): StreamKind<any, any> {
  const kind = KINDS.find((k) => streamId.startsWith(k.prefix));
  if (!kind) throw new Error(`unknown stream kind: ${streamId}`);
  return kind;
}

/** Stream id helpers. */
export const streamId = {
  auction: (id: string) => `${AUCTION.prefix}${id}`,
  lot: (id: string) => `${LOT.prefix}${id}`,
  vehicle: (id: string) => `${VEHICLE.prefix}${id}`,
  user: (id: string) => `${USER.prefix}${id}`,
};
