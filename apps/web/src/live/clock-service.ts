import { createActor, fromPromise, type Actor } from 'xstate';
import { clockMachine } from '../machines/clock.machine.js';
import { createServerClock, tickDisagrees, type ServerClock } from '../machines/server-clock.js';

/** Shortest time between two re-syncs asked by clock ticks (a slow link delays every tick: no request storm). */
const DRIFT_RESYNC_MIN_MS = 30_000;

/**
 * The page's server clock: the clock machine samples `GET /secure/time` (round-trip corrected, re-synced on
 * focus and every few minutes) and feeds a monotonic {@link ServerClock}, which countdowns read.
 */
export class ClockService {
  private actor: Actor<typeof clockMachine> | null = null;
  private readonly clock: ServerClock = createServerClock(() => Date.now());
  private readonly onFocus = () => this.actor?.send({ type: 'window.focus' });
  private synced = false;
  private lastDriftResync = -Infinity;

  constructor(private readonly fetchTime: () => Promise<{ epochMs: number }>) {}

  start(): void {
    if (this.actor) return;
    const machine = clockMachine.provide({ actors: { fetchServerTime: fromPromise(() => this.fetchTime()) } });
    const actor = createActor(machine, { input: { now: () => Date.now() } });
    let lastSyncedAt: number | null = null;
    actor.subscribe((snapshot) => {
      const { offset, syncedAt } = snapshot.context as { offset: number | null; syncedAt: number | null };
      if (offset === null || syncedAt === null || syncedAt === lastSyncedAt) return;
      lastSyncedAt = syncedAt;
      this.clock.update(offset);
      this.synced = true;
    });
    this.actor = actor;
    actor.start();
    window.addEventListener('focus', this.onFocus);
  }

  stop(): void {
    window.removeEventListener('focus', this.onFocus);
    this.actor?.stop();
    this.actor = null;
  }

  /**
   * A clock tick of the server (its time when sent): when it contradicts the estimate (the local clock jumped, the
   * server's was set), the offset is measured again at once, at most every 30 s.
   */
  observe(tickMs: number): void {
    if (!this.synced || !tickDisagrees(this.clock.now(), tickMs)) return;
    const local = Date.now();
    if (local - this.lastDriftResync < DRIFT_RESYNC_MIN_MS) return;
    this.lastDriftResync = local;
    this.actor?.send({ type: 'clock.drifted' });
  }

  /** True once the first sync is done. */
  get isSynced(): boolean {
    return this.synced;
  }


  /** The server's time now (epoch ms), never going backwards. */
  now(): number {
    return this.clock.now();
  }
}
