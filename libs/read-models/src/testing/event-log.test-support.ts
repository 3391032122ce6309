import { DomainError, type Decider } from '@auction/domain';
import type { StoredEvent } from '@auction/event-store';

/** A small seeded random generator (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An in-memory event log driven by the real deciders: `run` decides a command on a stream's current
 * state, appends the events with the next versions and global positions, and folds them. A refused
 * command (DomainError) appends nothing, as the engine would answer 4xx.
 */
export class EventLog {
  readonly events: StoredEvent[] = [];
  private readonly versions = new Map<string, number>();
  private readonly states = new Map<string, unknown>();
  private position = 0;

  /** The folded state of a stream. */
  state<S>(streamId: string, decider: { readonly initialState: S }): S {
    return (this.states.get(streamId) as S | undefined) ?? decider.initialState;
  }

  /** Decides and appends; returns the events, or null when the command was refused. */
  run<C, E extends { type: string; data: object }, S>(streamId: string, decider: Decider<C, E, S>, command: C, now: number): E[] | null {
    let events: E[];
    try {
      events = decider.decide(command, this.state(streamId, decider));
    } catch (error) {
      if (error instanceof DomainError) return null;
      throw error;
    }
    let state = this.state(streamId, decider);
    for (const e of events) {
      const version = (this.versions.get(streamId) ?? 0) + 1;
      this.versions.set(streamId, version);
      state = decider.evolve(state, e);
      this.events.push({
        streamId, streamVersion: version, position: ++this.position, type: e.type, data: e.data as Record<string, unknown>,
        metadata: { time: new Date(now).toISOString() }, schemaVersion: 1, recordedAt: new Date(now),
      });
    }
    if (events.length > 0) this.states.set(streamId, state);
    return events;
  }

  /** States of the streams whose id starts with `prefix`, in the order the streams were created. */
  statesOf<S>(prefix: string): S[] {
    return [...this.states].filter(([id]) => id.startsWith(prefix)).map(([, s]) => s as S);
  }
}

/**
 * Interleaves several ordered lists at random, keeping each list's own order (per-auction order is all the
 * transport guarantees).
 */
export function interleave<T>(lists: readonly (readonly T[])[], random: () => number): T[] {
  const cursors = lists.map(() => 0);
  const out: T[] = [];
  let open = lists.map((_, i) => i).filter((i) => lists[i]!.length > 0);
  while (open.length > 0) {
    const pick = open[Math.floor(random() * open.length)]!;
    out.push(lists[pick]![cursors[pick]!++]!);
    if (cursors[pick] === lists[pick]!.length) open = open.filter((i) => i !== pick);
  }
  return out;
}
