import { AUCTION, LOT, withAuctionIds, type AuctionEvent, type AuctionState, type LotEvent, type LotState } from '@auction/domain';
import type { EventStore, StoredEvent } from '@auction/event-store';

/** Lifts a stored event to the current schema of its type (the engine's upcasters); default: as stored. */
export type LiveUpcast = (event: StoredEvent) => { readonly type: string; readonly data: object };

const asStored: LiveUpcast = (event) => ({ type: event.type, data: event.data });

/** One stream as folded so far. */
export interface FoldedStream<S> {
  readonly state: S;
  /** Stream version of the last event folded (0: none). */
  readonly version: number;
  /** Global position of the last event folded (0: none). */
  readonly position: number;
}

/** What one applied event changed. `before` is the state just before that event. */
export type LiveChange =
  | { readonly kind: 'lot'; readonly idLot: string; readonly before: LotState; readonly after: FoldedStream<LotState>; readonly event: StoredEvent }
  | { readonly kind: 'auction'; readonly idAuction: string; readonly before: AuctionState; readonly after: FoldedStream<AuctionState>; readonly event: StoredEvent };

type Kind = typeof AUCTION | typeof LOT;

/**
 * Auction and lot states in memory, folded from the events the live publisher receives.
 * The first event of a stream it has not seen makes it read that stream's earlier events from the
 * store, so a restart or a late start folds exactly what the writers folded; an event at or below the
 * last version applied to its stream is a redelivery and is ignored. Other streams are ignored.
 * Not re-entrant: call `apply` and `load` one at a time (the publisher serializes them).
 */
export class LiveState {
  private readonly streams = new Map<string, FoldedStream<unknown>>();
  private readonly lotsByAuction = new Map<string, Set<string>>();
  private lastPosition = 0;

  constructor(
    private readonly store: EventStore,
    private readonly upcast: LiveUpcast = asStored,
  ) {}

  /** Folds one event; returns what changed, or null (other stream kind, or a redelivery). */
  async apply(event: StoredEvent): Promise<LiveChange | null> {
    const kind = kindOf(event.streamId);
    if (!kind) return null;
    let current = this.streams.get(event.streamId) ?? (await this.loadUpTo(kind, event.streamId, event.streamVersion - 1));
    if (event.streamVersion <= current.version) return null;
    if (event.streamVersion > current.version + 1) {
      // A gap (should not happen with an in-order transport): fold the missing events from the store first.
      current = await this.catchUp(kind, event.streamId, current, event.streamVersion - 1);
    }
    const after = this.fold(kind, current, event);
    this.put(event.streamId, after);
    if (kind === LOT) {
      return { kind: 'lot', idLot: event.streamId.slice(LOT.prefix.length), before: current.state as LotState, after: after as FoldedStream<LotState>, event };
    }
    return {
      kind: 'auction', idAuction: event.streamId.slice(AUCTION.prefix.length), before: current.state as AuctionState,
      after: after as FoldedStream<AuctionState>, event,
    };
  }

  /** Folds a whole stream from the store (or catches a known one up to the store's end). */
  async load(streamId: string): Promise<FoldedStream<unknown> | undefined> {
    const kind = kindOf(streamId);
    if (!kind) return undefined;
    const known = this.streams.get(streamId);
    const loaded = known ? await this.catchUp(kind, streamId, known) : await this.loadUpTo(kind, streamId);
    this.put(streamId, loaded);
    return loaded;
  }

  /**
   * The stream without changing what this state holds (so the publisher still publishes the events it has
   * not received yet): a stream not seen yet is read from the store; a known one is caught up with the
   * store's newer events unless `catchUp` is false.
   */
  async peek(streamId: string, catchUp = true): Promise<FoldedStream<unknown> | undefined> {
    const kind = kindOf(streamId);
    if (!kind) return undefined;
    const known = this.streams.get(streamId);
    if (known) return catchUp ? this.catchUp(kind, streamId, known) : known;
    return this.loadUpTo(kind, streamId);
  }

  /** The folded lot `idLot`, if seen. */
  lot(idLot: string): FoldedStream<LotState> | undefined {
    return this.streams.get(LOT.prefix + idLot) as FoldedStream<LotState> | undefined;
  }

  /** The folded auction `idAuction`, if seen. */
  auction(idAuction: string): FoldedStream<AuctionState> | undefined {
    return this.streams.get(AUCTION.prefix + idAuction) as FoldedStream<AuctionState> | undefined;
  }

  /** Ids of the lots of an auction seen so far. */
  lotIdsOf(idAuction: string): string[] {
    return [...(this.lotsByAuction.get(idAuction) ?? [])];
  }

  /** Number of streams held, and the highest position folded. */
  stats(): { streams: number; lastPosition: number } {
    return { streams: this.streams.size, lastPosition: this.lastPosition };
  }

  private async loadUpTo(kind: Kind, streamId: string, toVersion?: number): Promise<FoldedStream<unknown>> {
    const empty: FoldedStream<unknown> = { state: kind.initialState, version: 0, position: 0 };
    if (toVersion !== undefined && toVersion < 1) return empty;
    return this.foldAll(kind, empty, await this.store.readStream(streamId, toVersion === undefined ? {} : { toVersion }));
  }

  private async catchUp(kind: Kind, streamId: string, from: FoldedStream<unknown>, toVersion?: number): Promise<FoldedStream<unknown>> {
    if (toVersion !== undefined && toVersion <= from.version) return from;
    const events = await this.store.readStream(streamId, { fromVersion: from.version + 1, ...(toVersion === undefined ? {} : { toVersion }) });
    return this.foldAll(kind, from, events);
  }

  private foldAll(kind: Kind, from: FoldedStream<unknown>, events: readonly StoredEvent[]): FoldedStream<unknown> {
    return events.reduce((acc, e) => (e.streamVersion > acc.version ? this.fold(kind, acc, e) : acc), from);
  }

  /** The folded auction a lot event names (its ids are shared with the lot: {@link withAuctionIds}). */
  private readonly auctionStateOf = (idAuction: string): AuctionState | undefined => this.auction(idAuction)?.state;

  private fold(kind: Kind, from: FoldedStream<unknown>, event: StoredEvent): FoldedStream<unknown> {
    const domainEvent = this.upcast(event);
    const state = kind === LOT
      ? LOT.evolve(from.state as LotState, withAuctionIds(domainEvent as LotEvent, this.auctionStateOf))
      : AUCTION.evolve(from.state as AuctionState, domainEvent as AuctionEvent);
    return { state, version: event.streamVersion, position: event.position };
  }

  private put(streamId: string, folded: FoldedStream<unknown>): void {
    this.streams.set(streamId, folded);
    this.lastPosition = Math.max(this.lastPosition, folded.position);
    if (!streamId.startsWith(LOT.prefix)) return;
    const lot = folded.state as LotState;
    if (lot.status === 'NONE') return;
    const idAuction = lot.data.definition.idAuction;
    let lots = this.lotsByAuction.get(idAuction);
    if (!lots) this.lotsByAuction.set(idAuction, (lots = new Set()));
    lots.add(streamId.slice(LOT.prefix.length));
  }
}

function kindOf(streamId: string): Kind | null {
  if (streamId.startsWith(LOT.prefix)) return LOT;
  if (streamId.startsWith(AUCTION.prefix)) return AUCTION;
  return null;
}
