import { describe, expect, it } from 'vitest';
import { checkClosings, closingFailures } from './closings.js';
import type { LogRow } from './correctness.js';

const T = Date.parse('2026-11-26T12:00:00.000Z');
let position = 0;
const at = (row: Omit<LogRow, 'position'>): LogRow => ({ position: ++position, ...row });
const scheduled = (lot: string, endMs: number, recordedMs = T - 60_000) => at({ streamId: `lot-${lot}`, type: 'LotScheduled', idLot: lot, endMs, recordedMs });
const offer = (lot: string, idOffer: string, placedAtMs: number, recordedMs = placedAtMs + 2) =>
  at({ streamId: `lot-${lot}`, type: 'OfferPlaced', idLot: lot, idOffer, amount: 100, placedAtMs, recordedMs });
const extended = (lot: string, endMs: number, recordedMs: number) => at({ streamId: `lot-${lot}`, type: 'LotEndExtended', idLot: lot, endMs, recordedMs });
const closed = (lot: string, recordedMs: number, reason: 'END' | 'BUY_NOW' = 'END') => at({ streamId: `lot-${lot}`, type: 'LotClosed', idLot: lot, recordedMs, reason });

describe('closings read from the log', () => {
  it('measures each closing against the end in force, an extension included', () => {
    const log = [
      scheduled('a', T), closed('a', T + 40),
      scheduled('b', T + 1000),
      // An offer 2 s before b's end, in its window: accepted against the old end, then the end moves by 5 s.
      offer('b', 'o1', T - 1000), extended('b', T + 4000, T - 998),
      closed('b', T + 4120),
    ];
    const c = checkClosings(log, T + 60_000);
    // a: 40 ms late; b: 120 ms after its extended end (not 3,120 ms after the original one).
    expect(c.latenessMs).toEqual({ min: 40, p50: 40, p99: 120, max: 120 });
    expect({ closings: c.closings, late: c.lateClosings, offersAfterEnd: c.offersAfterEnd, problems: c.problems }).toEqual({ closings: 2, late: 0, offersAfterEnd: 0, problems: [] });
    expect(closingFailures(c)).toEqual([]);
  });

  it('counts a closing recorded more than 250 ms late, and a lot that never closed', () => {
    const log = [scheduled('a', T), closed('a', T + 251), scheduled('b', T), closed('b', T + 250), scheduled('c', T + 1000)];
    const c = checkClosings(log, T + 10_000);
    expect({ late: c.lateClosings, notClosed: c.notClosed, max: c.latenessMs?.max }).toEqual({ late: 1, notClosed: 1, max: 251 });
    // Lateness is a target, not a fault of the verdict.
    expect(closingFailures(c)).toEqual([]);
    // A lot whose end is only just past is not yet a closing that never fired.
    expect(checkClosings([scheduled('d', T)], T + 1000).notClosed).toBe(0);
  });

  it('finds an offer accepted after its lot\'s end, and one after the closing, and tells a late commit apart', () => {
    const log = [
      scheduled('a', T), offer('a', 'late', T + 5), closed('a', T + 30), offer('a', 'afterClose', T - 10),
      // Accepted 1 ms before the end, committed 3 ms after it: not an offer accepted after the end.
      scheduled('b', T), offer('b', 'edge', T - 1, T + 3), closed('b', T + 20),
    ];
    const c = checkClosings(log, T + 60_000);
    expect({ afterEnd: c.offersAfterEnd, afterClose: c.offersAfterClose, recordedAfter: c.offersRecordedAfterEnd, maxRecordedAfter: c.maxRecordedAfterEndMs })
      .toEqual({ afterEnd: 1, afterClose: 1, recordedAfter: 2, maxRecordedAfter: 7 });
    expect(closingFailures(c)).toHaveLength(2);
  });

  it('leaves out lots scheduled after their end (seeded past auctions) and buy-now closings', () => {
    const past = T - 2 * 86_400_000;
    const log = [scheduled('old', past, T), offer('old', 'o', past - 1000, T), closed('old', T + 1), scheduled('buy', T + 60_000), closed('buy', T, 'BUY_NOW')];
    const c = checkClosings(log, T + 120_000);
    expect({ leftOut: c.leftOut, closings: c.closings, boughtNow: c.boughtNow, latenessMs: c.latenessMs, recordedAfter: c.offersRecordedAfterEnd })
      .toEqual({ leftOut: 1, closings: 0, boughtNow: 1, latenessMs: null, recordedAfter: 0 });
  });
});
