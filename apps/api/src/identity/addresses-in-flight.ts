/**
 * Logins admitted per client address and not answered yet, and the logins waiting for one of them to end. An
 * address has an entry only while it has a login in flight or waiting.
 */
export class AddressesInFlight {
  private readonly entries = new Map<string, { pending: number; waiters: Set<() => void> }>();

  pending(address: string): number {
    return this.entries.get(address)?.pending ?? 0;
  }

  add(address: string): void {
    this.entry(address).pending++;
  }

  remove(address: string): void {
    const entry = this.entries.get(address);
    if (!entry) return;
    entry.pending = Math.max(0, entry.pending - 1);
    this.wake(address);
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

  private entry(address: string) {
    let entry = this.entries.get(address);
    if (!entry) this.entries.set(address, (entry = { pending: 0, waiters: new Set() }));
    return entry;
  }

  private forgetIfIdle(address: string): void {
    const entry = this.entries.get(address);
    if (entry && entry.pending === 0 && entry.waiters.size === 0) this.entries.delete(address);
  }
}
