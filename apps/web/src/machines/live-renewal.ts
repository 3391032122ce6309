/** When the live client renews its live token (pure). */

/** Share of a live token's remaining lifetime after which the client asks for a new one and reconnects with it. */
export const LIVE_RENEWAL_SHARE = 0.75;

/** Delay before retrying a renewal that failed (the current connection stays until its token expires). */
export const LIVE_RENEWAL_RETRY_MS = 5_000;

/**
 * Delay from a connection's start until its renewal: three quarters of the token's remaining lifetime (7.5 min of
 * the default 10), leaving the rest for retries before the broker closes the connection at expiry.
 */
export function liveRenewalDelayMs(expiresInMs: number): number {
  return Math.max(0, Math.floor(expiresInMs * LIVE_RENEWAL_SHARE));
}
