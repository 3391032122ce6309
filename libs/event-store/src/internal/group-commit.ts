import type { AppendResult } from '../event-store.port.js';
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

/** Writes several units in ONE transaction and reports each unit's outcome; throws if the transaction failed. */
export type FlushWriter = (units: AppendUnit[]) => Promise<UnitOutcome[]>;

interface Pending {
  unit: AppendUnit;
  size: number;
  resolve: (results: AppendResult[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: units queue up; one flusher at a time takes what is queued (up to
 * `maxBatchEvents` events) and writes it in one transaction; promises settle only after COMMIT.
 * Units submitted while a flush runs go into the next one.
 */
export class GroupCommitter {
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private readonly counters: GroupCommitStats = { flushes: 0, appends: 0, events: 0, largestFlush: 0 };

  constructor(
    private readonly write: FlushWriter,
    private readonly maxBatchEvents: number,
    private readonly afterCommit: () => void = () => {},
  ) {
    if (!(maxBatchEvents >= 1)) throw new Error('maxBatchEvents must be >= 1');
  }

  /** Queues a unit; resolves with its results after the transaction holding it has committed. */
  submit(unit: AppendUnit): Promise<AppendResult[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ unit, size: unitSize(unit), resolve, reject });
      // Started on a microtask so that a synchronous burst of appends shares the first flush.
      this.flushing ??= Promise.resolve().then(() => this.flushLoop());
    });
  }

  /** Resolves when everything queued so far has been settled. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  stats(): GroupCommitStats {
    return { ...this.counters };
  }

  private async flushLoop(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.flushBatch(this.takeBatch());
    } finally {
      this.flushing = null;
    }
  }

  private takeBatch(): Pending[] {
    let events = 0;
    let count = 0;
    for (const pending of this.queue) {
      if (count > 0 && events + pending.size > this.maxBatchEvents) break;
      events += pending.size;
      count += 1;
    }
    return this.queue.splice(0, count);
  }

  private async flushBatch(batch: Pending[]): Promise<void> {
    this.counters.flushes += 1;
    this.counters.largestFlush = Math.max(this.counters.largestFlush, batch.length);
    let outcomes: UnitOutcome[];
    try {
      outcomes = await this.write(batch.map((pending) => pending.unit));
    } catch (error) {
      // A failed transaction wrote nothing. Retry the units one by one so that a single poison
      // append (say, a string jsonb refuses) does not fail its neighbours.
      if (batch.length === 1) {
        this.settle(batch[0]!, { ok: false, error: error as Error });
        return;
      }
      for (const pending of batch) await this.flushBatch([pending]);
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
