import type { AppendChain, AppendResult, NewEvent, StreamAppend } from '../event-store.port.js';

/** An event with its JSON already serialized, so a bad payload fails its own append only. */
export interface PreparedEvent {
  type: string;
  data: string;
  metadata: string;
  schemaVersion: number;
}

/** One stream's part of a unit. */
export interface PreparedAppend {
  streamId: string;
  expectedVersion: number | 'any';
  events: PreparedEvent[];
  chain?: AppendChain;
  reads?: readonly AppendChain[];
}

/** What the group committer queues: one `append` or one `appendMulti`, written all or nothing. */
export type AppendUnit = PreparedAppend[];

/** How one unit of a flush ended: written, or refused on its own (the rest of the flush goes on). */
export type UnitOutcome = { ok: true; results: AppendResult[] } | { ok: false; error: Error };

/** With the `u` flag a surrogate pair is one code point (an emoji): only a lone surrogate is \p{Cs}. */
const UNSTORABLE_CHARACTER = /[\p{Cs}\u0000]/u;
const UNSTORABLE = 'holds a lone UTF-16 surrogate or a NUL character, which a text column cannot hold as given';

/**
 * True when `text` is stored as given. UTF-8 encoding turns each lone surrogate into U+FFFD, so 'x\ud800' and 'x\udbff'
 * would be written as one stream 'x\ufffd' (and a type would change silently); PostgreSQL text refuses NUL, which would
 * fail the whole flush before the append is retried alone.
 */
function storableText(text: string): boolean {
  return !UNSTORABLE_CHARACTER.test(text);
}

/** Validates and serializes appends; throws synchronously on bad input so nothing is queued. */
export function prepareUnit(appends: StreamAppend[]): AppendUnit {
  return appends.map(({ streamId, expectedVersion, events, chain, reads }) => {
    if (typeof streamId !== 'string' || streamId.length === 0) throw new Error('streamId must be a non-empty string');
    if (!storableText(streamId)) throw new Error(`streamId ${JSON.stringify(streamId)} ${UNSTORABLE}`);
    if (expectedVersion !== 'any' && !(Number.isInteger(expectedVersion) && expectedVersion >= 0)) {
      throw new Error(`stream ${streamId}: expectedVersion must be 'any' or an integer >= 0`);
    }
    return { streamId, expectedVersion, events: events.map(prepareEvent), chain, reads };
  });
}

function prepareEvent(event: NewEvent): PreparedEvent {
  if (typeof event.type !== 'string' || event.type.length === 0) throw new Error('event type must be a non-empty string');
  if (!storableText(event.type)) throw new Error(`event type ${JSON.stringify(event.type)} ${UNSTORABLE}`);
  return {
    type: event.type,
    data: JSON.stringify(event.data),
    metadata: JSON.stringify(event.metadata ?? {}),
    schemaVersion: event.schemaVersion ?? 1,
  };
}

/** Number of events in a unit. */
export function unitSize(unit: AppendUnit): number {
  return unit.reduce((sum, part) => sum + part.events.length, 0);
}

/** Marks the chains of `appends` broken by `error` (the first refusal is kept). */
export function breakChains(appends: readonly { chain?: AppendChain }[], error: Error): void {
  for (const append of appends) if (append.chain && !append.chain.broken) append.chain.broken = error;
}

/** The refusal that broke one part's own chain or a chain it read (null: none broken). No allocation: hot path. */
export function partBroken(part: { chain?: AppendChain; reads?: readonly AppendChain[] }): Error | null {
  if (part.chain?.broken) return part.chain.broken;
  if (part.reads) for (const read of part.reads) if (read.broken) return read.broken;
  return null;
}

/** The first broken chain's refusal among `appends`, their own chains or those they read (null: none broken). */
export function brokenChain(appends: readonly { chain?: AppendChain; reads?: readonly AppendChain[] }[]): Error | null {
  for (const append of appends) {
    const broken = partBroken(append);
    if (broken) return broken;
  }
  return null;
}
