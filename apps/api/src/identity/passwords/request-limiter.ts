/**
 * A fixed-window counter per key (an address, an account): at most `max` hits per `windowMs`. In memory and per
 * instance, which bounds what one process mails and hashes for a sender; the per-account key is the name or
 * address TYPED (never whether it matched), so a limit is reached the same way for unknown accounts.
 */
export class RequestLimiter {
  private readonly windows = new Map<string, { start: number; hits: number }>();

  constructor(private readonly max: number, private readonly windowMs: number, private readonly maxKeys = 100_000) {}

  /** Counts a hit of `key`; answers 0 when allowed, else the ms until the window ends. */
  hit(key: string, now: number): number {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size >= this.maxKeys) this.sweep(now);
      window = { start: now, hits: 0 };
      this.windows.set(key, window);
    }
    window.hits++;
    return window.hits > this.max ? window.start + this.windowMs - now : 0;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
    // Still full (a flood of distinct keys): forget the oldest half rather than grow without bound.
    if (this.windows.size >= this.maxKeys) [...this.windows.keys()].slice(0, this.maxKeys / 2).forEach((k) => this.windows.delete(k));
  }
}
