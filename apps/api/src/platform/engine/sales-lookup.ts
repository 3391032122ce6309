import { Inject, Injectable } from '@nestjs/common';
import { Id } from '@auction/contracts';
import { AUCTION, LOT, streamId, type AuctionEvent, type AuctionState, type LotEvent, type LotState } from '@auction/domain';
import type { EventStore } from '@auction/event-store';
import { LiveReadModel } from './live-read-model.js';
import { EVENT_STORE } from './tokens.js';
import { upcast } from './upcasters.js';

/** How long a read of the log for an auction or lot the index does not know may take before it counts as unknown. */
export const LOOKUP_MS = 2_000;
/** Reads of the log for lookups running at once, at most (more wait their turn): a flood of unknown ids cannot queue
 * thousands of reads ahead of the offers' writes on the store's connections. */
export const LOOKUP_CONCURRENCY = 4;
/** Lookups waiting for a turn, at most: beyond, one counts as not found at once (a flood costs neither reads nor memory). */
export const LOOKUP_QUEUE = 64;

/** True when `id` has the shape of an id the product makes (the contracts' `Id`): one of another shape names nothing. */
export function hasIdShape(id: string): boolean {
  return Id.safeParse(id).success;
}

/** True when the index knows the auction (by id) as existing. */
export function indexKnowsAuction(model: LiveReadModel, idAuction: string): boolean {
  const auction = model.auctions.get(streamId.auction(idAuction));
  return !!auction && auction.status !== 'NONE';
}

/**
 * The auctions and lots who sees what decides on. The index of the log (`LiveReadModel`) answers first; an auction or
 * lot it does not know is read from the log itself (its stream, the authority), because the index follows the log a
 * moment behind: in server mode another instance's writes, and PostgreSQL shows a reader new rows only once every older
 * transaction has ended (under load, seconds). Not in the log either, it does not exist. Reads of the same id at the
 * same moment share one; at most {@link LOOKUP_CONCURRENCY} run at once and {@link LOOKUP_QUEUE} wait; one that cannot
 * wait, takes over {@link LOOKUP_MS} or fails counts as not found, so the caller is refused rather than let through.
 */
@Injectable()
export class SalesLookup {
  private readonly reading = new Map<string, Promise<unknown>>();
  private running = 0;
  /** Lookups waiting for a slot; each removes itself when its time is up. */
  private readonly queue: (() => void)[] = [];

  constructor(private readonly model: LiveReadModel, @Inject(EVENT_STORE) private readonly store: Pick<EventStore, 'readStream'>) {}

  /**
   * The auction's state (index, else log); undefined when it does not exist (or the log could not tell in time).
   * While a read of it is in flight, a call waits for that read even if the index has learnt the auction meanwhile:
   * calls naming one auction pass in the order they came (two offers 3 ms apart on a new auction stay in order).
   */
  async auction(idAuction: string): Promise<AuctionState | undefined> {
    const key = streamId.auction(idAuction);
    return this.lookup(key, () => this.model.auctions.get(key), idAuction, undefined, (events) =>
      events.reduce<AuctionState>((s, e) => AUCTION.evolve(s, upcast(e) as AuctionEvent), AUCTION.initialState));
  }

  /** The lot's state (index, else the log's first event of it: its definition); undefined when it does not exist. */
  async lot(idLot: string): Promise<LotState | undefined> {
    const key = streamId.lot(idLot);
    return this.lookup(key, () => this.model.lots.get(key), idLot, 1, (events) =>
      events.reduce<LotState>((s, e) => LOT.evolve(s, upcast(e) as LotEvent), LOT.initialState));
  }

  private async lookup<S extends { readonly status: string }>(
    key: string, indexed: () => S | undefined, id: string, toVersion: number | undefined, fold: (events: Parameters<typeof upcast>[0][]) => S,
  ): Promise<S | undefined> {
    const inFlight = this.reading.get(key) as Promise<S | undefined> | undefined;
    const read = inFlight ? await inFlight : undefined;
    const known = indexed();
    if (known && known.status !== 'NONE') return known;
    if (inFlight) return read && read.status !== 'NONE' ? read : undefined;
    if (!hasIdShape(id)) return undefined;
    const state = await this.read(key, toVersion, fold);
    return state && state.status !== 'NONE' ? state : undefined;
  }

  /**
   * One read of the stream `key` for every caller of the moment, with one time limit: every caller awaits the same
   * promise, so they go on in the order they came.
   */
  private read<S>(key: string, toVersion: number | undefined, fold: (events: Parameters<typeof upcast>[0][]) => S): Promise<S | undefined> {
    let pending = this.reading.get(key) as Promise<S | undefined> | undefined;
    if (pending) return pending;
    const deadline = Date.now() + LOOKUP_MS;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), LOOKUP_MS); });
    const work = this.limited(deadline, () => this.store.readStream(key, toVersion === undefined ? undefined : { toVersion }))
      .then((events) => (events === undefined ? undefined : fold(events)), () => undefined);
    pending = Promise.race([work, late]).finally(() => {
      clearTimeout(timer);
      this.reading.delete(key);
    });
    this.reading.set(key, pending);
    return pending;
  }

  /**
   * Runs `work` in one of the {@link LOOKUP_CONCURRENCY} slots; undefined, without running it, when the queue is full or
   * its turn does not come before `deadline`.
   */
  private async limited<T>(deadline: number, work: () => Promise<T>): Promise<T | undefined> {
    if (this.running >= LOOKUP_CONCURRENCY) {
      if (this.queue.length >= LOOKUP_QUEUE) return undefined;
      // A freed slot is handed to the next in the queue, never taken back in between.
      const turn = await new Promise<boolean>((resolve) => {
        const waiter = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          this.queue.splice(this.queue.indexOf(waiter), 1);
          resolve(false);
        }, Math.max(0, deadline - Date.now()));
        this.queue.push(waiter);
      });
      if (!turn) return undefined;
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }
}
