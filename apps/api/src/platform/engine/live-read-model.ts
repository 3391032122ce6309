import type { AuctionState, DealerState, LotEvent, LotState, UserState } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import { AUCTION, DEALER, LOT, USER } from '@auction/domain';
import { upcast } from './upcasters.js';

/** Called after each event is applied, with the stream's new state. */
export type ChangeListener = (event: StoredEvent, state: unknown) => void;

/**
 * The engine's own index of the log, in memory: users (authentication on every call without a query), dealers
 * (their status and documents, by `dealer-{idDealer}`; codes and ids only, a few hundred bytes each)
 * and auction and lot states without their offers (the scheduler's timers and award follow-ups). It follows the store's subscription from
 * position 0, so it is always rebuilt on start. Queries use the read-model tables instead.
 */
export class LiveReadModel {
  readonly auctions = new Map<string, AuctionState>();
  readonly lots = new Map<string, LotState>();
  readonly users = new Map<string, UserState>();
  readonly userIdByName = new Map<string, string>();
  readonly dealers = new Map<string, DealerState>();
  private position = 0;
  private readonly waiters: { position: number; resolve: () => void }[] = [];
  private readonly listeners: ChangeListener[] = [];

  /** Position of the last event applied. */
  get currentPosition(): number {
    return this.position;
  }

  /** Registers a listener of applied events. */
  onChange(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  /** Applies a batch of events from the log, in order. Already-seen positions are ignored. */
  apply(batch: readonly StoredEvent[]): void {
    for (const stored of batch) {
      if (stored.position <= this.position) continue;
      const state = this.fold(stored);
      this.position = stored.position;
      for (const l of this.listeners) l(stored, state);
    }
    this.releaseWaiters();
  }

  /** Resolves once the model has applied `position` (read-your-writes), or after `timeoutMs`. */
  waitFor(position: number, timeoutMs = 5000): Promise<void> {
    if (position <= this.position) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.push({ position, resolve: () => { clearTimeout(timer); resolve(); } });
    });
  }

  private fold(stored: StoredEvent): unknown {
    const event = upcast(stored);
    const id = stored.streamId;
    if (id.startsWith(LOT.prefix)) {
      // The index serves timers and awards only: an offer changes neither (an extension is its own event),
      // so the offer path does not pay for folding offers a second time here.
      if (event.type === 'OfferPlaced') return this.lots.get(id) ?? LOT.initialState;
      const lot = LOT.evolve(this.lots.get(id) ?? LOT.initialState, event as LotEvent);
      this.lots.set(id, lot);
      return lot;
    }
    if (id.startsWith(AUCTION.prefix)) return this.put(this.auctions, id, AUCTION, event);
    if (id.startsWith(USER.prefix)) {
      const user = this.put(this.users, id, USER, event) as UserState;
      if (user.status === 'ACTIVE') this.userIdByName.set(user.data.username.toLowerCase(), user.data.idUser);
      return user;
    }
    if (id.startsWith(DEALER.prefix)) return this.put(this.dealers, id, DEALER, event);
    return null;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private put<S>(map: Map<string, S>, id: string, kind: { evolve: (s: S, e: any) => S; initialState: S }, event: unknown): S {
    const next = kind.evolve(map.get(id) ?? kind.initialState, event);
    map.set(id, next);
    return next;
  }

  private releaseWaiters(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const w = this.waiters[i]!;
      if (w.position <= this.position) {
        this.waiters.splice(i, 1);
        w.resolve();
      }
    }
  }
}
