/**
 * Closings under load, read from the event log (pure): how late each lot's closing was recorded after the lot's
 * end, and whether any offer was accepted after it.
 *
 * A lot's end is the one in force at each point of its stream: `LotScheduled`'s, moved by `LotEdited`,
 * `LotEndRescheduled` and `LotEndExtended` (an offer in the extension window is followed, in the same append, by the
 * extension it causes: the offer itself is judged against the end before it). A closing (`LotClosed`, reason END) is
 * late by its record time (the store's `recorded_at`, the appending transaction's clock) − that end. Lots scheduled
 * after their end had already passed (the demo's past auctions, seeded closed) are left out: no closing of theirs
 * could have been on time.
 */
import type { LogRow } from './correctness.js';
import { percentiles } from './util.js';

/** The issue's bound: every closing fires within 250 ms of its instant. */
export const CLOSING_LATE_MS = 250;
/** A lot whose end passed this long before the check and that is still open counts as a closing that never fired. */
export const NOT_CLOSED_GRACE_MS = 5_000;

export interface ClosingCheck {
  /** Lots closed at their end (reason END) and scheduled before it. */
  readonly closings: number;
  /** Lots closed by a buy-now offer (no timed closing). */
  readonly boughtNow: number;
  /** Lots scheduled after their end had passed, left out of every figure here. */
  readonly leftOut: number;
  /** Closing record time − the lot's end in force, ms (null without closings). */
  readonly latenessMs: { readonly p50: number; readonly p99: number; readonly max: number; readonly min: number } | null;
  /** Closings recorded more than CLOSING_LATE_MS after their end. */
  readonly lateClosings: number;
  /** Lots still open NOT_CLOSED_GRACE_MS after their end at the time of the check. */
  readonly notClosed: number;
  /** Offers whose acceptance instant (placedAt, the server's clock when it decided) is at or after the lot's end in force. */
  readonly offersAfterEnd: number;
  /** Offers after the lot's LotClosed in its stream. */
  readonly offersAfterClose: number;
  /** Offers recorded (the store's clock) at or after the end in force: accepted before it, committed after it. */
  readonly offersRecordedAfterEnd: number;
  readonly maxRecordedAfterEndMs: number | null;
  readonly problems: string[];
}

interface LotWalk {
  scheduledAtMs: number | null;
  firstEndMs: number | null;
  endMs: number | null;
  closed: boolean;
  closing: { reason: 'END' | 'BUY_NOW'; latenessMs: number | null } | null;
  offersAfterEnd: number;
  offersAfterClose: number;
  recordedAfterEnd: number[];
}

const ms = (v: number | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function walkLots(log: readonly LogRow[]): Map<string, LotWalk> {
  const lots = new Map<string, LotWalk>();
  for (const row of log) {
    if (row.type === 'VehicleSold') continue;
    let lot = lots.get(row.streamId);
    if (!lot) {
      lot = { scheduledAtMs: null, firstEndMs: null, endMs: null, closed: false, closing: null, offersAfterEnd: 0, offersAfterClose: 0, recordedAfterEnd: [] };
      lots.set(row.streamId, lot);
    }
    switch (row.type) {
      case 'LotScheduled':
        lot.scheduledAtMs = ms(row.recordedMs);
        lot.firstEndMs = lot.endMs = ms(row.endMs);
        break;
      case 'LotEdited':
      case 'LotEndRescheduled':
      case 'LotEndExtended':
        lot.endMs = ms(row.endMs) ?? lot.endMs;
        break;
      case 'OfferPlaced': {
        if (lot.closed) {
          lot.offersAfterClose++;
          break;
        }
        const placed = ms(row.placedAtMs);
        const recorded = ms(row.recordedMs);
        if (lot.endMs !== null && placed !== null && placed >= lot.endMs) lot.offersAfterEnd++;
        if (lot.endMs !== null && recorded !== null && recorded >= lot.endMs) lot.recordedAfterEnd.push(recorded - lot.endMs);
        break;
      }
      case 'LotClosed': {
        if (lot.closed) break;
        lot.closed = true;
        const recorded = ms(row.recordedMs);
        const reason = row.reason === 'BUY_NOW' ? 'BUY_NOW' : 'END';
        lot.closing = { reason, latenessMs: reason === 'END' && recorded !== null && lot.endMs !== null ? recorded - lot.endMs : null };
        break;
      }
      default: {
        const unknown: never = row.type;
        void unknown;
      }
    }
  }
  return lots;
}

/** The closing figures of a log (rows in log order); `checkedAtMs`: when the check ran (for closings that never fired). */
export function checkClosings(log: readonly LogRow[], checkedAtMs: number): ClosingCheck {
  const problems: string[] = [];
  const note = (text: string) => { if (problems.length < 20) problems.push(text); };
  const lateness: number[] = [];
  const recordedAfter: number[] = [];
  let leftOut = 0;
  let boughtNow = 0;
  let notClosed = 0;
  let offersAfterEnd = 0;
  let offersAfterClose = 0;
  for (const [streamId, lot] of walkLots(log)) {
    // Lots with no LotScheduled in this log, or scheduled once their end had passed, say nothing about the scheduler.
    if (lot.scheduledAtMs === null || lot.firstEndMs === null) continue;
    if (lot.scheduledAtMs >= lot.firstEndMs) {
      leftOut++;
      continue;
    }
    offersAfterEnd += lot.offersAfterEnd;
    offersAfterClose += lot.offersAfterClose;
    recordedAfter.push(...lot.recordedAfterEnd);
    if (lot.offersAfterEnd) note(`${streamId}: ${lot.offersAfterEnd} offers accepted at or after the lot's end`);
    if (lot.offersAfterClose) note(`${streamId}: ${lot.offersAfterClose} offers after the lot's closing in its stream`);
    if (lot.closing?.reason === 'BUY_NOW') boughtNow++;
    else if (lot.closing?.latenessMs != null) lateness.push(lot.closing.latenessMs);
    else if (!lot.closed && lot.endMs !== null && lot.endMs + NOT_CLOSED_GRACE_MS < checkedAtMs) {
      notClosed++;
      note(`${streamId}: still open ${Math.round((checkedAtMs - lot.endMs) / 1000)} s after its end`);
    }
  }
  const sorted = [...lateness].sort((a, b) => a - b);
  const lateClosings = sorted.filter((v) => v > CLOSING_LATE_MS).length;
  if (lateClosings) note(`${lateClosings} closings recorded more than ${CLOSING_LATE_MS} ms after their end (the latest ${Math.round(sorted.at(-1)!)} ms)`);
  const round = (v: number) => Math.round(v * 10) / 10;
  const p = percentiles(sorted);
  return {
    closings: sorted.length, boughtNow, leftOut,
    latenessMs: sorted.length ? { min: round(sorted[0]!), p50: round(p.p50!), p99: round(p.p99!), max: round(p.max!) } : null,
    lateClosings, notClosed, offersAfterEnd, offersAfterClose, offersRecordedAfterEnd: recordedAfter.length,
    maxRecordedAfterEndMs: recordedAfter.length ? round(Math.max(...recordedAfter)) : null, problems,
  };
}

/** What fails the correctness verdict: an offer accepted after its lot's end (lateness is a target, not a fault). */
export function closingFailures(c: ClosingCheck): string[] {
  const out: string[] = [];
  if (c.offersAfterEnd) out.push(`${c.offersAfterEnd} offers accepted at or after their lot's end`);
  if (c.offersAfterClose) out.push(`${c.offersAfterClose} offers after their lot's closing in the log`);
  return out;
}

/** One line for the progress output and the verdict cell. */
export function closingsLine(c: ClosingCheck): string {
  const l = c.latenessMs;
  return `${c.closings.toLocaleString('en')} closings, late by p50 ${l?.p50 ?? '–'} / p99 ${l?.p99 ?? '–'} / max ${l?.max ?? '–'} ms ` +
    `(${c.lateClosings} over ${CLOSING_LATE_MS} ms, ${c.notClosed} never fired); offers after the end: ${c.offersAfterEnd + c.offersAfterClose}` +
    ` (${c.offersRecordedAfterEnd} accepted before it but recorded after it${c.maxRecordedAfterEndMs !== null ? `, by up to ${c.maxRecordedAfterEndMs} ms` : ''})`;
}
