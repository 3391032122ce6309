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

/**
 * Partition key of a stream's events for the fan-out (Kafka key): an auction and its lots share their
 * auction's id, so every change of one auction stays in order; other streams are keyed by themselves.
 */
export function partitionKeyOf(streamId: string, state: unknown): string {
  if (streamId.startsWith(AUCTION.prefix)) return streamId.slice(AUCTION.prefix.length);
  if (streamId.startsWith(LOT.prefix)) {
    const lot = state as LotState;
    if (lot.status !== 'NONE') return lot.data.definition.idAuction;
  }
  return streamId;
}

/** Stream id helpers. */
export const streamId = {
  auction: (id: string) => `${AUCTION.prefix}${id}`,
  lot: (id: string) => `${LOT.prefix}${id}`,
  vehicle: (id: string) => `${VEHICLE.prefix}${id}`,
  user: (id: string) => `${USER.prefix}${id}`,
};
