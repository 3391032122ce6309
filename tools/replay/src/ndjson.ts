import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { StoredEvent, StreamAppend } from '@auction/event-store';
import { allEvents, type EventSource, type StoreSource } from './sources.js';

/** Reports progress on long runs. */
export type Progress = (done: number, note?: string) => void;

/** Writes every event after `after` as one JSON object per line; returns the count. */
export async function exportNdjson(source: EventSource, path: string | null, after: number, progress: Progress): Promise<number> {
  const out = path ? createWriteStream(path) : process.stdout;
  let count = 0;
  for await (const page of allEvents(source, after)) {
    for (const event of page) {
      if (!out.write(`${JSON.stringify(event)}\n`)) await once(out, 'drain');
    }
    count += page.length;
    progress(count);
  }
  if (path) await new Promise<void>((resolve, reject) => (out as ReturnType<typeof createWriteStream>).end((err?: Error | null) => (err ? reject(err) : resolve())));
  return count;
}

/**
 * Imports an NDJSON export into a store, keeping every stream's versions and the global order
 * (positions are the target store's own). Consecutive events go in chunks of one atomic multi-stream append.
 */
export async function importNdjson(target: StoreSource, path: string, progress: Progress, chunkSize = 500): Promise<number> {
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  let runs: StreamAppend[] = [];
  let inChunk = new Set<string>();
  let pending = 0;
  let count = 0;
  const flush = async () => {
    if (runs.length === 0) return;
    await target.store.appendMulti(runs);
    count += pending;
    progress(count);
    runs = [];
    inChunk = new Set();
    pending = 0;
  };
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    if (!line.trim()) continue;
    let event: StoredEvent;
    try {
      event = JSON.parse(line) as StoredEvent;
    } catch {
      throw new Error(`${path}:${lineNo}: not a JSON object`);
    }
    if (typeof event.streamId !== 'string' || typeof event.streamVersion !== 'number' || typeof event.type !== 'string') {
      throw new Error(`${path}:${lineNo}: not an exported event (streamId, streamVersion, type)`);
    }
    const last = runs.at(-1);
    if (last?.streamId !== event.streamId && inChunk.has(event.streamId)) await flush();
    const run = runs.at(-1);
    const newEvent = { type: event.type, data: event.data, metadata: event.metadata, schemaVersion: event.schemaVersion };
    if (run?.streamId === event.streamId) (run.events as unknown[]).push(newEvent);
    else {
      runs.push({ streamId: event.streamId, expectedVersion: event.streamVersion - 1, events: [newEvent] });
      inChunk.add(event.streamId);
    }
    if (++pending >= chunkSize) await flush();
  }
  await flush();
  return count;
}
