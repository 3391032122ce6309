import { CommitOutcomeUnknownError, type AppendChain, type AppendResult } from '../event-store.port.js';
import { breakChains, unitSize, type AppendUnit, type UnitOutcome } from './append-unit.js';

/** Counters of a group committer, for tests and metrics. */
export interface GroupCommitStats {
  /** Transactions committed (or attempted) by the flusher. */
  flushes: number;
  /** Units (`append` or `appendMulti` calls) settled. */
  appends: number;
  /** Events written. */
  events: number;
  /** Largest number of units in one flush. */
  largestFlush: number;
}

/** What a flush writer tells the group committer, and waits for. */
export interface FlushHooks {
  /** The transaction holds its positions and the locks of its streams: the next flush may start. */
  locked(): void;
  /** Awaited, once the transaction holds its locks, before its units are checked (see {@link GroupCommitter}). */
  beforeCheck(): Promise<void> | void;
  /** Awaited before a failed transaction (`error`) is tried again. */
  beforeRetry(error: Error): Promise<void>;
}

/** Writes several units in ONE transaction and reports each unit's outcome; throws if the transaction failed. */
export type FlushWriter = (units: AppendUnit[], hooks: FlushHooks) => Promise<UnitOutcome[]>;

/** A flush in flight. */
interface Flight {
  /** The chains its units write (null with one flush at a time: no flush is ever checked against it). */
  chains: ReadonlySet<AppendChain> | null;
  /**
   * `locking` until it holds its positions and its streams' locks; `retrying` from its first failed attempt until it
   * settles (it is tried again once the flushes started after it settled). Either way no new flush starts meanwhile.
   */
  phase: 'locking' | 'locked' | 'retrying';
  /** Resolves once its first attempt ended: with the error when it failed (it is tried again later), null otherwise. */
  attempt: Promise<Error | null>;
  settled: Promise<void>;
}

interface Pending {
  unit: AppendUnit;
  size: number;
  resolve: (results: AppendResult[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: units queue up; a flusher takes what is queued (up to `maxBatchEvents` events) and writes it in one
 * transaction; promises settle only after COMMIT. Units submitted while a flush runs go into the next one.
 *
 * With `maxFlushes` 2 (several writers: PostgreSQL), the next flush starts as soon as the one before it holds its
 * positions and its streams' locks, instead of after its COMMIT: an append that arrives during a flush is written a
 * few round trips sooner (each round trip waits for the event loop, long when the API is busy: issue 25, closing
 * rush). The order stays the flushes' order: the later flush reserves its positions after the earlier one, and waits
 * at its streams' locks for the earlier one's COMMIT or ROLLBACK before it reads their versions, so an append decided
 * on top of one in the earlier flush is checked against what that one left (refused, and decided again by its
 * writer, when the earlier one was not written). A flush that failed is tried again (whole, or unit by unit) only once
 * the flushes started after it settled, and none starts meanwhile: tried again beside them, it would reserve positions
 * after theirs and could take a stream's lock first, so that an append decided on top of one of its own would be
 * written before it in the log. For the same reason, a flush whose append is decided on top of one in the flush before
 * it (the same chain) checks it only once that one's first attempt ended, and refuses it when that one failed: the
 * stream's lock alone does not tell, since another instance's event may take the version it expects meanwhile.
 * An append that read streams it does not write (`reads`: a decision
 * on several streams) takes no lock on them, so a flush holding one starts only once every flush before it settled:
 * were one of those refused, the chains it read are broken before it is checked. With 1 (the sole writer, PGlite: one
 * session) a flush starts after the one before it settled.
 */
export class GroupCommitter {
  private queue: Pending[] = [];
  /** The flushes started and not settled, by the order they started in. */
  private readonly inFlight = new Map<number, Flight>();
  private started = 0;
  /** A start is planned on the next microtask (a synchronous burst of appends shares the first flush). */
  private planned = false;
  private idle: (() => void)[] = [];
  private readonly counters: GroupCommitStats = { flushes: 0, appends: 0, events: 0, largestFlush: 0 };

  constructor(
    private readonly write: FlushWriter,
    private readonly maxBatchEvents: number,
    private readonly afterCommit: () => void = () => {},
    private readonly maxFlushes = 1,
  ) {
    if (!(maxBatchEvents >= 1)) throw new Error('maxBatchEvents must be >= 1');
    if (!(maxFlushes >= 1)) throw new Error('maxFlushes must be >= 1');
  }

  /** Queues a unit; resolves with its results after the transaction holding it has committed. */
  submit(unit: AppendUnit): Promise<AppendResult[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ unit, size: unitSize(unit), resolve, reject });
      if (this.planned) return;
      this.planned = true;
      queueMicrotask(() => {
        this.planned = false;
        this.startFlushes();
      });
    });
  }

  /** Resolves when everything queued so far has been settled. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0 || this.queue.length > 0 || this.planned) await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  stats(): GroupCommitStats {
    return { ...this.counters };
  }

  /** Starts what is queued, as far as the flushes in flight allow. */
  private startFlushes(): void {
    while (this.queue.length > 0 && this.inFlight.size < this.maxFlushes && !this.waitingForFlight()) {
      const count = this.batchLength();
      if (this.inFlight.size > 0 && this.readsAmong(count)) return;
      const batch = this.queue.splice(0, count);
      const seq = ++this.started;
      let attemptEnded!: (error: Error | null) => void;
      const flight: Flight = {
        chains: this.maxFlushes > 1 ? new Set(batch.flatMap(({ unit }) => unit.flatMap((part) => (part.chain ? [part.chain] : [])))) : null,
        phase: 'locking',
        attempt: new Promise((resolve) => (attemptEnded = resolve)),
        settled: Promise.resolve(),
      };
      this.inFlight.set(seq, flight);
      const onLocked = () => {
        if (flight.phase !== 'locking') return;
        flight.phase = 'locked';
        this.startFlushes();
      };
      const hooks: FlushHooks = {
        locked: onLocked,
        beforeCheck: () => this.afterEarlierAttempts(seq, flight.chains),
        // Before a failed flush is tried again: no new flush, and those started after it settled.
        beforeRetry: async (error) => {
          attemptEnded(error);
          flight.phase = 'retrying';
          await Promise.allSettled([...this.inFlight].filter(([other]) => other > seq).map(([, later]) => later.settled));
        },
      };
      flight.settled = this.flushBatch(batch, hooks).finally(() => {
        attemptEnded(null);
        this.inFlight.delete(seq);
        this.startFlushes();
        if (this.inFlight.size === 0 && this.queue.length === 0 && !this.planned) for (const wake of this.idle.splice(0)) wake();
      });
    }
  }

  /** True while a flush in flight does not hold its locks yet, or waits to be tried again. */
  private waitingForFlight(): boolean {
    for (const flight of this.inFlight.values()) if (flight.phase !== 'locked') return true;
    return false;
  }

  /** True when one of the first `count` queued units reads streams it does not write (see the class comment). */
  private readsAmong(count: number): boolean {
    for (let i = 0; i < count; i++) for (const part of this.queue[i]!.unit) if (part.reads?.length) return true;
    return false;
  }

  /**
   * Waits until the first attempt of every flush in flight before `seq` that writes one of `chains` ended, and breaks
   * the chains it shares when it failed: its appends will be tried again after this flush, so those decided on top of
   * them here must not be written (a refused append's chain is broken when it settles; one tried again is not yet).
   */
  private afterEarlierAttempts(seq: number, chains: ReadonlySet<AppendChain> | null): Promise<void> | void {
    if (!chains || chains.size === 0) return;
    const own = [...chains];
    const earlier = [...this.inFlight].filter(([other, flight]) => other < seq && own.some((c) => flight.chains!.has(c)));
    if (earlier.length === 0) return;
    return (async () => {
      for (const [, flight] of earlier) {
        const failed = await flight.attempt;
        if (failed) breakChains(own.filter((c) => flight.chains!.has(c)).map((chain) => ({ chain })), failed);
      }
    })();
  }

  /** How many of the queued units the next flush takes (up to `maxBatchEvents` events, at least one unit). */
  private batchLength(): number {
    let events = 0;
    let count = 0;
    for (const pending of this.queue) {
      if (count > 0 && events + pending.size > this.maxBatchEvents) break;
      events += pending.size;
      count += 1;
    }
    return count;
  }

  private async flushBatch(batch: Pending[], hooks: FlushHooks): Promise<void> {
    this.counters.flushes += 1;
    this.counters.largestFlush = Math.max(this.counters.largestFlush, batch.length);
    let outcomes: UnitOutcome[];
    try {
      outcomes = await this.write(batch.map((pending) => pending.unit), hooks);
    } catch (error) {
      // A failed transaction wrote nothing. Retry the units one by one so that a single poison
      // append (say, a string jsonb refuses) does not fail its neighbours. Not one whose COMMIT may have happened: its
      // units could be written twice.
      if (batch.length === 1 || error instanceof CommitOutcomeUnknownError) {
        for (const pending of batch) this.settle(pending, { ok: false, error: error as Error });
        return;
      }
      await hooks.beforeRetry(error as Error);
      for (const pending of batch) await this.flushBatch([pending], { ...hooks, locked: () => {} });
      return;
    }
    this.afterCommit();
    batch.forEach((pending, i) => this.settle(pending, outcomes[i]!));
  }

  private settle(pending: Pending, outcome: UnitOutcome): void {
    this.counters.appends += 1;
    if (outcome.ok) {
      this.counters.events += pending.size;
      pending.resolve(outcome.results);
    } else {
      // Whatever refused it (its versions, its transaction): the appends decided on top of it are refused too.
      breakChains(pending.unit, outcome.error);
      pending.reject(outcome.error);
    }
  }
}
