import {
  BrokenChainError, WrongExpectedVersionError, type AppendChain, type AppendResult, type EventMetadata, type EventStore, type NewEvent, type StoredEvent,
} from '@auction/event-store';
import { kindOf, partitionKeyOfStream, streamId } from '@auction/domain';
import { StreamRecovery } from './stream-recovery.js';
import { upcast } from './upcasters.js';

/** A domain event as deciders produce it. */
export interface DomainEvent {
  readonly type: string;
  readonly data: object;
}

/** Events to append to one stream. */
export interface Decision {
  readonly streamId: string;
  readonly events: readonly DomainEvent[];
}

/** What a command sees while it holds its streams. */
export interface StreamView {
  state<S>(streamId: string): S;
  version(streamId: string): number;
}

/** A command on one or more streams: decide (may throw a DomainError), then compute the reply from the new state. */
export interface StreamCommand<R> {
  readonly streams: readonly string[];
  readonly metadata: EventMetadata;
  /**
   * The user on whose behalf the command runs (absent: the system's own work). Checked in the command's turn, just
   * before it decides, by the writer's {@link ActorCheck}: a user disabled after the request passed the guard is
   * refused then, never committed. Given with its roles (the session's, which the guard let in), each must still be
   * held in the turn: a user who lost BUYER while its offer waited is refused (403001), as the guard would refuse it now.
   */
  readonly actor?: string | ActingUser;
  /**
   * Awaited inside the command's turn, before it decides (an idempotency key's claim, started when the request
   * arrived): the command keeps the place it took on arrival. A rejection ends the command with that error.
   */
  readonly admit?: Promise<void>;
  /**
   * The command touches only its actor's own account (the profile): like the guard's own-account routes, it runs for a
   * read-only user and for one whose dealer is not enabled. Every other command of a user is refused then.
   */
  readonly ownAccount?: boolean;
  decide(view: StreamView, now: number): Decision[];
  reply(view: StreamView, appended: boolean, now: number): R;
}

/** A user acting with the roles its session had when the guard let the request in. */
export interface ActingUser {
  readonly idUser: string;
  readonly roles: readonly string[];
}

/** What the writer knows of a stream in memory: its state, and whether it has appends this instance's index may not show yet. */
export interface LocalStream {
  readonly state: unknown;
  readonly ahead: boolean;
}

/**
 * Refuses (throws) a command whose actor may no longer act. Called synchronously in the command's turn, so no write
 * decided after it can slip in between; `local` is the writer's own view of the actor's user stream, when it has one.
 */
export type ActorCheck = (idUser: string, userStreamId: string, local: LocalStream | undefined, ownAccount: boolean, roles?: readonly string[]) => void;

/** Outcome of a command: its reply once the events are durable, and their last global position. */
export interface CommandOutcome<R> {
  readonly reply: R;
  readonly position: number;
  readonly events: number;
  /** Last position written per stream. */
  readonly streams: readonly { readonly streamId: string; readonly position: number }[];
}

/** How many times a command decides when another writer keeps appending to its streams first. */
const CONFLICT_ATTEMPTS = 3;

/**
 * How many times a command decides again because an append decided before it on its streams was refused. Each such
 * refusal follows another command's own (bounded by its attempts, and earlier in arrival order): the limit only turns a
 * flaw that would loop into an error.
 */
const CHAIN_DECISIONS = 16;

/**
 * What an idle stream's `tail` and `durable` point at once nothing is pending: one promise for every entry, instead of
 * each entry keeping its last gate, and `durable` keeping a chain of `allSettled` results that grew with every append.
 */
const SETTLED: Promise<void> = Promise.resolve();

/**
 * A stream in memory. The entry is also the {@link AppendChain} of the stream's appends: the store sets `broken` when it
 * refuses one, and then refuses every one submitted after it (they were decided on the state it would have made), even
 * where the expected version matches because another writer's event took that version. `broken` is cleared by the
 * reload, which waits until none of those appends is left in flight.
 */
interface Entry extends AppendChain {
  readonly id: string;
  state: unknown;
  version: number;
  loaded: boolean;
  /** The state may hold events the store does not (an append failed, another instance wrote): reload before deciding. */
  stale: boolean;
  broken: Error | null;
  /** The reload under way, shared by whoever needs it. */
  loading: Promise<void> | null;
  /** The commands refused on this stream that are still to decide again (null: none). */
  recovery: StreamRecovery | null;
  /** Resolves when the command deciding before the next one has made its decision. */
  tail: Promise<void>;
  /** Settles when every append submitted for this stream has settled. */
  durable: Promise<unknown>;
  /** Appends submitted and not yet settled. */
  inFlight: number;
  /** Last global position this writer appended to the stream (0: none). */
  position: number;
}

/** The stream is loaded and nothing is to be decided before a newcomer: a command may decide on it now. */
const isQuiet = (e: Entry): boolean => e.loaded && !e.stale && e.recovery === null;

/**
 * One writer per stream (a mailbox), with the state in memory. Commands on a stream decide one at a
 * time in arrival order; commands on different streams run concurrently. Decisions are pipelined:
 * the next command decides on the state including appends still being group-committed, so a hot lot
 * is not limited by commit latency; each reply waits for its own append to be durable. When an append
 * fails, the stream is reloaded from the store before its next command, and none of the appends decided
 * after it is written (the stream's chain, see {@link Entry}): their commands decide again, in arrival order.
 */
export class StreamWriter {
  private readonly entries = new Map<string, Entry>();
  /** Commands arrived so far: a command's number orders it where it decides again. */
  private arrivals = 0;

  constructor(
    private readonly store: EventStore,
    private readonly now: () => number,
    private readonly checkActor: ActorCheck | null = null,
    /** The global position the actor check's index has applied (to tell whether the writer's view is newer). */
    private readonly indexPosition: () => number = () => Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Runs a command; resolves after its events are durable, rejects with the decider's error. When another writer
   * appended to one of its streams first (the expected version did not match: another instance wrote while this one's
   * state was stale, e.g. around a writer lease's hand-over), the streams are reloaded and the command decides again on
   * the state the store has, up to {@link CONFLICT_ATTEMPTS} times: nothing was acknowledged, so deciding again is safe.
   * The commands that decided on the refused append's state (pipelined behind it) are refused by the store too, never
   * written ({@link BrokenChainError}), and decide again after it, in arrival order, before any command that arrived
   * later.
   */
  async execute<R>(command: StreamCommand<R>): Promise<CommandOutcome<R>> {
    const seq = ++this.arrivals;
    const entries = [...new Set(command.streams)].map((id) => this.entry(id));
    const previous = Promise.all(entries.map((e) => e.tail));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    for (const e of entries) e.tail = gate;
    /** Set once refused: the entries its refused append wrote, where it waits for its turn to decide again. */
    let refused: Entry[] | null = null;
    let conflicts = 0;
    let chained = 0;
    for (;;) {
      let decisions: Decision[];
      let pending: Promise<AppendResult[]>;
      let reply: R;
      try {
        if (refused === null) {
          await previous;
          if (command.admit) await command.admit;
          await Promise.all(entries.map((e) => this.ensureLoaded(e)));
          // Refused commands of these streams decide again first (their arrival came before this one's).
          while (!entries.every(isQuiet)) await this.settle(entries, null);
        } else {
          while (!this.isTurn(entries, seq)) await this.settle(entries, seq);
        }
        // From here to the submit, synchronous: nothing decides in between.
        if (command.actor !== undefined && this.checkActor) this.check(this.checkActor, command.actor, command.ownAccount === true);
        const view = this.view();
        const now = this.now();
        decisions = command.decide(view, now).filter((d) => d.events.length > 0);
        pending = this.submit(decisions, { ...command.metadata, time: new Date(now).toISOString() }, entries);
        try {
          reply = command.reply(view, decisions.length > 0, now);
        } catch (error) {
          // Its append is submitted: a refusal of it is counted on its streams and must be taken up, or their recovery
          // never ends (every later command on them would wait forever). Given up: the caller is told the command failed.
          void pending.catch((refusal: unknown) => {
            if (refusal instanceof WrongExpectedVersionError) this.takeUp(decisions, null);
          });
          throw error;
        }
      } finally {
        if (refused === null) {
          release();
          // No command queued behind this one: the stream's tail is settled, shared by every idle entry.
          for (const e of entries) if (e.tail === gate) e.tail = SETTLED;
        } else {
          this.leave(refused, seq);
        }
      }
      try {
        const results = await pending;
        const last = results.flatMap((r) => r.positions).at(-1) ?? 0;
        const streams = results.map((r) => ({ streamId: r.streamId, position: r.positions.at(-1) ?? 0 }));
        return { reply, position: last, events: results.reduce((n, r) => n + r.positions.length, 0), streams };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        const again = error instanceof BrokenChainError ? ++chained < CHAIN_DECISIONS : ++conflicts < CONFLICT_ATTEMPTS;
        refused = this.takeUp(decisions, again ? seq : null);
        if (!again) throw error;
      }
    }
  }

  /**
   * Forgets the state of the loaded streams that `match` names: their next command reloads them from the store. Called
   * when this instance becomes the writer of auctions another instance wrote meanwhile. A stream with appends in flight
   * is reloaded once they settle.
   */
  forget(match: (streamId: string, state: unknown) => boolean): number {
    let forgotten = 0;
    for (const e of this.entries.values()) {
      if (e.loaded && match(e.id, e.state)) {
        e.stale = true;
        forgotten++;
      }
    }
    return forgotten;
  }

  /** Current state of a stream as the writer knows it (loads it when absent). */
  async read<S>(streamId: string): Promise<S> {
    const e = this.entry(streamId);
    await e.tail;
    await this.ensureLoaded(e);
    while (!isQuiet(e)) await this.settle([e], null);
    return e.state as S;
  }

  /**
   * The state of a stream as decided so far (appends in flight included), without waiting for its turn; undefined when
   * it is not loaded or is to be reloaded (its state may hold events the store refused). Never creates an entry. Only for
   * choosing which streams a command takes: the command still decides on the state it holds in its turn.
   */
  peek<S>(streamId: string): S | undefined {
    const e = this.entries.get(streamId);
    return e && isQuiet(e) ? (e.state as S) : undefined;
  }

  /**
   * The states of the loaded streams whose id starts with `prefix` and whose appends this instance's index may not show
   * yet (decided, being written, or written past the index's position): what a rule reading many streams from the index
   * would miss. A stale entry is left out (its state may hold events whose append failed).
   */
  aheadOfIndex<S>(prefix: string): S[] {
    const index = this.indexPosition();
    const states: S[] = [];
    for (const e of this.entries.values()) {
      if (e.id.startsWith(prefix) && e.loaded && !e.stale && (e.inFlight > 0 || e.position > index)) states.push(e.state as S);
    }
    return states;
  }

  /**
   * Runs the actor check with the writer's view of the user's stream, when loaded (the key is built once: hot path). A
   * stale entry's state may hold events whose append failed: not the truth, so the index decides until it is reloaded.
   */
  private check(checkActor: ActorCheck, actor: string | ActingUser, ownAccount: boolean): void {
    const idUser = typeof actor === 'string' ? actor : actor.idUser;
    const key = streamId.user(idUser);
    const e = this.entries.get(key);
    const local = e?.loaded && !e.stale ? { state: e.state, ahead: e.inFlight > 0 || e.position > this.indexPosition() } : undefined;
    checkActor(idUser, key, local, ownAccount, typeof actor === 'string' ? undefined : actor.roles);
  }

  /**
   * `held`: the command's streams. Those it read without writing them are passed as the append's `reads` (the store
   * refuses it when one of their chains is broken: it was decided on a state pipelined on a refused append) and count
   * it in flight, so their reload (which clears the chain) waits for it. Only for commands holding such streams.
   */
  private submit(decisions: Decision[], metadata: EventMetadata, held: readonly Entry[]): Promise<AppendResult[]> {
    if (decisions.length === 0) return Promise.resolve([]);
    const appends: { streamId: string; expectedVersion: number; events: NewEvent[]; chain: Entry; reads?: Entry[] }[] = decisions.map((d) => {
      const e = this.entry(d.streamId);
      const expectedVersion = e.version;
      const kind = kindOf(d.streamId);
      e.state = d.events.reduce((s, ev) => kind.evolve(s, ev), e.state);
      e.version += d.events.length;
      const meta = { ...metadata, partitionKey: partitionKeyOfStream(d.streamId, e.state) };
      const events: NewEvent[] = d.events.map((ev) => ({ type: ev.type, data: ev.data as Record<string, unknown>, metadata: meta }));
      return { streamId: d.streamId, expectedVersion, events, chain: e };
    });
    let reads: Entry[] | undefined;
    if (held.length > 1) for (const e of held) if (!appends.some((a) => a.chain === e)) (reads ??= []).push(e);
    const [single] = appends;
    if (reads && single) single.reads = reads;
    const pending = appends.length === 1 && single && !reads
      ? this.store.append(single.streamId, single.expectedVersion, single.events, single.chain).then((r) => [r])
      : this.store.appendMulti(appends);
    for (const a of appends) {
      const e = this.entry(a.streamId);
      e.durable = Promise.allSettled([e.durable, pending]);
      e.inFlight++;
    }
    if (reads) {
      for (const e of reads) {
        e.durable = Promise.allSettled([e.durable, pending]);
        e.inFlight++;
      }
      const done = () => {
        for (const e of reads) if (--e.inFlight === 0) e.durable = SETTLED;
      };
      pending.then(done, done);
    }
    pending.then(
      (results) => {
        for (const r of results) {
          const e = this.entry(r.streamId);
          if (--e.inFlight === 0) e.durable = SETTLED;
          e.position = Math.max(e.position, r.positions.at(-1) ?? 0);
        }
      },
      (error: unknown) => {
        // A refused version (its own conflict, or an append decided before it refused) is taken up by its command:
        // counted here, as it is reported, so the stream's recovery knows it is coming.
        const conflict = error instanceof WrongExpectedVersionError;
        for (const a of appends) {
          const e = a.chain;
          if (--e.inFlight === 0) e.durable = SETTLED;
          e.stale = true;
          // The store breaks the chain itself; this also covers a store that failed before taking the append.
          e.broken ??= error instanceof Error ? error : new Error(String(error));
          if (conflict) (e.recovery ??= new StreamRecovery()).reported();
        }
      },
    );
    return pending;
  }

  private entry(id: string): Entry {
    let e = this.entries.get(id);
    if (!e) {
      e = {
        id, state: kindOf(id).initialState, version: 0, loaded: false, stale: false, broken: null, loading: null, recovery: null,
        tail: SETTLED, durable: SETTLED, inFlight: 0, position: 0,
      };
      this.entries.set(id, e);
    }
    return e;
  }

  private async ensureLoaded(e: Entry): Promise<void> {
    if (e.loaded && !e.stale) return;
    e.loading ??= this.load(e).finally(() => {
      e.loading = null;
      e.recovery?.wake();
    });
    await e.loading;
  }

  /**
   * Reads the stream from the store, once none of its appends is in flight (a stale one's may still be refused): nobody
   * decides on a stale stream meanwhile, so no append is submitted on it during the read, and its chain starts afresh.
   */
  private async load(e: Entry): Promise<void> {
    while (e.inFlight > 0) await e.durable;
    const events = await this.store.readStream(e.id);
    const kind = kindOf(e.id);
    e.state = events.reduce((s, ev) => kind.evolve(s, upcast(ev)), kind.initialState);
    e.version = events.at(-1)?.streamVersion ?? 0;
    e.loaded = true;
    e.stale = false;
    e.broken = null;
  }

  /**
   * Waits for a change that may let a command decide: its streams (re)loaded, a refusal taken up, a refused command
   * decided again. `seq`: the command was refused and waits for its turn to decide again (null: a newcomer).
   */
  private async settle(entries: Entry[], seq: number | null): Promise<void> {
    await Promise.all(entries.map((e) => this.ensureLoaded(e)));
    if (seq === null ? entries.every(isQuiet) : this.isTurn(entries, seq)) return;
    const waits = entries.flatMap((e) => (e.recovery ? [e.recovery.changed()] : []));
    if (waits.length > 0) await Promise.race(waits);
  }

  /**
   * A refused command decides again once its streams are loaded, every refusal reported on them is taken up, and no
   * command that arrived before it waits there to decide again. It waits only for earlier arrivals (and for reloads,
   * which wait only for the store), so no two commands ever wait for each other.
   */
  private isTurn(entries: Entry[], seq: number): boolean {
    for (const e of entries) if (!e.loaded || e.stale || (e.recovery && !e.recovery.clearFor(seq))) return false;
    return true;
  }

  /**
   * A refused command takes up its refusals: queued (in arrival order) on the streams it was refused on to decide again
   * (`seq`), or giving up (null). Returns those streams.
   */
  private takeUp(decisions: Decision[], seq: number | null): Entry[] {
    const refused: Entry[] = [];
    for (const d of decisions) {
      const e = this.entry(d.streamId);
      e.recovery?.takeUp(seq);
      if (!refused.includes(e)) refused.push(e);
    }
    for (const e of refused) this.moveOn(e);
    return refused;
  }

  /** A refused command has decided again (or failed to): the next one may. */
  private leave(refused: Entry[], seq: number): void {
    for (const e of refused) {
      e.recovery?.leave(seq);
      this.moveOn(e);
    }
  }

  /** Wakes the waiters of a stream's recovery; ends it once nothing is left to decide again. */
  private moveOn(e: Entry): void {
    const r = e.recovery;
    if (!r) return;
    if (r.done) e.recovery = null;
    r.wake();
  }

  private view(): StreamView {
    return {
      state: <S>(id: string) => this.entry(id).state as S,
      version: (id: string) => this.entry(id).version,
    };
  }
}

export type { StoredEvent };
