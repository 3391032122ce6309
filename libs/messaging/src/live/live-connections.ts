import { describeError, silentLiveLogger, type LiveLogger } from './live-logger.js';

/** One authenticated connection of the live channel: an MQTT client or a socket.io socket. */
export interface LiveConnection {
  readonly idUser: string;
  /** When its credentials expire, on the registry's `now` clock (epoch ms). */
  readonly expiresAt: number;
  /** Whether its credentials still hold (not logged out, user still active): checked again on every change of its user. */
  isValid(): boolean;
  /** Ends the connection; may be called more than once. */
  close(reason: LiveCloseReason): void;
}

/** Why the registry ended a connection. */
export type LiveCloseReason = 'expired' | 'revoked';

/** Options of {@link LiveConnections}. */
export interface LiveConnectionsOptions {
  /** The clock the `expiresAt` of connections is on; default `Date.now`. */
  readonly now?: () => number;
  /** How often expiries are looked for, ms; default 1 000. */
  readonly expirySweepMs?: number;
  /** How often every connection is checked again in full (a signal that never came), ms; default 60 000, 0 = never. */
  readonly recheckAllMs?: number;
  readonly logger?: LiveLogger;
}

/**
 * The live channel's connections, by user, and the one rule that ends them: a connection is closed when its
 * credentials expire (looked for every `expirySweepMs`) and when they no longer hold, which the owner signals with
 * {@link recheckUser} when a user changes (a logout, a disabled user) and which is checked for every connection
 * every `recheckAllMs` besides. The MQTT broker and the socket.io gateway register theirs in the same registry.
 * Timers run only while connections are registered, and never keep the process alive.
 */
export class LiveConnections {
  private readonly byUser = new Map<string, Set<LiveConnection>>();
  private readonly now: () => number;
  private readonly logger: LiveLogger;
  private count = 0;
  private expiryTimer: ReturnType<typeof setInterval> | null = null;
  private recheckTimer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;

  constructor(private readonly options: LiveConnectionsOptions = {}) {
    this.now = options.now ?? Date.now;
    this.logger = options.logger ?? silentLiveLogger;
  }

  /** Connections registered. */
  get size(): number {
    return this.count;
  }

  /**
   * Registers a connection until the returned function is called (on its disconnect). A connection whose
   * credentials already ended is closed at once instead.
   */
  add(connection: LiveConnection): () => void {
    if (!this.endIfInvalid(connection, true)) return () => undefined;
    let set = this.byUser.get(connection.idUser);
    if (!set) this.byUser.set(connection.idUser, (set = new Set()));
    set.add(connection);
    this.count++;
    this.startTimers();
    return () => this.remove(connection);
  }

  /** Checks every connection of a user again now (its stream changed); closes those whose credentials ended. */
  recheckUser(idUser: string): number {
    const set = this.byUser.get(idUser);
    if (!set) return 0;
    let closed = 0;
    for (const connection of [...set]) if (!this.endIfInvalid(connection, true)) closed++;
    return closed;
  }

  /** Checks every connection again now; returns how many were closed. */
  recheckAll(): number {
    let closed = 0;
    for (const set of [...this.byUser.values()]) for (const connection of [...set]) if (!this.endIfInvalid(connection, true)) closed++;
    return closed;
  }

  /** Closes the connections whose credentials expired; returns how many. */
  closeExpired(): number {
    let closed = 0;
    for (const set of [...this.byUser.values()]) for (const connection of [...set]) if (!this.endIfInvalid(connection, false)) closed++;
    return closed;
  }

  /** Stops the timers and forgets every connection (it does not close them: their owner does). */
  stop(): void {
    this.stopped = true;
    this.byUser.clear();
    this.count = 0;
    this.stopTimers();
  }

  /** True when the connection may stay; otherwise it is removed and closed. */
  private endIfInvalid(connection: LiveConnection, full: boolean): boolean {
    let reason: LiveCloseReason | null = connection.expiresAt <= this.now() ? 'expired' : null;
    if (!reason && full) {
      try {
        if (!connection.isValid()) reason = 'revoked';
      } catch (error) {
        this.logger.warn('live connection check failed with an error', { idUser: connection.idUser, error: describeError(error) });
        reason = 'revoked';
      }
    }
    if (!reason) return true;
    this.remove(connection);
    try {
      connection.close(reason);
    } catch (error) {
      this.logger.warn('closing a live connection failed', { idUser: connection.idUser, error: describeError(error) });
    }
    return false;
  }

  private remove(connection: LiveConnection): void {
    const set = this.byUser.get(connection.idUser);
    if (!set?.delete(connection)) return;
    this.count--;
    if (set.size === 0) this.byUser.delete(connection.idUser);
    if (this.count === 0) this.stopTimers();
  }

  private startTimers(): void {
    if (this.stopped) return;
    if (!this.expiryTimer) {
      this.expiryTimer = setInterval(() => this.closeExpired(), this.options.expirySweepMs ?? 1_000);
      this.expiryTimer.unref?.();
    }
    const every = this.options.recheckAllMs ?? 60_000;
    if (!this.recheckTimer && every > 0) {
      this.recheckTimer = setInterval(() => this.recheckAll(), every);
      this.recheckTimer.unref?.();
    }
  }

  private stopTimers(): void {
    if (this.expiryTimer) clearInterval(this.expiryTimer);
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    this.expiryTimer = null;
    this.recheckTimer = null;
  }
}
