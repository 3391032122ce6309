import { instantOf, type DateTimeValue } from './date-time-value.js';

/** Why a new end is refused before it is sent (keys of `auctioneer:fieldErrors`). */
export type ExtendTimeError = 'date' | 'endBeforeStart' | 'endNotFuture';

/** The outcome of {@link decideNewEnd}: the end to send, or why not. */
export type ExtendTimeDecision = { readonly ok: true; readonly endDate: string } | { readonly ok: false; readonly error: ExtendTimeError };

/**
 * The extend-time dialog's rule (spec: the end date and time are combined with seconds set to zero and sent as a
 * resize; the end cannot be before the start): the picked end as an ISO instant with zero seconds, refused when
 * it is not a real date and time, before `startDate`, or not after `now` (epoch ms of the server clock), which the
 * server refuses for a running auction too. The picked end is read on the wall clock of `timeZone` (the market's).
 */
export function decideNewEnd(startDate: string, end: DateTimeValue, now: number, timeZone: string): ExtendTimeDecision {
  const endDate = instantOf(end, timeZone);
  if (endDate === null) return { ok: false, error: 'date' };
  const endMs = Date.parse(endDate);
  if (endMs < Date.parse(startDate)) return { ok: false, error: 'endBeforeStart' };
  if (endMs <= now) return { ok: false, error: 'endNotFuture' };
  return { ok: true, endDate };
}
