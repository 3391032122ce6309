/**
 * Attack review of #21 item 10: a page of `GET /admin/events/stream/{id}` reads only that page from the store. It read
 * the whole stream and sliced it, so a lot of 5,000 offers was read whole for each page of 1,000 (and the replay tool,
 * going through it page by page, read it five times).
 */
import { describe, expect, it } from '@jest/globals';
import type { EventStore, ReadStreamOptions, StoredEvent } from '@auction/event-store';
import { EventsController } from './events.controller.js';

/** A stream of `size` events in memory that counts how many events its reads gave out. */
function streamOf(size: number) {
  const events: StoredEvent[] = Array.from({ length: size }, (_, i) => ({
    streamId: 'lot-big', streamVersion: i + 1, position: i + 1, type: 'OfferPlaced', data: { n: i + 1 }, metadata: {} as never,
    schemaVersion: 99, recordedAt: new Date(0),
  }));
  const reads = { events: 0 };
  const store = {
    readStream: async (_id: string, options: ReadStreamOptions = {}) => {
      const from = options.fromVersion ?? 1;
      const to = options.toVersion ?? Number.POSITIVE_INFINITY;
      const read = events.filter((e) => e.streamVersion >= from && e.streamVersion <= to);
      reads.events += read.length;
      return read;
    },
  } as unknown as EventStore;
  return { controller: new EventsController(store), reads };
}

describe('GET /admin/events/stream/{id}', () => {
  it('reads from the store only the events of the page asked, and answers them', async () => {
    const { controller, reads } = streamOf(5000);
    const page = (await controller.stream('lot-big', { fromVersion: '2001', limit: '1000' })) as StoredEvent[];
    expect(page.map((e) => e.streamVersion)).toEqual(Array.from({ length: 1000 }, (_, i) => 2001 + i));
    expect(reads.events).toBe(1000);
  });

  it('going through a stream page by page reads each event once', async () => {
    const { controller, reads } = streamOf(2500);
    const seen: number[] = [];
    for (let from = 1; ; ) {
      const page = (await controller.stream('lot-big', { fromVersion: String(from) })) as StoredEvent[];
      seen.push(...page.map((e) => e.streamVersion));
      if (page.length < 1000) break;
      from = page[page.length - 1]!.streamVersion + 1;
    }
    expect(seen).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
    expect(reads.events).toBe(2500);
  });

  it('a page at the largest version a query may name answers nothing', async () => {
    const { controller } = streamOf(3);
    expect(await controller.stream('lot-big', { fromVersion: '999999999999999', limit: '1000' })).toEqual([]);
  });
});
