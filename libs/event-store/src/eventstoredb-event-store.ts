import {
  ANY, BACKWARDS, END, EventStoreDBClient, excludeSystemEvents, FORWARDS, NO_STREAM, START,
  StreamNotFoundError, WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type AppendExpectedRevision, type ReadPosition,
} from '@eventstore/db-client';
import {
  BrokenChainError, WrongExpectedVersionError, type AppendChain, type AppendResult, type EventStore, type NewEvent, type ReadStreamOptions,
  type StoredEvent, type StreamAppend, type Subscription, type SubscriptionHandler,
} from './event-store.port.js';
import { breakChains, brokenChain, partBroken } from './internal/append-unit.js';
import { at, isSystem, toEventData, toStoredEvent } from './internal/esdb-mapping.js';
import { startEsdbSubscription } from './internal/esdb-subscription.js';

/** Options of the EventStoreDB adapter. */
export interface EventStoreDbEventStoreOptions {
  /** Delay before a failed subscription reconnects (default 1000 ms). */
  retryDelayMs?: number;
  onSubscriptionError?: (error: unknown) => void;
}

const PAGE = 500;

/**
 * Event store on EventStoreDB (gRPC client v6).
 *
 * - Versions: our version N is EventStoreDB revision N-1; expected version 0 is `NO_STREAM`.
 * - Positions are the `$all` commit positions, a bigint downcast to a JS number (exact below
 *   2^53 bytes of log). Since EventStoreDB 20 every event of an append has its own commit
 *   position (= its prepare position), so we resume `$all` reads from `{commit: p, prepare: p}`.
 *   Events read through `readStream` carry position -1 when the server does not report it.
 * - `appendMulti` is NOT atomic: EventStoreDB has no multi-stream transaction. It checks every
 *   expected version first, then appends stream by stream; a concurrent writer or a failure
 *   between two appends leaves the earlier ones written.
 * - No group commit: each append is one server write. Appends of one {@link AppendChain} are sent one after another
 *   (each once the one before it settled), so a refusal is known before the next one is sent: a chain costs a round
 *   trip per append here.
 * - `listStreams` scans the whole `$all`, acceptable while stores are small.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly name = 'eventstoredb';
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<Subscription>();
  /** Per chain, the last of its appends handed over, settled either way. */
  private readonly chainTails = new WeakMap<AppendChain, Promise<void>>();

  constructor(connectionString: string, private readonly options: EventStoreDbEventStoreOptions = {}) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async init(): Promise<void> {
    await this.headPosition();
  }

  append(streamId: string, expectedVersion: number | 'any', events: NewEvent[], chain?: AppendChain): Promise<AppendResult> {
    if (!chain) return this.appendNow(streamId, expectedVersion, events);
    return this.chained([{ streamId, expectedVersion, events, chain }], () => this.appendNow(streamId, expectedVersion, events));
  }

  /** NOT atomic (see the class comment): checks all versions, then appends one stream after another. */
  appendMulti(appends: StreamAppend[]): Promise<AppendResult[]> {
    if (!appends.some((a) => a.chain || a.reads)) return this.appendMultiNow(appends);
    return this.chained(appends, () => this.appendMultiNow(appends));
  }

  /** Sends `send` once the earlier appends of the parts' chains settled; refused without sending when one was refused. */
  private chained<T>(appends: StreamAppend[], send: () => Promise<T>): Promise<T> {
    const chains = [...new Set(appends.flatMap((a) => (a.chain ? [a.chain] : [])))];
    const reads = appends.flatMap((a) => a.reads ?? []);
    const run = Promise.all([...chains, ...reads].map((c) => this.chainTails.get(c))).then(() => {
      const refusal = brokenChain(appends);
      const part = appends.find((a) => partBroken(a));
      if (refusal && part) throw new BrokenChainError(part.streamId, part.expectedVersion, -1, refusal);
      return send();
    }).catch((error: unknown) => {
      breakChains(appends, error as Error);
      throw error;
    });
    const settled = run.then(() => undefined, () => undefined);
    for (const c of chains) this.chainTails.set(c, settled);
    return run;
  }

  private async appendNow(streamId: string, expectedVersion: number | 'any', events: NewEvent[]): Promise<AppendResult> {
    if (events.length === 0) {
      const actual = await this.streamVersion(streamId);
      if (expectedVersion !== 'any' && expectedVersion !== actual) {
        throw new WrongExpectedVersionError(streamId, expectedVersion, actual);
      }
      return { streamId, nextVersion: actual, positions: [] };
    }
    const expectedRevision: AppendExpectedRevision =
      expectedVersion === 'any' ? ANY : expectedVersion === 0 ? NO_STREAM : BigInt(expectedVersion - 1);
    try {
      const result = await this.client.appendToStream(streamId, events.map(toEventData), { expectedRevision });
      const nextVersion = Number(result.nextExpectedRevision) + 1;
      const last = result.position ? Number(result.position.commit) : -1;
      return { streamId, nextVersion, positions: await this.positionsOf(streamId, nextVersion, events.length, last) };
    } catch (error) {
      if (!(error instanceof EsdbWrongExpectedVersionError)) throw error;
      const actual = error.actualVersion === NO_STREAM ? 0 : Number(error.actualVersion) + 1;
      throw new WrongExpectedVersionError(streamId, expectedVersion, Number.isNaN(actual) ? -1 : actual);
    }
  }

  private async appendMultiNow(appends: StreamAppend[]): Promise<AppendResult[]> {
    for (const { streamId, expectedVersion } of appends) {
      if (expectedVersion === 'any') continue;
      const actual = await this.streamVersion(streamId);
      if (actual !== expectedVersion) throw new WrongExpectedVersionError(streamId, expectedVersion, actual);
    }
    const results: AppendResult[] = [];
    for (const { streamId, expectedVersion, events } of appends) {
      results.push(await this.appendNow(streamId, expectedVersion, events));
    }
    return results;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<StoredEvent[]> {
    const from = options.fromVersion ?? 1;
    if (options.toVersion !== undefined && options.toVersion < from) return [];
    const maxCount = options.toVersion === undefined ? undefined : options.toVersion - from + 1;
    const events: StoredEvent[] = [];
    try {
      const read = this.client.readStream(streamId, { fromRevision: BigInt(from - 1), maxCount, direction: FORWARDS });
      for await (const resolved of read) {
        const event = toStoredEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async streamVersion(streamId: string): Promise<number> {
    try {
      const read = this.client.readStream(streamId, { fromRevision: END, maxCount: 1, direction: BACKWARDS });
      for await (const resolved of read) return Number(resolved.event?.revision ?? -1n) + 1;
      return 0;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return 0;
      throw error;
    }
  }

  async readAll(afterPosition: number, limit: number): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    await this.scanAll(FORWARDS, afterPosition === 0 ? START : at(afterPosition), (event) => {
      if (event.position > afterPosition) events.push(event);
      return events.length < limit;
    });
    return events;
  }

  async headPosition(): Promise<number> {
    let head = 0;
    await this.scanAll(BACKWARDS, END, (event) => {
      head = event.position;
      return false;
    });
    return head;
  }

  subscribe(afterPosition: number, handler: SubscriptionHandler): Subscription {
    const inner = startEsdbSubscription(afterPosition, handler, {
      open: (after) =>
        this.client.subscribeToAll({ fromPosition: after === 0 ? START : at(after), filter: excludeSystemEvents() }),
      toStoredEvent,
      retryDelayMs: this.options.retryDelayMs ?? 1000,
      onError: this.options.onSubscriptionError ?? ((error) => console.error('[eventstoredb] subscription', error)),
    });
    const subscription: Subscription = {
      close: async () => {
        this.subscriptions.delete(subscription);
        await inner.close();
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async listStreams(prefix: string): Promise<string[]> {
    const ids = new Set<string>();
    await this.scanAll(FORWARDS, START, (event) => {
      if (event.streamId.startsWith(prefix)) ids.add(event.streamId);
      return true;
    });
    return [...ids].sort();
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }

  /** Pages through `$all` skipping system events, until `visit` returns false or the log ends. */
  private async scanAll(
    direction: typeof FORWARDS | typeof BACKWARDS,
    from: ReadPosition,
    visit: (event: StoredEvent) => boolean,
  ): Promise<void> {
    let position = from;
    let visited: number | undefined;
    const seen = (p: number): boolean =>
      visited !== undefined && (direction === FORWARDS ? p <= visited : p >= visited);
    for (;;) {
      let records = 0;
      let last: ReadPosition | undefined;
      for await (const resolved of this.client.readAll({ fromPosition: position, maxCount: PAGE, direction })) {
        records += 1;
        if (resolved.event) last = resolved.event.position;
        const event = toStoredEvent(resolved);
        // The next page starts at the last record of this one, which must not be visited twice.
        if (!event || isSystem(event) || seen(event.position)) continue;
        visited = event.position;
        if (!visit(event)) return;
      }
      if (records < PAGE || !last) return;
      position = last;
    }
  }

  /** Positions of an append: EventStoreDB returns only the last one, the others are read back from `$all`. */
  private async positionsOf(streamId: string, nextVersion: number, count: number, last: number): Promise<number[]> {
    if (count === 1 || last < 0) return [last];
    const byVersion = new Map<number, number>([[nextVersion, last]]);
    for await (const resolved of this.client.readAll({ fromPosition: at(last), maxCount: count + 1, direction: BACKWARDS })) {
      const event = toStoredEvent(resolved);
      if (event?.streamId === streamId) byVersion.set(event.streamVersion, event.position);
    }
    return Array.from({ length: count }, (_, i) => byVersion.get(nextVersion - count + 1 + i) ?? -1);
  }
}
