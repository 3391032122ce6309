/** Limits of {@link AccountLockout}. */
export interface LockoutLimits {
  /** Failed logins before the account is locked. */
  readonly maxFailures: number;
  /** The first lock; each further failure doubles it. */
  readonly lockMs: number;
  /** The longest lock. */
  readonly maxLockMs: number;
}

/** Whether a login attempt may run now, and if not, for how long to wait. */
export type Admission =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly reason: 'locked' | 'busy'; readonly retryAfterMs: number };

/** What a settled attempt came to: `none` when the password was not judged (bad request, aborted call). */
export type Outcome = 'success' | 'failure' | 'none';

/** What decides an account's lock: kept where every instance sees it (the SQL store), or in memory. */
export interface Streak {
  readonly failures: number;
  readonly lockedUntil: number;
  readonly lastFailure: number;
}

/** Where the streaks are kept. The product's is the SQL store (sql-lockout-store.ts), shared by every instance. */
export interface LockoutStore {
  /** The account's streak, or undefined (forgotten or never failed). */
  get(account: string): Promise<Streak | undefined>;
  /**
   * Records a failure at `now` (one statement: concurrent failures on several instances all count): the streak
   * restarts when forgotten ({@link isForgotten}); reaching `maxFailures` locks as {@link lockUntil} says.
   */
  fail(account: string, now: number, limits: LockoutLimits): Promise<void>;
  /** Forgets the streak (a successful login). */
  clear(account: string): Promise<void>;
}

/** A streak is forgotten this long after its last failure (a success forgets it at once). */
export const FORGET_AFTER_MS = 24 * 3600_000;
const BUSY_RETRY_MS = 1000;

/** Whether a streak is over: not locked, and its last failure older than {@link FORGET_AFTER_MS}. */
export const isForgotten = (streak: Streak, now: number) => streak.lockedUntil <= now && now - streak.lastFailure > FORGET_AFTER_MS;

/** The lock after the `failures`-th failure at `now`: none below the limit, then `lockMs` doubling per failure, capped. */
export function lockUntil(failures: number, now: number, limits: LockoutLimits, previous: number): number {
  const beyond = failures - limits.maxFailures;
  return beyond >= 0 ? now + Math.min(limits.maxLockMs, limits.lockMs * 2 ** Math.min(beyond, 30)) : previous;
}

/** Streaks in memory (one instance): at most `capacity` accounts, the least recently failed forgotten first. */
export class MemoryLockoutStore implements LockoutStore {
  private readonly streaks = new Map<string, Streak>();

  constructor(private readonly capacity = 100_000) {}

  async get(account: string): Promise<Streak | undefined> {
    return this.streaks.get(account);
  }

  async fail(account: string, now: number, limits: LockoutLimits): Promise<void> {
    const old = this.streaks.get(account);
    const live = old && !isForgotten(old, now) ? old : undefined;
    const failures = (live?.failures ?? 0) + 1;
    this.streaks.delete(account); // re-inserted last: the map's order is the order of the last failures
    if (this.streaks.size >= this.capacity) {
      const oldest = this.streaks.keys().next();
      if (!oldest.done) this.streaks.delete(oldest.value);
    }
    this.streaks.set(account, { failures, lastFailure: now, lockedUntil: lockUntil(failures, now, limits, live?.lockedUntil ?? 0) });
  }

  async clear(account: string): Promise<void> {
    this.streaks.delete(account);
  }
}

/**
 * Failed logins per account, with a growing lock: after `maxFailures` failures the account's logins are refused for
 * `lockMs`, and each failure after a lock doubles it (capped at `maxLockMs`). A successful login forgets the streak.
 * The lock is a delay, not a hard lockout, so that an attacker can keep a victim's account locked for at most the
 * capped window per wrong guess. The streaks are in a {@link LockoutStore}: in the product the SQL one, so failures
 * spread over several instances count as on one and a lock taken on one holds on all. The attempts in flight (counted
 * by login-slots.ts, on every instance) count against the allowance, so concurrent guesses cannot outrun the counter;
 * once locked out and released, one attempt at a time is admitted. Unknown usernames are tracked like known ones (the
 * answer never tells whether an account exists).
 */
export class AccountLockout {
  constructor(private readonly limits: LockoutLimits, private readonly store: LockoutStore = new MemoryLockoutStore()) {}

  /**
   * Whether an attempt for `account` may run now, with `inFlight` of its attempts admitted and not settled: read
   * before the streak (login-slots.ts), so that one settled in between is in the streak read here.
   */
  async judge(account: string, now: number, inFlight: number): Promise<Admission> {
    const streak = await this.live(account, now);
    if (streak && streak.lockedUntil > now) return { allowed: false, reason: 'locked', retryAfterMs: streak.lockedUntil - now };
    if (inFlight >= Math.max(1, this.limits.maxFailures - (streak?.failures ?? 0))) return { allowed: false, reason: 'busy', retryAfterMs: BUSY_RETRY_MS };
    return { allowed: true };
  }

  /** Stores the outcome of an admitted attempt; resolves once it is stored (the next attempt, on any instance, sees it). */
  async settle(account: string, outcome: Outcome, now: number): Promise<void> {
    if (outcome === 'success') await this.store.clear(account);
    else if (outcome === 'failure') await this.store.fail(account, now, this.limits);
  }

  /** Consecutive failures of `account` (0 when forgotten). */
  async failures(account: string, now: number): Promise<number> {
    return (await this.live(account, now))?.failures ?? 0;
  }

  private async live(account: string, now: number): Promise<Streak | undefined> {
    const streak = await this.store.get(account);
    return streak && !isForgotten(streak, now) ? streak : undefined;
  }
}
