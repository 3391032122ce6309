/**
 * Keeps a sign-up's answer for a taken e-mail from being told apart by its time (issue 21 item 8): a real registration
 * stores files, personal data and two events before it answers; the answer for a taken e-mail stores nothing and would
 * be faster. This remembers how long the last real registrations took (from the branch on, the shared work before it
 * costs both the same) and makes the other answer wait until about as long has passed: their median (robust to a cold
 * first one), spread by ±20 % as real ones are.
 */
export class AnswerTime {
  private readonly recent: number[] = [];

  /** @param defaultMs what a real registration is taken to cost before any was seen; @param keep how many are remembered. */
  constructor(private readonly defaultMs = 300, private readonly keep = 32, private readonly random: () => number = Math.random) {}

  /** Records the time a real registration took. */
  record(ms: number): void {
    this.recent.push(ms);
    if (this.recent.length > this.keep) this.recent.shift();
  }

  /** A duration about the median of the recent real ones (the default before any), ±20 %. */
  sample(): number {
    const sorted = [...this.recent].sort((a, b) => a - b);
    const typical = sorted.length === 0 ? this.defaultMs : sorted[Math.floor(sorted.length / 2)]!;
    return typical * (0.8 + this.random() * 0.4);
  }

  /** Waits until a sampled duration has passed since `startedAt` (a `performance.now()` reading). */
  async pad(startedAt: number, now: () => number = () => performance.now()): Promise<void> {
    const wait = this.sample() - (now() - startedAt);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
