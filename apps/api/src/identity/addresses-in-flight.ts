interface Entry {
  /** Logins admitted and not answered yet. */
  pending: number;
  /** Logins that left `pending`, ever (compared before and after a read of the address's failures). */
  ended: number;
  /** Reads of the address's failures running ({@link AddressesInFlight.whileNoneEnds}). */
  readers: number;
  waiters: Set<() => void>;
}

/**
 * Logins admitted per client address and not answered yet, the logins waiting for one of them to end, and how many
 * ended. An address has an entry only while it has a login in flight or waiting, or its failures being read.
 */
export class AddressesInFlight {
  private readonly entries = new Map<string, Entry>();

  pending(address: string): number {
    return this.entries.get(address)?.pending ?? 0;
  }

  add(address: string): void {
    this.entry(address).pending++;
  }

  /** A login of `address` ends: its failure, if it failed, must be stored already (see {@link whileNoneEnds}). */
  remove(address: string): void {
    const entry = this.entries.get(address);
    if (!entry) return;
    entry.pending = Math.max(0, entry.pending - 1);
    entry.ended++;
    this.wake(address);
  }

  /**
   * Runs `read` (a read of the address's stored failures) and says whether a login of `address` ended meanwhile: that
   * login has left `pending` and its failure may be missing from what was read, so the read undercounts. A login that
   * ended before `read` began stored its failure before, so it is in what was read. The entry is kept while it is
   * read: forgotten and made anew, it would lose the ends counted in between.
   */
  async whileNoneEnds<T>(address: string, read: () => Promise<T>): Promise<{ value: T; ended: boolean }> {
    const entry = this.entry(address);
    const before = entry.ended;
    entry.readers++;
    try {
      const value = await read();
      return { value, ended: entry.ended !== before };
    } finally {
      entry.readers--;
      this.forgetIfIdle(address);
    }
  }

  /** Resolves when a login of `address` ends (or after `timeoutMs`). */
  next(address: string, timeoutMs: number): Promise<void> {
    const entry = this.entry(address);
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        entry.waiters.delete(done);
        this.forgetIfIdle(address);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      entry.waiters.add(done);
    });
  }

  /** Lets the logins waiting on `address` look again. */
  wake(address: string): void {
    const entry = this.entries.get(address);
    if (!entry) return;
    for (const waiter of [...entry.waiters]) waiter();
    this.forgetIfIdle(address);
  }

  /** Whether `address` has an entry (tests: none is left behind). */
  tracks(address: string): boolean {
    return this.entries.has(address);
  }

  private entry(address: string): Entry {
    let entry = this.entries.get(address);
    if (!entry) this.entries.set(address, (entry = { pending: 0, ended: 0, readers: 0, waiters: new Set() }));
    return entry;
  }

  private forgetIfIdle(address: string): void {
    const entry = this.entries.get(address);
    if (entry && entry.pending === 0 && entry.waiters.size === 0 && entry.readers === 0) this.entries.delete(address);
  }
}
