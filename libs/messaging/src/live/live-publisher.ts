import { hash } from 'node:crypto';
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { AUCTION, LOT, toIso, type AuctionState, type LotState } from '@auction/domain';
import type { EventStore, StoredEvent } from '@auction/event-store';
import { describeError, silentLiveLogger, type LiveLogger } from './live-logger.js';
import {
  auctionPayload, lotPayload, type AuctionPayload, type AuctionSnapshot, type LotPayload, type OutbidPayload, type OwnOfferPayload, type WithdrawnLotPayload,
} from './live-payloads.js';
import type { LiveSink } from './live-sink.js';
import { LiveState, type LiveChange, type LiveUpcast } from './live-state.js';
import { ClearSchedule, DEFAULT_CLEAR_FINAL_AFTER_MS, isFinalLiveState } from './live-retention.js';
import { liveTopics } from './live-topics.js';
import { SinkQueue, YIELD_EVERY, type LiveMessage } from './sink-queue.js';

/** Options of {@link LivePublisher}. */
export interface LivePublisherOptions {
  /** Read for history of streams first seen, and for snapshots. */
  readonly store: EventStore;
  readonly sinks: readonly LiveSink[];
  /** The server clock (epoch ms); lot status and `serverTime` are taken from it. */
  readonly now?: () => number;
  readonly upcast?: LiveUpcast;
  readonly logger?: LiveLogger;
  /**
   * The transport hands this publisher every auction and lot event (one instance, embedded mode):
   * snapshots of streams it holds come from memory, without reading the store. Otherwise (a Kafka group
   * shared by instances) each snapshot catches its streams up with the store.
   */
  readonly followsAllStreams?: boolean;
  /**
   * How long a final state (lot closed, awarded or withdrawn; auction closed, awarded or deleted) stays retained after
   * its publication before the publisher clears the topic on every sink (default {@link DEFAULT_CLEAR_FINAL_AFTER_MS});
   * null keeps every retained message. `prime` leaves out lots final for longer than that, and their auction when it
   * is final too.
   */
  readonly clearFinalAfterMs?: number | null;
}

/** Counters of a publisher, for metrics. */
export interface LivePublisherStats {
  readonly eventsApplied: number;
  /** Messages accepted by a sink (one message to two sinks counts twice). */
  readonly messagesPublished: number;
  readonly publishFailures: number;
  /** Messages waiting for a retry, over all sinks. */
  readonly pendingMessages: number;
  /** Messages dropped because their topic already carried that position or a later one. */
  readonly staleDropped: number;
  /** Highest global position applied. */
  readonly lastPosition: number;
  /** Highest position accepted by every sink so far. */
  readonly lastPublishedPosition: number;
  readonly streams: number;
  /** Retained topics cleared (final states past `clearFinalAfterMs`), over all sinks that retain. */
  readonly retainedCleared: number;
  /** Final topics whose clear is scheduled. */
  readonly clearsPending: number;
}

/** Lot events that move a lot's end, and so maybe the end its auction shows. */
const END_MOVES = new Set(['LotEndExtended', 'LotEndRescheduled', 'LotClosed']);

/**
 * Turns the event log into live messages. `handle` is the transport's batch handler: it folds the batch
 * into the {@link LiveState} and publishes the state of a lot after each of its events whose public state
 * changed (retained, QoS 1: every accepted offer, in order, whatever the batching), an outbid notification
 * each time a dealer lost the lead to someone else (QoS 1, not retained), and the state after the batch of
 * every auction that changed. Positions on one topic strictly increase; a sink
 * that fails keeps its messages and retries them with the next call, and `handle` rejects so the
 * transport delivers the batch again (already-applied events are then ignored).
 */
export class LivePublisher {
  readonly state: LiveState;
  private readonly now: () => number;
  private readonly logger: LiveLogger;
  private readonly queues: SinkQueue[];
  /**
   * Digest (SHA-256) of the last public content per retained topic (without stamp): unchanged content is not published
   * again. A digest (44 characters) and not the content (the JSON of a lot's payload, several hundred): one per lot.
   */
  private readonly lastContent = new Map<string, string>();
  /** Index in the batch's message list of each retained topic's message (reset with every batch). */
  private readonly batchIndex = new Map<string, number>();
  private tail: Promise<unknown> = Promise.resolve();
  private eventsApplied = 0;
  private followsAll: boolean;
  private clearAfterMs: number | null;
  /** Final topics waiting for their clear; the timers run on the real clock, whatever `now` says. */
  private readonly clears: ClearSchedule;
  /**
   * Topics whose timer fired and whose clear waits behind the batch being published: a newer state in that batch takes
   * the topic out, so the clear does not wipe it.
   */
  private readonly clearsDue = new Set<string>();
  private retainedCleared = 0;

  constructor(private readonly options: LivePublisherOptions) {
    this.state = new LiveState(options.store, options.upcast);
    this.now = options.now ?? Date.now;
    this.logger = options.logger ?? silentLiveLogger;
    this.queues = options.sinks.map((sink) => new SinkQueue(sink));
    this.followsAll = options.followsAllStreams ?? false;
    this.clearAfterMs = options.clearFinalAfterMs === undefined ? DEFAULT_CLEAR_FINAL_AFTER_MS : options.clearFinalAfterMs;
    // After the batch being published, if any: a newer state of the topic published meanwhile has replaced the timer.
    this.clears = new ClearSchedule((topic) => {
      this.clearsDue.add(topic);
      void this.serialized(() => (this.clearsDue.delete(topic) ? this.clearRetained(topic) : Promise.resolve()));
    });
  }

  /** The transport handler (bound). Batches are processed one at a time, in call order. */
  readonly handle = (batch: readonly StoredEvent[]): Promise<void> => this.serialized(() => this.process(batch));

  /** Adds a sink (e.g. socket.io, whose server exists only once the app is initialized). */
  addSink(sink: LiveSink): void {
    this.queues.push(new SinkQueue(sink));
  }

  /** Sets `clearFinalAfterMs` once the configuration is read (before the first batch). */
  setClearFinalAfterMs(value: number | null): void {
    this.clearAfterMs = value;
  }

  /** Sets `followsAllStreams` once the transport is known. */
  setFollowsAllStreams(value: boolean): void {
    this.followsAll = value;
  }

  /**
   * Loads every auction of the store with its lots and publishes their current state: a fresh embedded
   * broker holds no retained message after a restart. Returns the number of auctions published.
   */
  prime(): Promise<number> {
    return this.serialized(async () => {
      const auctionStreams = await this.options.store.listStreams(AUCTION.prefix);
      this.batchIndex.clear();
      const messages: LiveMessage[] = [];
      for (const sid of auctionStreams) {
        const auction = await this.state.load(sid);
        if (!auction || auction.state === AUCTION.initialState) continue;
        const idAuction = sid.slice(AUCTION.prefix.length);
        const lotIds = new Set([...lotIdsIn(auction.state as AuctionState), ...this.state.lotIdsOf(idAuction)]);
        const lotStates: LotState[] = [];
        let lotsPublished = 0;
        for (const idLot of lotIds) {
          const lot = await this.state.load(LOT.prefix + idLot);
          if (!lot) continue;
          lotStates.push(lot.state as LotState);
          // A lot final for longer than its retained message would have lasted: pages read it over HTTP.
          if (this.finalLongAgo(lot.state as LotState)) continue;
          this.pushLot(messages, idLot, lot.state as LotState, lot.position);
          lotsPublished++;
        }
        const auctionState = auction.state as AuctionState;
        const auctionFinal = auctionState.status === 'CLD' || auctionState.status === 'AWA' || auctionState.status === 'DELETED';
        if (lotsPublished > 0 || !auctionFinal || this.clearAfterMs === null) this.pushAuction(messages, idAuction, auctionState, auction.position, lotStates);
      }
      await this.deliver(messages);
      return auctionStreams.length;
    });
  }

  /**
   * The current state of an auction for a client that (re)subscribes: the same payloads as the topics,
   * from the folded state (plus anything newer in the store, see `followsAllStreams`). A client joins its
   * room before asking, so what is published after the snapshot reaches it too (it keeps the higher
   * position). Null auction when it does not exist.
   */
  async snapshot(idAuction: string): Promise<AuctionSnapshot> {
    const now = this.now();
    const catchUp = !this.followsAll;
    const auction = await this.state.peek(AUCTION.prefix + idAuction, catchUp);
    const auctionState = auction?.state as AuctionState | undefined;
    if (!auction || !auctionState || auctionState.status === 'NONE') return { auction: null, lots: [] };
    const lotIds = new Set([...lotIdsIn(auctionState), ...this.state.lotIdsOf(idAuction)]);
    const lots: LotPayload[] = [];
    // The auction's shown end from the lots as read here (caught up with the store like the auction, whose position
    // stamps it), not from what this publisher has folded so far.
    const lotStates: LotState[] = [];
    for (const idLot of lotIds) {
      const lot = await this.state.peek(LOT.prefix + idLot, catchUp);
      if (lot) lotStates.push(lot.state as LotState);
      // Stamped like the topic: a lot republished because its auction changed carries the auction event's position.
      const payload = lot && lotPayload(idLot, lot.state as LotState, now, Math.max(lot.position, auction.position));
      if (payload && payload.status !== 'WITHDRAWN') lots.push(payload);
    }
    lots.sort((a, b) => a.lotNumber - b.lotNumber);
    return { auction: auctionPayload(auctionState, now, auction.position, lotStates), lots };
  }

  /** Counters for metrics. */
  stats(): LivePublisherStats {
    const sum = (f: (q: SinkQueue) => number) => this.queues.reduce((n, q) => n + f(q), 0);
    const state = this.state.stats();
    return {
      eventsApplied: this.eventsApplied, messagesPublished: sum((q) => q.published), publishFailures: sum((q) => q.failures),
      pendingMessages: sum((q) => q.pending), staleDropped: sum((q) => q.staleDropped), lastPosition: state.lastPosition,
      lastPublishedPosition: this.queues.length ? Math.min(...this.queues.map((q) => q.lastPosition)) : 0, streams: state.streams,
      retainedCleared: this.retainedCleared, clearsPending: this.clears.size,
    };
  }

  /** Closes every sink that owns connections. */
  async close(): Promise<void> {
    this.clears.stop();
    this.clearsDue.clear();
    await this.tail.catch(() => {});
    await Promise.all(this.queues.map((q) => q.sink.close?.().catch(() => {})));
  }

  private async process(batch: readonly StoredEvent[]): Promise<void> {
    this.batchIndex.clear();
    const messages: LiveMessage[] = [];
    const auctions = new Map<string, { state: AuctionState; position: number }>();
    /** Auctions a lot end of which moved, with the last such event's position. */
    const endMoved = new Map<string, number>();
    // Every state of a lot a command left goes out: a dealer watching the lot sees every accepted offer, in order,
    // however the transport batches the events (conflation happens only in a sink's backlog). The events one command
    // appended to a lot together (an offer and the award of a buy-now) are one change: the state after the last.
    let held: { idLot: string; state: LotState; position: number; unit: string } | null = null;
    const release = () => {
      if (held) this.pushLot(messages, held.idLot, held.state, held.position);
      held = null;
    };
    // The whole batch is folded first, without letting I/O in: a snapshot (a socket.io client (re)subscribing) never
    // reads a batch half applied. Its stamps are the positions of what it shows, and the messages of this batch, which
    // would correct it, carry the same positions: a client drops them (an auction's end from half its lots' edits, kept
    // until the next auction event).
    const changes: LiveChange[] = [];
    for (const event of batch) {
      const change = await this.state.apply(event);
      if (!change) continue;
      this.eventsApplied++;
      changes.push(change);
    }
    for (const [i, change] of changes.entries()) {
      // A batch can hold thousands of events (a 2,000-lot auction closing): let pending I/O (HTTP requests) in now
      // and then while their messages are built and hashed, or that is one unbroken task of hundreds of milliseconds.
      if (i > 0 && i % YIELD_EVERY === 0) await yieldToIo();
      const event = change.event;
      if (change.kind === 'auction') {
        auctions.set(change.idAuction, change.after);
        continue;
      }
      const unit = commandOf(event);
      if (held && (held.idLot !== change.idLot || held.unit !== unit)) release();
      held = { idLot: change.idLot, state: change.after.state, position: change.after.position, unit };
      // A lot's end moved: the end its auction shows (its last lot's end) may have moved with it.
      if (END_MOVES.has(event.type) && change.after.state.status !== 'NONE') {
        const idAuction = change.after.state.data.definition.idAuction;
        endMoved.set(idAuction, Math.max(endMoved.get(idAuction) ?? 0, event.position));
      }
      const lost = leaderWhoLostTheLead(change.before, change.after.state, event);
      if (lost) this.pushOutbid(messages, lost, change.idLot, change.after.state, event.position);
      if (event.type === 'OfferPlaced') this.pushOwnOffer(messages, event);
    }
    release();
    // A lot's shown status follows its auction's start (SCH → RUN) without a lot event: republish the
    // lots of every auction that changed, stamped with the auction event's position (unchanged content is skipped).
    for (const [idAuction, a] of auctions) {
      for (const idLot of this.lotIdsOfAuction(idAuction, a.state)) {
        const lot = this.state.lot(idLot);
        if (lot) this.pushLot(messages, idLot, lot.state, Math.max(lot.position, a.position));
      }
    }
    for (const [idAuction, position] of endMoved) {
      const a = auctions.get(idAuction) ?? this.state.auction(idAuction);
      if (a) auctions.set(idAuction, { state: a.state, position: Math.max(a.position, position) });
    }
    // The auction's own topic carries no offer: its state after the batch is enough.
    for (const [idAuction, a] of auctions) {
      const lotStates = this.lotIdsOfAuction(idAuction, a.state)
        .map((idLot) => this.state.lot(idLot)?.state).filter((l): l is LotState => l !== undefined);
      this.pushAuction(messages, idAuction, a.state, a.position, lotStates);
    }
    await this.deliver(messages);
  }

  /** After a delivery: each final retained state accepted is cleared `clearAfterMs` later; any other state cancels that. */
  private scheduleClears(messages: readonly LiveMessage[]): void {
    if (this.clearAfterMs === null) return;
    for (const m of messages) {
      if (!m.options.retain) continue;
      this.clearsDue.delete(m.topic);
      if (isFinalLiveState(m.topic, m.payload as Record<string, unknown>)) this.clears.schedule(m.topic, Date.now() + this.clearAfterMs);
      else this.clears.cancel(m.topic);
    }
  }

  /** Deletes a final topic's retained message on every sink that retains; a failure is logged (the next start sweeps it). */
  private async clearRetained(topic: string): Promise<void> {
    // Its content digest stays: the same final state again (a lot republished for its auction's close) is not
    // published, so the topic stays clear; a changed state (an award) is published, and cleared in turn.
    await Promise.all(this.queues.map((q) => q.sink.clear?.(topic).then(
      () => void this.retainedCleared++,
      (error: unknown) => this.logger.warn('retained live state not cleared', { sink: q.sink.name, topic, error: describeError(error) }),
    )));
  }

  /** A lot withdrawn, or closed longer than `clearAfterMs` ago (by the publisher's clock): no retained state at a prime. */
  private finalLongAgo(lot: LotState): boolean {
    if (this.clearAfterMs === null) return false;
    if (lot.status === 'WITHDRAWN') return true;
    return lot.status === 'CLOSED' && lot.closedAtMs + this.clearAfterMs <= this.now();
  }

  private lotIdsOfAuction(idAuction: string, state: AuctionState): string[] {
    return [...new Set([...lotIdsIn(state), ...this.state.lotIdsOf(idAuction)])];
  }

  private pushAuction(out: LiveMessage[], idAuction: string, state: AuctionState, position: number, lots: readonly LotState[]): void {
    const payload = auctionPayload(state, this.now(), position, lots);
    if (payload) this.pushRetained(out, liveTopics.auction(idAuction), payload);
  }

  private pushLot(out: LiveMessage[], idLot: string, state: LotState, position: number): void {
    const payload = lotPayload(idLot, state, this.now(), position);
    if (payload) this.pushRetained(out, liveTopics.lot(payload.idAuction, idLot), payload);
  }

  /**
   * Publishes retained state only when its content (not its stamp) changed, e.g. not for an observer joining. The
   * same content at a later position in the same batch (a lot republished for its auction's event) raises the stamp
   * of that batch's message instead, so the topic ends at the position a snapshot gives.
   */
  private pushRetained(out: LiveMessage[], topic: string, payload: AuctionPayload | LotPayload | WithdrawnLotPayload): void {
    const { serverTime: _t, position: _p, ...content } = payload;
    const key = hash('sha256', JSON.stringify(content), 'base64');
    const message = (): LiveMessage => ({
      key: `${topic}@${payload.position}`, conflate: topic, topic, payload, position: payload.position, options: { retain: true, qos: 1 },
    });
    if (this.lastContent.get(topic) === key) {
      const index = this.batchIndex.get(topic);
      if (index !== undefined && out[index] && out[index].position < payload.position) out[index] = message();
      return;
    }
    this.lastContent.set(topic, key);
    this.batchIndex.set(topic, out.length);
    out.push(message());
  }

  private pushOutbid(out: LiveMessage[], idUser: string, idLot: string, lot: LotState, position: number): void {
    if (lot.status === 'NONE') return;
    const { best, dealers, definition } = lot.data;
    if (!best || best.idUser === idUser) return;
    const auction = this.state.auction(definition.idAuction)?.state;
    const payload: OutbidPayload = {
      idAuction: definition.idAuction, idLot, bestOffer: best.amount, yourBestOffer: dealers[idUser]?.bestAmount ?? 0,
      position, serverTime: toIso(this.now()),
      lotNumber: definition.lotNumber, licensePlate: definition.licensePlate, brand: definition.brand, model: definition.model,
      auctionName: auction && auction.status !== 'NONE' ? auction.data.auctionName : '',
    };
    const topic = liveTopics.outbid(idUser);
    out.push({ key: `${topic}|${idLot}@${position}`, conflate: `${topic}|${idLot}`, topic, payload, position, options: { retain: false, qos: 1 } });
  }

  private pushOwnOffer(out: LiveMessage[], event: StoredEvent): void {
    const data = event.data as { idOffer?: unknown; idUser?: unknown; idLot?: unknown; amount?: unknown; clickAndBuy?: unknown; idAuction?: unknown };
    const lot = typeof data.idLot === 'string' ? this.state.lot(data.idLot)?.state : undefined;
    if (typeof data.idUser !== 'string' || typeof data.idOffer !== 'string' || typeof data.amount !== 'number' || !lot || lot.status === 'NONE') return;
    const payload: OwnOfferPayload = {
      idAuction: lot.data.definition.idAuction, idLot: data.idLot as string, idOffer: data.idOffer, offer: data.amount,
      clickAndBuy: data.clickAndBuy === true, position: event.position, serverTime: toIso(this.now()),
    };
    const topic = liveTopics.ownOffer(data.idUser);
    out.push({ key: `${topic}|${payload.idLot}@${event.position}`, conflate: `${topic}|${payload.idLot}`, topic, payload, position: event.position, options: { retain: false, qos: 1 } });
  }

  private async deliver(messages: LiveMessage[]): Promise<void> {
    const results = await Promise.all(this.queues.map((q) => q.flush(messages)));
    // Clears follow what the sinks accepted, retried messages of a failed batch included: a final state delivered late
    // is cleared in turn, one not delivered yet is not scheduled.
    this.scheduleClears(this.queues.flatMap((q) => q.lastDelivered));
    const failed = results.filter((r): r is { error: unknown; count: number } => r !== null);
    if (failed.length === 0) return;
    const count = failed.reduce((n, f) => n + f.count, 0);
    this.logger.warn('live messages not delivered; kept for a retry', { count, error: describeError(failed[0]!.error) });
    throw new Error(`live publish failed for ${count} message(s): ${describeError(failed[0]!.error)}`);
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => {});
    return run;
  }
}

/**
 * The command that appended an event: its stream, request (correlation id) and decision time. An event without a
 * correlation id is a command of its own.
 */
function commandOf(event: StoredEvent): string {
  const m = event.metadata ?? {};
  if (typeof m.correlationId !== 'string' || m.correlationId === '') return `#${event.position}`;
  return `${event.streamId}|${m.correlationId}|${String(m.time ?? '')}`;
}

/** The dealer who led before this event when an `OfferPlaced` by someone else took the lead; else null. */
function leaderWhoLostTheLead(before: LotState, after: LotState, event: StoredEvent): string | null {
  if (event.type !== 'OfferPlaced' || before.status === 'NONE' || after.status === 'NONE') return null;
  const previous = before.data.best;
  const next = after.data.best;
  if (!previous || !next || next.idOffer === previous.idOffer || next.idUser === previous.idUser) return null;
  return previous.idUser;
}

function lotIdsIn(auction: AuctionState): readonly string[] {
  return auction.status === 'NONE' ? [] : auction.data.lotIds;
}
