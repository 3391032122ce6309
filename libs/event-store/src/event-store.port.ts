/**
 * The event store port. Every adapter (PGlite, PostgreSQL, EventStoreDB) implements it and passes
 * the same contract suite (`contract.test-support.ts`).
 *
 * Versions: a stream's version is the number of events in it; the first event of a stream has
 * `streamVersion` 1. `expectedVersion` 0 means "the stream must not exist yet".
 * Positions: `position` is the event's place in the global log, strictly increasing in the order a
 * caught-up reader sees events; a reader that has seen position P never later finds an event < P.
 */

/** Metadata carried by every event. */
export interface EventMetadata {
  correlationId?: string;
  causationId?: string;
  idempotencyKey?: string;
  userId?: string;
  /** ISO instant at which the command was decided. */
  time?: string;
  [key: string]: unknown;
}

/** An event to append. */
export interface NewEvent {
  type: string;
  data: Record<string, unknown>;
  metadata?: EventMetadata;
  /** Schema version of `data`, default 1. */
  schemaVersion?: number;
}

/** An event as stored. */
export interface StoredEvent {
  streamId: string;
  streamVersion: number;
  position: number;
  type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  schemaVersion: number;
  /** Time the store recorded it. */
  recordedAt: Date;
}

/** Options of {@link EventStore.readAll}. */
export interface ReadAllOptions {
  /**
   * The reader never looks at the metadata (a projection, a rebuild): an adapter may leave it out, each event's
   * `metadata` then `{}`, which spares decoding it (the SQL adapters do; others may return it anyway).
   */
  readonly withoutMetadata?: boolean;
}

/**
 * Links the appends a writer decided one on top of another (pipelining: a command decides on the state the appends still
 * being committed before it would make). Once the store refuses an append carrying a chain (its expected version, its
 * transaction, anything), it marks the chain `broken` and refuses every later append carrying it with
 * {@link BrokenChainError}, written or not, even where the expected version happens to match: another writer's event may
 * have taken the very version the refused append expected to take. Appends are "later" in the order they were handed to
 * this store object. The writer owns the chain and may clear `broken` once none of its appends is left unsettled.
 */
export interface AppendChain {
  broken: Error | null;
}

/** One stream's part of an append. */
export interface StreamAppend {
  streamId: string;
  /** Number of events the stream must hold before this append; `'any'` skips the check. */
  expectedVersion: number | 'any';
  events: NewEvent[];
  /** The chain this part was decided in (see {@link AppendChain}); a unit is refused when any of its parts' chains is broken. */
  chain?: AppendChain;
  /**
   * The chains of streams this part was decided on without writing them (a command read them): the unit is refused
   * ({@link BrokenChainError}) when one of them is broken, as for its own chain; a refusal does not break them.
   */
  reads?: readonly AppendChain[];
}

/** Result of an append to one stream. */
export interface AppendResult {
  streamId: string;
  /** Version of the stream after the append. */
  nextVersion: number;
  /** Global positions of the appended events, in order. */
  positions: number[];
}

/** Thrown (as a rejection of that append only) when `expectedVersion` does not match. */
export class WrongExpectedVersionError extends Error {
  readonly code = 'WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number | 'any',
    readonly actualVersion: number,
  ) {
    super(`stream ${streamId}: expected version ${String(expectedVersion)}, actual ${actualVersion}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/**
 * Thrown (as a rejection of that append only) for an append carrying a broken {@link AppendChain}: an earlier append of
 * the chain, on whose state this one was decided, was refused. Nothing of it was written. A kind of
 * {@link WrongExpectedVersionError}: the stream is not at the version the refused append would have made it.
 */
export class BrokenChainError extends WrongExpectedVersionError {
  constructor(streamId: string, expectedVersion: number | 'any', actualVersion: number, readonly refusal: Error) {
    super(streamId, expectedVersion, actualVersion);
    this.message = `stream ${streamId}: an append it was decided after was refused (${refusal.message})`;
    this.name = 'BrokenChainError';
  }
}

/**
 * Thrown (as a rejection of every append of one transaction) when the answer to its COMMIT was lost (the connection
 * dropped) and the database could not be asked, within the store's wait, whether it committed. The appends may or may
 * not be in the log: they are not tried again, since written twice would be worse; a reader of the streams tells.
 */
export class CommitOutcomeUnknownError extends Error {
  constructor(readonly transactionId: string, override readonly cause: unknown) {
    super(`the COMMIT of transaction ${transactionId} got no answer and its outcome could not be read (${cause instanceof Error ? cause.message : String(cause)})`);
    this.name = 'CommitOutcomeUnknownError';
  }
}

/** Options for reading one stream. */
export interface ReadStreamOptions {
  /** First stream version to return (inclusive), default 1. */
  fromVersion?: number;
  /** Last stream version to return (inclusive). */
  toVersion?: number;
}

/** A live subscription to the global log. */
export interface Subscription {
  /** Stops delivery; resolves when the handler will no longer be called. */
  close(): Promise<void>;
}

/** Handler of a subscription: called with batches in global order; the next batch waits for it. */
export type SubscriptionHandler = (events: StoredEvent[]) => Promise<void> | void;

/** The event store port. */
export interface EventStore {
  /** Adapter name, for logs: `pglite`, `postgres`, `eventstoredb`. */
  readonly name: string;
  /** Creates tables or checks the connection. Idempotent. */
  init(): Promise<void>;
  /**
   * Appends to one stream. Appends arriving while a flush is under way are group-committed in
   * the next flush (one transaction). A version mismatch rejects only that append. With a `chain`,
   * refused once an earlier append of the chain was (see {@link AppendChain}).
   */
  append(streamId: string, expectedVersion: number | 'any', events: NewEvent[], chain?: AppendChain): Promise<AppendResult>;
  /** Appends to several streams atomically: all or none. Version checks as for `append`. */
  appendMulti(appends: StreamAppend[]): Promise<AppendResult[]>;
  /** Reads one stream in version order. An unknown stream gives `[]`. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  /** Current version of a stream (0 when absent). */
  streamVersion(streamId: string): Promise<number>;
  /** Reads the global log after `afterPosition` (exclusive; 0 = from the start), at most `limit` events. */
  readAll(afterPosition: number, limit: number, options?: ReadAllOptions): Promise<StoredEvent[]>;
  /** Position of the last event a caught-up reader can see now (0 when empty). */
  headPosition(): Promise<number>;
  /**
   * Delivers every event after `afterPosition`, then new ones as they commit, in global order,
   * never skipping one that commits later with a lower position.
   */
  subscribe(afterPosition: number, handler: SubscriptionHandler): Subscription;
  /** Lists stream ids that start with `prefix` (used to rebuild timers and caches). */
  listStreams(prefix: string): Promise<string[]>;
  /** Flushes pending appends and releases connections. */
  close(): Promise<void>;
}
