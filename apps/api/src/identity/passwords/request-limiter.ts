/** Fixed windows kept where every instance sees them: the product's is `SqlLimitWindows` (platform/limits). */
export interface LimitWindows {
  /** Counts a hit of `key` in limiter `name`'s window (a new one when the last is over): its hits and start. */
  hit(name: string, key: string, windowMs: number, now: number): Promise<{ readonly hits: number; readonly start: number }>;
}

/**
 * A fixed-window counter per key (an address, an account): at most `max` hits per `windowMs`. With `shared` (the
 * product) the windows are in the database, counted by every instance alike (one upsert a hit); without, in this
 * instance's memory, bounded to `maxKeys`. The per-account key is the name or address TYPED (never whether it
 * matched), so a limit is reached the same way for unknown accounts.
 */
export class RequestLimiter {
  private readonly windows = new Map<string, { start: number; hits: number }>();

  constructor(
    private readonly max: number, private readonly windowMs: number, private readonly maxKeys = 100_000,
    private readonly shared?: { readonly windows: LimitWindows; readonly name: string },
  ) {}

  /** Counts a hit of `key`; answers 0 when allowed, else the ms until the window ends. */
  async hit(key: string, now: number): Promise<number> {
    const window = this.shared ? await this.shared.windows.hit(this.shared.name, key, this.windowMs, now) : this.count(key, now);
    return window.hits > this.max ? window.start + this.windowMs - now : 0;
  }

  private count(key: string, now: number): { start: number; hits: number } {
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size >= this.maxKeys) this.sweep(now);
      window = { start: now, hits: 0 };
      this.windows.set(key, window);
    }
    window.hits++;
    return window;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
    // Still full (a flood of distinct keys): forget the oldest half rather than grow without bound.
    if (this.windows.size >= this.maxKeys) [...this.windows.keys()].slice(0, this.maxKeys / 2).forEach((k) => this.windows.delete(k));
  }
}
