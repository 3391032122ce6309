import { useEffect, useState } from 'react';
import type { LotActor } from './use-auction-live.js';

/** The latest end among `lots` (ISO), or `fallback` when there is none. */
export function lastLotEnd(lots: readonly LotActor[], fallback: string): string {
  let best = Number.NaN;
  let iso = fallback;
  for (const actor of lots) {
    const { endDate } = actor.getSnapshot().context.lot;
    const ms = Date.parse(endDate);
    if (!(ms <= best)) { best = ms; iso = endDate; }
  }
  return iso;
}

/**
 * The auction's end as the dealer lives it: its last lot's end, following extensions live (the header counts to
 * it, never to an end a running lot has already passed).
 */
export function useLastLotEnd(lots: readonly LotActor[], fallback: string): string {
  const [end, setEnd] = useState(() => lastLotEnd(lots, fallback));
  useEffect(() => {
    const update = () => setEnd(lastLotEnd(lots, fallback));
    update();
    const subs = lots.map((actor) => actor.subscribe(update));
    return () => subs.forEach((s) => s.unsubscribe());
  }, [lots, fallback]);
  return end;
}
