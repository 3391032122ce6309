/**
 * The commands whose appends to one stream were refused (their own version conflict, or an append decided before them on
 * the stream refused, see `AppendChain`): they decide again on the reloaded stream, in arrival order, before any command
 * of the stream that has not decided yet. Lives only while some are left (allocated on a failure, never on the hot path).
 */
export class StreamRecovery {
  /** Refusals the store reported whose command has not taken them up yet (queued to decide again, or given up). */
  private refusals = 0;
  /** Arrival numbers of the commands waiting to decide again, in order. */
  private readonly queue: number[] = [];
  private waking: { readonly promise: Promise<void>; readonly resolve: () => void } | null = null;

  /** The store refused an append to the stream: its command will take the refusal up. */
  reported(): void {
    this.refusals++;
  }

  /** A command takes up a refusal: queued in arrival order to decide again (`seq`), or giving up (null). */
  takeUp(seq: number | null): void {
    this.refusals--;
    if (seq === null || this.queue.includes(seq)) return;
    const at = this.queue.findIndex((other) => other > seq);
    this.queue.splice(at < 0 ? this.queue.length : at, 0, seq);
  }

  /** The command `seq` has decided again (or failed to): the next one may. */
  leave(seq: number): void {
    const at = this.queue.indexOf(seq);
    if (at >= 0) this.queue.splice(at, 1);
  }

  /** Every refusal reported is taken up and no command that arrived before `seq` is left to decide again. */
  clearFor(seq: number): boolean {
    const first = this.queue[0];
    return this.refusals === 0 && (first === undefined || first >= seq);
  }

  /** Nothing is left to decide again: the stream takes newcomers. */
  get done(): boolean {
    return this.refusals === 0 && this.queue.length === 0;
  }

  /** Resolves at the next {@link wake}. */
  changed(): Promise<void> {
    if (!this.waking) {
      let resolve!: () => void;
      const promise = new Promise<void>((res) => (resolve = res));
      this.waking = { promise, resolve };
    }
    return this.waking.promise;
  }

  /** Wakes those waiting for a change (a refusal taken up, a command decided again, the stream reloaded). */
  wake(): void {
    const waking = this.waking;
    this.waking = null;
    waking?.resolve();
  }
}
