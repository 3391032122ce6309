import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { arrivalAsOf } from '../../platform/http/arrival-time.js';
import { isCommandRoute } from '../../platform/idempotency/claim-in-turn.js';
import { CLOCK, type Clock } from '../../platform/engine/tokens.js';
import { WRITER_OWNERSHIP, type WriterOwnership } from '../../platform/cluster/writer-ownership.js';

/**
 * The longest a lot's closing waits after its end for offers that arrived before it and are still on their way to the
 * lot's mailbox (authentication, parsing, the auction's read), ms: a stuck request cannot hold a closing longer. It is
 * also the whole wait when other instances are alive, whose forwarded offers cannot be seen here until they arrive.
 */
export const LOT_CLOSE_CAP_MS = 250;

/**
 * One offer between its arrival stamp and its turn in the lot's mailbox; `arrivedAt` is read when asked, with the
 * instant of asking (it may move: a body sent after its head is stamped once read, not before that instant).
 */
interface Held {
  readonly arrivedAt: (now: number) => number | undefined;
}

/**
 * The offers of this process that arrived but have not taken their turn in their lot's mailbox yet, by lot. A lot is
 * closed at its end unless one of its offers that arrived before that end is still here: then right after the last of
 * them takes its turn (a closing queued behind an offer in the mailbox decides after it), at the latest
 * {@link LOT_CLOSE_CAP_MS} after the end. Offers arriving at or after the end hold nothing (they are refused anyway).
 */
@Injectable()
export class OffersInFlight {
  private readonly byLot = new Map<string, Set<Held>>();
  private readonly waiters = new Set<() => void>();

  constructor(@Inject(CLOCK) private readonly clock: Clock, @Inject(WRITER_OWNERSHIP) private readonly ownership: WriterOwnership) {}

  /** Notes an offer on `idLot` as in flight; the returned release (idempotent) ends it. */
  hold(idLot: string, arrivedAt: (now: number) => number | undefined): () => void {
    const held: Held = { arrivedAt };
    let lot = this.byLot.get(idLot);
    if (!lot) this.byLot.set(idLot, (lot = new Set()));
    lot.add(held);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const set = this.byLot.get(idLot);
      set?.delete(held);
      if (set?.size === 0) this.byLot.delete(idLot);
      if (this.waiters.size > 0) for (const wake of [...this.waiters]) wake();
    };
  }

  /** Offers in flight, all lots (metrics and tests). */
  get size(): number {
    let n = 0;
    for (const set of this.byLot.values()) n += set.size;
    return n;
  }

  /**
   * Whether the closing of `idLot`, ended at `endMs`, must wait at `now`: before the cap, while an offer that arrived
   * before the end is in flight here, or while other instances are alive (their forwards in transit are unseen here).
   */
  holdsClose(idLot: string, endMs: number, now: number): boolean {
    if (now >= endMs + LOT_CLOSE_CAP_MS) return false;
    if (now < endMs) return true;
    if (this.othersAlive()) return true;
    const lot = this.byLot.get(idLot);
    if (!lot) return false;
    for (const held of lot) {
      const at = held.arrivedAt(now);
      if (at === undefined || at < endMs) return true;
    }
    return false;
  }

  /** Resolves once none of `idLots` (all ended at `endMs`) holds its closing (at the latest at the cap). */
  closable(idLots: readonly string[], endMs: number): Promise<void> {
    const held = () => idLots.some((id) => this.holdsClose(id, endMs, this.clock.now()));
    if (!held()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const check = () => {
        if (!held()) done();
      };
      // The cap (or, with other instances alive, the whole wait) ends it whatever is still in flight.
      const timer = setTimeout(done, Math.max(0, endMs + LOT_CLOSE_CAP_MS - this.clock.now()));
      timer.unref();
      // Before the end (a timer fired early) nothing is released: the cap's timer is then the only wake-up left.
      const early = Math.max(0, endMs - this.clock.now());
      if (early > 0) setTimeout(check, early).unref();
      this.waiters.add(check);
    });
  }

  private othersAlive(): boolean {
    const live = this.ownership.liveInstances();
    return live !== null && [...live].some((id) => id !== this.ownership.instanceId);
  }
}

const RELEASE = Symbol('offerInFlight');

/**
 * Notes every command on a lot (`@ClaimInTurn` route with `:idLot`: an offer) as in flight from its arrival stamp:
 * registered after the forwarding hook, so a forwarded offer counts on the writer with the arrival its sender pinned,
 * and one passed on to another instance does not count here. Released when its command takes its turn
 * ({@link inTurnOf}), else when its answer is sent or the connection closes.
 */
export function holdOffersInFlight(fastify: FastifyInstance, inFlight: OffersInFlight): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const idLot = (request.params as Record<string, unknown> | undefined)?.idLot;
    if (typeof idLot === 'string' && idLot !== '' && isCommandRoute(request)) {
      const release = inFlight.hold(idLot, (now) => arrivalAsOf(request, now));
      (request as FastifyRequest & { [RELEASE]?: () => void })[RELEASE] = release;
      reply.raw.once('close', release);
    }
    done();
  });
}

/** The release of a request's hold on its lot's closing (a no-op for a request that holds none). */
export function inTurnOf(request: FastifyRequest): () => void {
  return (request as FastifyRequest & { [RELEASE]?: () => void })[RELEASE] ?? noop;
}

function noop(): void {}
