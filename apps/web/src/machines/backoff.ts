/** Back-off delays of the live client (pure). */

/** Delay before reconnect number `attempt` (0-based) to the broker: 500 ms doubling, capped at `maxMs`. */
export function connectionBackoffMs(attempt: number, maxMs: number): number {
  return Math.min(maxMs, 500 * 2 ** Math.max(0, attempt));
}

/** Delay before re-sending an offer after failed attempt number `attempt` (0-based): 250 ms doubling. */
export function offerBackoffMs(attempt: number): number {
  return 250 * 2 ** Math.max(0, attempt);
}
