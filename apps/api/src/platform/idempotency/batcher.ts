/**
 * Group commit for small statements: items submitted while a batch runs go together in the next one, so a burst
 * of N requests costs a few round trips instead of N, and a lone request waits for nothing.
 */
export class Batcher<I, O> {
  private queue: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  private running = false;

  constructor(private readonly flush: (items: I[]) => Promise<O[]>, private readonly maxBatch = 500) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        const out = await this.flush(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(out[i]!));
      } catch (error) {
        for (const b of batch) b.reject(error);
      }
    }
    this.running = false;
  }
}
