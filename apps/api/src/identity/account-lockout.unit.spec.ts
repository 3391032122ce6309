import { describe, expect, it } from '@jest/globals';
import { AccountLockout } from './account-lockout.js';

const limits = { maxFailures: 3, lockMs: 10_000, maxLockMs: 60_000 };

/** Runs one attempt to its outcome; returns the admission. */
function attempt(lockout: AccountLockout, outcome: 'success' | 'failure', now: number, account = 'dealer1') {
  const admission = lockout.admit(account, now);
  if (admission.allowed) lockout.settle(account, outcome, now);
  return admission;
}

describe('AccountLockout', () => {
  it('admits attempts below the limit and locks the account once it is reached', () => {
    const lockout = new AccountLockout(limits);
    for (let i = 0; i < 3; i++) expect(attempt(lockout, 'failure', 1000)).toEqual({ allowed: true });
    expect(lockout.admit('dealer1', 1000)).toEqual({ allowed: false, reason: 'locked', retryAfterMs: 10_000 });
    expect(lockout.admit('dealer2', 1000)).toEqual({ allowed: true });
  });

  it('refuses the right password too while locked, and doubles the lock with each further failure up to the cap', () => {
    const lockout = new AccountLockout(limits);
    for (let i = 0; i < 3; i++) attempt(lockout, 'failure', 0);
    expect(attempt(lockout, 'success', 9_999)).toMatchObject({ allowed: false, reason: 'locked' });
    expect(attempt(lockout, 'failure', 10_000)).toEqual({ allowed: true });
    expect(lockout.admit('dealer1', 10_000)).toMatchObject({ retryAfterMs: 20_000 });
    attempt(lockout, 'failure', 30_000);
    expect(lockout.admit('dealer1', 30_000)).toMatchObject({ retryAfterMs: 40_000 });
    attempt(lockout, 'failure', 70_000);
    expect(lockout.admit('dealer1', 70_000)).toMatchObject({ retryAfterMs: 60_000 });
  });

  it('forgets the streak on a successful login', () => {
    const lockout = new AccountLockout(limits);
    for (let i = 0; i < 3; i++) attempt(lockout, 'failure', 0);
    expect(attempt(lockout, 'success', 10_000)).toEqual({ allowed: true });
    expect(lockout.failures('dealer1', 10_000)).toBe(0);
    for (let i = 0; i < 2; i++) expect(attempt(lockout, 'failure', 10_000)).toEqual({ allowed: true });
    expect(lockout.admit('dealer1', 10_000)).toEqual({ allowed: true });
  });

  it('counts attempts in flight, so concurrent guesses cannot outrun the counter', () => {
    const lockout = new AccountLockout(limits);
    const admitted = Array.from({ length: 10 }, () => lockout.admit('dealer1', 0)).filter((a) => a.allowed);
    expect(admitted).toHaveLength(3);
    expect(lockout.admit('dealer1', 0)).toEqual({ allowed: false, reason: 'busy', retryAfterMs: 1000 });
    lockout.settle('dealer1', 'none', 0);
    expect(lockout.admit('dealer1', 0)).toEqual({ allowed: true });
  });

  it('admits one attempt at a time once a lock has run out', () => {
    const lockout = new AccountLockout(limits);
    for (let i = 0; i < 3; i++) attempt(lockout, 'failure', 0);
    expect(lockout.admit('dealer1', 10_000)).toEqual({ allowed: true });
    expect(lockout.admit('dealer1', 10_000)).toMatchObject({ allowed: false, reason: 'busy' });
  });

  it('forgets a streak a day after its last failure', () => {
    const lockout = new AccountLockout(limits);
    attempt(lockout, 'failure', 0);
    expect(lockout.failures('dealer1', 24 * 3600_000)).toBe(1);
    expect(lockout.failures('dealer1', 24 * 3600_000 + 1)).toBe(0);
  });

  it('forgets the least recently failed account when full', () => {
    const lockout = new AccountLockout(limits, 2);
    attempt(lockout, 'failure', 0, 'a');
    attempt(lockout, 'failure', 0, 'b');
    attempt(lockout, 'failure', 1, 'a');
    attempt(lockout, 'failure', 2, 'c');
    expect([lockout.failures('a', 3), lockout.failures('b', 3), lockout.failures('c', 3)]).toEqual([2, 0, 1]);
  });
});
