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

interface Entry {
  failures: number;
  /** Attempts admitted and not settled yet. */
  pending: number;
  lockedUntil: number;
  lastFailure: number;
}

/** A streak of failures is forgotten this long after its last failure (a success forgets it at once). */
const FORGET_AFTER_MS = 24 * 3600_000;
const BUSY_RETRY_MS = 1000;

/**
 * Failed logins per account, with a growing lock: after `maxFailures` failures the account's logins are refused for
 * `lockMs`, and each failure after a lock doubles it (capped at `maxLockMs`). A successful login forgets the streak.
 * The lock is a delay, not a hard lockout, so that an attacker can keep a victim's account locked for at most the
 * capped window per wrong guess. Attempts in flight count against the allowance, so concurrent guesses cannot
 * outrun the counter; once locked out and released, one attempt at a time is admitted. Unknown usernames are tracked
 * like known ones (the answer never tells whether an account exists). At most `capacity` accounts are remembered
 * (least recently failed forgotten first).
 */
export class AccountLockout {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly limits: LockoutLimits, private readonly capacity = 100_000) {}

  /** Admits an attempt for `account` (counted as in flight until {@link settle}) or says how long to wait. */
  admit(account: string, now: number): Admission {
    const entry = this.current(account, now) ?? this.create(account);
    if (entry.lockedUntil > now) return { allowed: false, reason: 'locked', retryAfterMs: entry.lockedUntil - now };
    if (entry.pending >= Math.max(1, this.limits.maxFailures - entry.failures)) {
      return { allowed: false, reason: 'busy', retryAfterMs: BUSY_RETRY_MS };
    }
    entry.pending++;
    return { allowed: true };
  }

  /** Ends an admitted attempt. */
  settle(account: string, outcome: Outcome, now: number): void {
    const entry = this.entries.get(account);
    if (!entry) return;
    entry.pending = Math.max(0, entry.pending - 1);
    if (outcome === 'success') {
      entry.failures = 0;
      entry.lockedUntil = 0;
    } else if (outcome === 'failure') {
      entry.failures++;
      entry.lastFailure = now;
      const beyond = entry.failures - this.limits.maxFailures;
      if (beyond >= 0) entry.lockedUntil = now + Math.min(this.limits.maxLockMs, this.limits.lockMs * 2 ** Math.min(beyond, 30));
      this.entries.delete(account); // re-inserted last: the map's order is the order of the last failures
      this.entries.set(account, entry);
    }
    if (entry.pending === 0 && entry.failures === 0) this.entries.delete(account);
  }

  /** Consecutive failures of `account` (0 when forgotten). */
  failures(account: string, now: number): number {
    return this.current(account, now)?.failures ?? 0;
  }

  private current(account: string, now: number): Entry | undefined {
    const entry = this.entries.get(account);
    if (entry && entry.pending === 0 && entry.lockedUntil <= now && now - entry.lastFailure > FORGET_AFTER_MS) {
      this.entries.delete(account);
      return undefined;
    }
    return entry;
  }

  private create(account: string): Entry {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const entry: Entry = { failures: 0, pending: 0, lockedUntil: 0, lastFailure: 0 };
    this.entries.set(account, entry);
    return entry;
  }
}
