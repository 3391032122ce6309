import { describe, expect, it } from 'vitest';
import { RecentEvents, type WrittenRows } from './recent-events.js';

const flush = (positions: number[], recordedMs = 1_700_000_000_000.5): WrittenRows => ({
  positions, streamIds: positions.map((p) => `s-${p}`), versions: positions.map(() => 1), types: positions.map(() => 'T'),
  data: positions.map((p) => JSON.stringify({ p })), metadata: positions.map(() => '{}'), schemaVersions: positions.map(() => 1), recordedMs,
  streamVersions: new Map(),
});

describe('RecentEvents', () => {
  it('knows nothing before its first flush, then everything after that flush\'s first position', () => {
    const recent = new RecentEvents(100);
    expect(recent.read(0, 10)).toBeNull();
    recent.add(flush([7, 8, 9]));
    expect(recent.read(5, 10)).toBeNull();
    expect(recent.read(6, 10)!.map((e) => e.position)).toEqual([7, 8, 9]);
    recent.add(flush([12, 13]));
    expect(recent.read(8, 3)!.map((e) => e.position)).toEqual([9, 12, 13]);
    expect(recent.read(10, 10)!.map((e) => e.position)).toEqual([12, 13]);
    expect(recent.read(13, 10)).toEqual([]);
    const [event] = recent.read(11, 1)!;
    expect(event).toEqual({
      streamId: 's-12', streamVersion: 1, position: 12, type: 'T', data: { p: 12 }, metadata: {}, schemaVersion: 1,
      recordedAt: new Date(1_700_000_000_000.5),
    });
    // Every read gets objects of its own.
    expect(recent.read(11, 1)![0]!.data).not.toBe(event!.data);
  });

  it('past its capacity forgets the oldest, and sends reads below them to the database', () => {
    const recent = new RecentEvents(4);
    recent.add(flush([1, 2, 3]));
    recent.add(flush([4, 5, 6]));
    expect(recent.read(1, 10)).toBeNull();
    expect(recent.read(2, 10)!.map((e) => e.position)).toEqual([3, 4, 5, 6]);
  });
});
