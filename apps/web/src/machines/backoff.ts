/** Back-off delays of the live client (pure). */

/** Delay before reconnect number `attempt` (0-based) to the broker: 500 ms doubling, capped at `maxMs`. */
export function connectionBackoffMs(attempt: number, maxMs: number): number {
  return Math.min(maxMs, 500 * 2 ** Math.max(0, attempt));
}

/** Delay before re-sending an offer after failed attempt number `attempt` (0-based): 250 ms doubling. */
export function offerBackoffMs(attempt: number): number {
  return 250 * 2 ** Math.max(0, attempt);
}

/**
 * Longest wait between two probes of a server that does not answer: short, so a page catches up within seconds of
 * the server's return (a probe to a down server costs one refused connection).
 */
export const SERVER_PROBE_MAX_MS = 2_000;

/** Delay before probe number `attempt` (0-based) of a server that does not answer: 500 ms doubling, capped. */
export function serverProbeMs(attempt: number): number {
  return connectionBackoffMs(attempt, SERVER_PROBE_MAX_MS);
}
