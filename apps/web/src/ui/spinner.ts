import { createStore, type Store } from './store.js';

/** Spinner rule of the spec: counted show/hide, never below zero, forced hidden after 60 s. */
export const SPINNER_FORCED_HIDE_MS = 60_000;

/** The page-wide spinner: every `show()` needs its `hide()`; a stuck count is cleared after {@link SPINNER_FORCED_HIDE_MS}. */
export class Spinner {
  readonly count: Store<number> = createStore(0);
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly forcedHideMs = SPINNER_FORCED_HIDE_MS) {}

  show(): void {
    this.count.set(this.count.get() + 1);
    if (!this.timer) this.timer = setTimeout(() => this.reset(), this.forcedHideMs);
  }

  hide(): void {
    const next = Math.max(0, this.count.get() - 1);
    this.count.set(next);
    if (next === 0) this.clearTimer();
  }

  /** Forced hide: the count drops to zero. */
  reset(): void {
    this.clearTimer();
    this.count.set(0);
  }

  get visible(): boolean {
    return this.count.get() > 0;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
