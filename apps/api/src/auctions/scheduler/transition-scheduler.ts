import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { DomainError, type AuctionState, type LotState } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';
import { CloseLotCommand, StartAuctionCommand } from '../commands/run-auction.handlers.js';
import { OffersInFlight } from './offers-in-flight.js';
import { AUCTION, LOT, streamId } from '@auction/domain';
import { CLOCK, type Clock } from '../../platform/engine/tokens.js';
import { CommandRunner } from '../../platform/http/command-runner.js';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { WRITER_OWNERSHIP, shardOf, type WriterOwnership } from '../../platform/cluster/writer-ownership.js';

const MAX_DELAY = 2 ** 31 - 1;
const RETRY_MS = 1000;
/** A closing done later than this after its end is logged with where its time went (timer, offers in flight, commands). */
const CLOSE_SLOW_MS = 200;

/**
 * Durable scheduler of start and end transitions. Its timers are derived from the read model, which
 * is folded from the event log, so they are rebuilt after a restart; transition commands are
 * idempotent, so a timer that fires twice (or on two instances) changes nothing the second time.
 * Lots that end at one instant share one timer per auction, and one command closes them all: a 2,000-lot auction
 * ending at once is one decision, not 2,000 commands each taking every stream of the auction.
 * Every instance keeps the timers, but only the writer of an auction (platform/cluster) fires them: when an instance
 * takes over shards, {@link takeOver} fires at once what their auctions missed.
 */
@Injectable()
export class TransitionScheduler implements OnApplicationShutdown {
  private readonly logger = new Logger('Scheduler');
  private readonly timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  /** Open lots by closing key (auction and end instant), and each open lot's key. */
  private readonly closings = new Map<string, Set<string>>();
  private readonly closingOf = new Map<string, string>();
  /** The pending retry of each transition key that failed: one per key, however many times it was fired. */
  private readonly retries = new Map<string, NodeJS.Timeout>();
  private started = false;
  private stopped = false;

  constructor(
    private readonly model: LiveReadModel, private readonly runner: CommandRunner, @Inject(CLOCK) private readonly clock: Clock,
    @Inject(WRITER_OWNERSHIP) private readonly ownership: WriterOwnership, private readonly inFlight: OffersInFlight,
  ) {
    model.onChange((event, state) => this.onEvent(event, state));
  }

  /** Arms every timer the current read model implies and repairs auctions that missed a follow-up. */
  start(): void {
    this.started = true;
    this.stopped = false;
    for (const [id, auction] of this.model.auctions) this.onAuction(id, auction);
    for (const [id, lot] of this.model.lots) this.onLot(id, lot);
    for (const auction of this.model.auctions.values()) this.reconcile(auction);
  }

  /**
   * This instance became the writer of these shards: arms (or fires, when overdue) the transitions of their auctions,
   * and the follow-ups their previous writer may have left undone.
   */
  takeOver(shards: readonly number[]): void {
    if (!this.started || shards.length === 0) return;
    const mine = new Set(shards);
    const inShards = (idAuction: string) => mine.has(shardOf(idAuction, this.ownership.shards));
    for (const [id, auction] of this.model.auctions) if (auction.status !== 'NONE' && inShards(auction.data.idAuction)) this.onAuction(id, auction, true);
    for (const [id, lot] of this.model.lots) if (lot.status === 'OPEN' && inShards(lot.data.definition.idAuction)) this.onLot(id, lot, true);
    for (const auction of this.model.auctions.values()) if (auction.status !== 'NONE' && inShards(auction.data.idAuction)) this.reconcile(auction);
  }

  /**
   * The auction follows its lots now (after a buy-now closed one): closed once none is open, awarded or reopened as its
   * lots say. A failure other than a refusal (the store unreachable, a commit lost) is tried again every
   * {@link RETRY_MS}, as every transition, instead of waiting for the auction's end or the next start-up.
   */
  follow(idAuction: string): void {
    this.fire(`follow-${idAuction}`, idAuction, () => this.runner.system(new CloseLotCommand(idAuction)));
  }

  /** Number of armed timers (for metrics and tests). */
  get pending(): number {
    return this.timers.size;
  }

  onApplicationShutdown(): void {
    this.started = false;
    this.stopped = true;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const timer of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
  }

  private onEvent(event: StoredEvent, state: unknown): void {
    if (!this.started) return;
    if (event.streamId.startsWith(AUCTION.prefix)) this.onAuction(event.streamId, state as AuctionState);
    else if (event.streamId.startsWith(LOT.prefix)) this.onLot(event.streamId, state as LotState);
  }

  private onAuction(id: string, auction: AuctionState, again = false): void {
    if (auction.status === 'SCH') {
      const idAuction = auction.data.idAuction;
      this.arm(id, auction.data.startMs, idAuction, () => this.runner.system(new StartAuctionCommand(idAuction)), again);
    } else this.disarm(id);
  }

  private onLot(id: string, lot: LotState, again = false): void {
    const key = lot.status === 'OPEN' ? `close-${lot.data.definition.idAuction}@${lot.data.endMs}` : null;
    const previous = this.closingOf.get(id);
    if (previous && previous !== key) {
      const lots = this.closings.get(previous);
      lots?.delete(id);
      if (lots?.size === 0) {
        this.closings.delete(previous);
        this.disarm(previous);
      }
      this.closingOf.delete(id);
    }
    if (lot.status !== 'OPEN' || !key) return;
    let lots = this.closings.get(key);
    if (!lots) this.closings.set(key, (lots = new Set()));
    if (previous !== key) {
      // Each lot keeps the key string of the closing's first lot: one string per closing, not one per lot.
      const first = lots.values().next();
      this.closingOf.set(id, first.done ? key : (this.closingOf.get(first.value) ?? key));
    }
    lots.add(id);
    const idAuction = lot.data.definition.idAuction;
    const endMs = lot.data.endMs;
    // Idempotent for an armed key; re-arms one whose timer already fired and that a lot joins again.
    this.arm(key, endMs, idAuction, () => this.close(key, idAuction, endMs), again);
  }

  /**
   * Closes the lots of a closing key at their end: those with no offer that arrived before the end still on its way to
   * the lot (offers-in-flight.ts) at once, each held one once the last of its offers took its turn, at the latest at
   * the cap (the close command leaves held lots open and names them).
   *
   * A lot of the key that the closing neither closed nor held, and that the read model still sees open at this end, was
   * seen extended by the writer: an offer's extension whose append may still be refused by the store (a connection lost
   * mid-commit). Then its end is this one after all, past, and no event will arm its timer again: the key looks again
   * {@link RETRY_MS} later, unless the lot's extension or closing reaching the read model disarms it first.
   */
  private async close(key: string, idAuction: string, endMs: number): Promise<void> {
    // Where a closing's time went, logged when it ended later than CLOSE_SLOW_MS after its end (issue 25, closing rush).
    const phases = { fired: this.clock.now() - endMs, held: 0, commands: 0, tries: 0 };
    for (let first = true; ; first = false) {
      const ofKey = new Set([...(this.closings.get(key) ?? [])].flatMap((sid) => {
        const lot = this.model.lots.get(sid);
        return lot && lot.status !== 'NONE' ? [lot.data.definition.idLot] : [];
      }));
      let at = this.clock.now();
      if (!first) await this.inFlight.closable([...ofKey], endMs);
      phases.held += this.clock.now() - at;
      at = this.clock.now();
      const { reply: held, streams } = await this.runner.system<string[]>(new CloseLotCommand(idAuction));
      phases.commands += this.clock.now() - at;
      phases.tries++;
      if (held.some((id) => ofKey.has(id))) continue;
      const late = this.clock.now() - endMs;
      if (late > CLOSE_SLOW_MS) {
        this.logger.warn(`closing ${key} (${ofKey.size} lots) done ${late} ms after its end: its timer fired ${phases.fired} ms late, ` +
          `held ${phases.held} ms by offers in flight, ${phases.tries} close commands took ${phases.commands} ms`);
      }
      const written = new Set(streams.map((s) => s.streamId));
      const left = [...(this.closings.get(key) ?? [])].some((sid) => !written.has(sid));
      if (this.started && left && !this.timers.has(key)) {
        this.arm(key, this.clock.now() + RETRY_MS, idAuction, () => this.close(key, idAuction, endMs));
      }
      return;
    }
  }

  private reconcile(auction: AuctionState): void {
    if (auction.status !== 'RUN' && auction.status !== 'CLD' && auction.status !== 'AWA') return;
    const lots = auction.data.lotIds.map((id) => this.model.lots.get(streamId.lot(id)));
    const allEnded = lots.every((l) => !l || l.status !== 'OPEN');
    const noneToAward = lots.every((l) => !l || l.status !== 'CLOSED' || l.award.status !== 'TBA');
    const stale = (auction.status === 'RUN' && allEnded) || (auction.status === 'CLD' && allEnded && noneToAward) || (auction.status === 'AWA' && !noneToAward);
    if (stale) this.follow(auction.data.idAuction);
  }

  /** Arms the key's timer (`again`: fires an overdue one even when armed: a take-over must not wait for it). */
  private arm(key: string, at: number, idAuction: string, action: () => Promise<unknown>, again = false): void {
    const existing = this.timers.get(key);
    if (existing?.at === at && !(again && at <= this.clock.now())) return;
    if (existing) clearTimeout(existing.timer);
    const delay = Math.max(0, at - this.clock.now());
    const timer = setTimeout(() => {
      this.timers.delete(key);
      if (delay > MAX_DELAY || at > this.clock.now()) return this.arm(key, at, idAuction, action);
      this.fire(key, idAuction, action);
    }, Math.min(delay, MAX_DELAY));
    timer.unref();
    this.timers.set(key, { at, timer });
  }

  private disarm(key: string): void {
    const existing = this.timers.get(key);
    if (existing) clearTimeout(existing.timer);
    this.timers.delete(key);
  }

  /**
   * Runs a transition when this instance writes its auction; another instance's writer fires its own timer. A failure
   * replaces the key's pending retry (many buy-nows on one auction while the store is unreachable are one retry, not
   * one loop each), and none is armed after shutdown.
   */
  private fire(key: string, idAuction: string, action: () => Promise<unknown>): void {
    if (this.stopped || !this.ownership.ownsAuction(idAuction)) return;
    action().catch((err: unknown) => {
      if (err instanceof DomainError) return this.logger.warn(`transition ${key} refused: ${err.message}`);
      if (this.stopped) return;
      this.logger.warn(`transition ${key} failed, retrying: ${err instanceof Error ? err.message : String(err)}`);
      clearTimeout(this.retries.get(key));
      const retry = setTimeout(() => {
        this.retries.delete(key);
        this.fire(key, idAuction, action);
      }, RETRY_MS);
      retry.unref();
      this.retries.set(key, retry);
    });
  }
}
