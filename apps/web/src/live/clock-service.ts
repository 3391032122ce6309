import { createActor, fromPromise, type Actor } from 'xstate';
import { clockMachine } from '../machines/clock.machine.js';
import { createServerClock, type ServerClock } from '../machines/server-clock.js';

/**
 * The page's server clock: the clock machine samples `GET /secure/time` (round-trip corrected, re-synced on
 * focus and every few minutes) and feeds a monotonic {@link ServerClock}, which countdowns read.
 */
export class ClockService {
  private actor: Actor<typeof clockMachine> | null = null;
  private readonly clock: ServerClock = createServerClock(() => Date.now());
  private readonly onFocus = () => this.actor?.send({ type: 'window.focus' });
  private synced = false;

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

  /** True once the first sync is done. */
  get isSynced(): boolean {
    return this.synced;
  }


  /** The server's time now (epoch ms), never going backwards. */
  now(): number {
    return this.clock.now();
  }
}
