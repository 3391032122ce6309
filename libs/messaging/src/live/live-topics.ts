import { LIVE_CLOCK_TOPIC } from '@auction/contracts';

/** MQTT topics of the live channel (API.md "Live channel"). */
export const liveTopics = {
  /** Lot view, retained, QoS 1. */
  lot: (idAuction: string, idLot: string): string => `auction/${idAuction}/lot/${idLot}`,
  /** Auction-wide state, retained, QoS 1. */
  auction: (idAuction: string): string => `auction/${idAuction}`,
  /** Per-user outbid notification, QoS 1, not retained. */
  outbid: (idUser: string): string => `user/${idUser}/outbid`,
  /** Per-user notice of each offer the user placed (from any device), QoS 1, not retained. */
  ownOffer: (idUser: string): string => `user/${idUser}/offer`,
  /** The instance's clock tick (heartbeat), QoS 0, not retained. */
  clock: LIVE_CLOCK_TOPIC,
};

/** A live topic, parsed. */
export type LiveTopic =
  | { readonly kind: 'lot'; readonly idAuction: string; readonly idLot: string }
  | { readonly kind: 'auction'; readonly idAuction: string }
  | { readonly kind: 'user'; readonly idUser: string; readonly name: string };

/** Parses a topic of {@link liveTopics}; null for anything else. */
export function parseLiveTopic(topic: string): LiveTopic | null {
  const parts = topic.split('/');
  if (parts.some((p) => p === '')) return null;
  if (parts[0] === 'auction') {
    if (parts.length === 2) return { kind: 'auction', idAuction: parts[1]! };
    if (parts.length === 4 && parts[2] === 'lot') return { kind: 'lot', idAuction: parts[1]!, idLot: parts[3]! };
    return null;
  }
  if (parts[0] === 'user' && parts.length === 3) return { kind: 'user', idUser: parts[1]!, name: parts[2]! };
  return null;
}

/**
 * May a client of user `idUser` subscribe to this MQTT topic filter? Only filters whose first level is
 * literally `auction`, or whose first two levels are literally `user/{idUser}`: a wildcard in those
 * levels (`#`, `+/…`, `user/+/…`) could reach other users' topics, and `$share/…` or `$SYS/…` are refused.
 * The clock tick's topic, exactly, is open to every client.
 */
export function maySubscribe(filter: string, idUser: string): boolean {
  // MQTT forbids U+0000 in topic names and filters (3.1.1, 1.5.3); aedes lets it through, Mosquitto does not.
  if (filter.includes('\u0000')) return false;
  if (filter === LIVE_CLOCK_TOPIC) return true;
  const levels = filter.split('/');
  if (levels[0] === 'auction') return true;
  return levels[0] === 'user' && levels.length >= 2 && levels[1] === idUser && idUser !== '';
}

/** The product's rule of who sees which auction, as {@link decideLiveSubscription} asks it. */
export interface AuctionAccess {
  /** May user `idUser` subscribe to the topics of auction `idAuction` (may read an auction the index does not know yet). */
  readonly maySubscribeAuction: (idUser: string, idAuction: string) => Promise<boolean>;
}

/**
 * May a client of user `idUser` hold this topic filter? The one rule of every MQTT edge of the live channel (the API's
 * embedded broker at `/mqtt`, and Mosquitto's auth plugin through the API's edge check): {@link maySubscribe}, and for
 * a filter naming one auction (`auction/{idAuction}/…`) the product's rule of who sees that auction. A filter with a
 * wildcard for the auction is allowed here; each of its messages is then checked per auction when it is forwarded.
 */
export async function decideLiveSubscription(filter: string, idUser: string, access: AuctionAccess): Promise<boolean> {
  if (!maySubscribe(filter, idUser)) return false;
  const idAuction = concreteAuctionOf(filter);
  return idAuction === null ? true : access.maySubscribeAuction(idUser, idAuction);
}

/** The auction a topic filter names (`auction/{idAuction}[/…]` without a wildcard at that level), or null. */
export function concreteAuctionOf(filter: string): string | null {
  const levels = filter.split('/');
  return levels[0] === 'auction' && levels.length >= 2 && levels[1] !== '+' && levels[1] !== '#' ? levels[1]! : null;
}
