/**
 * The growing lock per account, on the memory store and on the SQL store every instance shares (PGlite in memory;
 * PostgreSQL too when DATABASE_URL is set).
 */
import { describe, expect, it } from '@jest/globals';
import type { ReadModelDb } from '@auction/read-models';
import { READ_MODEL_MODES, withFreshReadModelDb } from '../testing/read-model-db.test-support.js';
import { AccountLockout, MemoryLockoutStore, type LockoutStore } from './account-lockout.js';
import { SqlLockoutStore } from './sql-lockout-store.js';

const limits = { maxFailures: 3, lockMs: 10_000, maxLockMs: 60_000 };

/** Runs one attempt to its outcome; returns the admission. */
async function attempt(lockout: AccountLockout, outcome: 'success' | 'failure', now: number, account = 'dealer1') {
  const admission = await lockout.judge(account, now, 0);
  if (admission.allowed) await lockout.settle(account, outcome, now);
  return admission;
}

type MakeStore = () => Promise<LockoutStore>;
const STORES: [string, (register: (make: MakeStore) => void) => void][] = [
  ['memory', (register) => register(async () => new MemoryLockoutStore())],
  ...READ_MODEL_MODES.map((mode): [string, (register: (make: MakeStore) => void) => void] => [`SQL on ${mode}`, (register) => {
    let db: ReadModelDb;
    withFreshReadModelDb(mode, ([opened]) => { db = opened!; });
    // The tests share one database: each starts from an empty table.
    register(async () => {
      const store = new SqlLockoutStore(db);
      await store.get('nobody');
      await db.query('DELETE FROM public.login_lockout');
      return store;
    });
  }]),
];

describe.each(STORES)('AccountLockout on the %s store (#24 item 1)', (_name, setUp) => {
  let fresh!: MakeStore;
  setUp((make) => { fresh = make; });

  it('admits attempts below the limit and locks the account once it is reached', async () => {
    const lockout = new AccountLockout(limits, await fresh());
    for (let i = 0; i < 3; i++) expect(await attempt(lockout, 'failure', 1000)).toEqual({ allowed: true });
    expect(await lockout.judge('dealer1', 1000, 0)).toEqual({ allowed: false, reason: 'locked', retryAfterMs: 10_000 });
    expect(await lockout.judge('dealer2', 1000, 0)).toEqual({ allowed: true });
  });

  it('refuses the right password too while locked, and doubles the lock with each further failure up to the cap', async () => {
    const lockout = new AccountLockout(limits, await fresh());
    for (let i = 0; i < 3; i++) await attempt(lockout, 'failure', 0);
    expect(await attempt(lockout, 'success', 9_999)).toMatchObject({ allowed: false, reason: 'locked' });
    expect(await attempt(lockout, 'failure', 10_000)).toEqual({ allowed: true });
    expect(await lockout.judge('dealer1', 10_000, 0)).toMatchObject({ retryAfterMs: 20_000 });
    await attempt(lockout, 'failure', 30_000);
    expect(await lockout.judge('dealer1', 30_000, 0)).toMatchObject({ retryAfterMs: 40_000 });
    await attempt(lockout, 'failure', 70_000);
    expect(await lockout.judge('dealer1', 70_000, 0)).toMatchObject({ retryAfterMs: 60_000 });
  });

  it('forgets the streak on a successful login', async () => {
    const lockout = new AccountLockout(limits, await fresh());
    for (let i = 0; i < 3; i++) await attempt(lockout, 'failure', 0);
    expect(await attempt(lockout, 'success', 10_000)).toEqual({ allowed: true });
    expect(await lockout.failures('dealer1', 10_000)).toBe(0);
    for (let i = 0; i < 2; i++) expect(await attempt(lockout, 'failure', 10_000)).toEqual({ allowed: true });
    expect(await lockout.judge('dealer1', 10_000, 0)).toEqual({ allowed: true });
  });

  it('counts the attempts in flight, so concurrent guesses cannot outrun the counter', async () => {
    const lockout = new AccountLockout(limits, await fresh());
    expect(await lockout.judge('dealer1', 0, 2)).toEqual({ allowed: true });
    expect(await lockout.judge('dealer1', 0, 3)).toEqual({ allowed: false, reason: 'busy', retryAfterMs: 1000 });
    await attempt(lockout, 'failure', 0);
    expect(await lockout.judge('dealer1', 0, 1)).toEqual({ allowed: true });
    expect(await lockout.judge('dealer1', 0, 2)).toMatchObject({ allowed: false, reason: 'busy' });
  });

  it('admits one attempt at a time once a lock has run out', async () => {
    const lockout = new AccountLockout(limits, await fresh());
    for (let i = 0; i < 3; i++) await attempt(lockout, 'failure', 0);
    expect(await lockout.judge('dealer1', 10_000, 0)).toEqual({ allowed: true });
    expect(await lockout.judge('dealer1', 10_000, 1)).toMatchObject({ allowed: false, reason: 'busy' });
  });

  it('forgets a streak a day after its last failure', async () => {
    const lockout = new AccountLockout(limits, await fresh());
    await attempt(lockout, 'failure', 0);
    expect(await lockout.failures('dealer1', 24 * 3600_000)).toBe(1);
    expect(await lockout.failures('dealer1', 24 * 3600_000 + 1)).toBe(0);
  });

});

describe('AccountLockout on the memory store', () => {
  it('forgets the least recently failed account when full', async () => {
    const lockout = new AccountLockout(limits, new MemoryLockoutStore(2));
    await attempt(lockout, 'failure', 0, 'a');
    await attempt(lockout, 'failure', 0, 'b');
    await attempt(lockout, 'failure', 1, 'a');
    await attempt(lockout, 'failure', 2, 'c');
    expect([await lockout.failures('a', 3), await lockout.failures('b', 3), await lockout.failures('c', 3)]).toEqual([2, 0, 1]);
  });
});

describe.each(READ_MODEL_MODES)('AccountLockout shared by two instances on %s (#24 item 1)', (mode) => {
  let a: ReadModelDb;
  let b: ReadModelDb;
  withFreshReadModelDb(mode, ([first, second]) => { a = first!; b = second!; }, 2);

  it('failures spread over two instances lock as on one, and the lock holds on both', async () => {
    const one = new AccountLockout(limits, new SqlLockoutStore(a));
    const two = new AccountLockout(limits, new SqlLockoutStore(b));
    expect(await attempt(one, 'failure', 1000)).toEqual({ allowed: true });
    expect(await attempt(two, 'failure', 1000)).toEqual({ allowed: true });
    expect(await attempt(one, 'failure', 1000)).toEqual({ allowed: true });
    expect(await two.judge('dealer1', 1000, 0)).toEqual({ allowed: false, reason: 'locked', retryAfterMs: 10_000 });
    expect(await one.judge('dealer1', 1000, 0)).toEqual({ allowed: false, reason: 'locked', retryAfterMs: 10_000 });
    // Concurrent failures stored on both instances all count (each judged with none in flight): the 4th and 5th double the lock twice.
    expect(await Promise.all([one.judge('dealer1', 11_000, 0), two.judge('dealer1', 11_000, 0)])).toEqual([{ allowed: true }, { allowed: true }]);
    await Promise.all([one.settle('dealer1', 'failure', 11_000), two.settle('dealer1', 'failure', 11_000)]);
    expect(await one.failures('dealer1', 11_000)).toBe(5);
    expect(await two.judge('dealer1', 11_000, 0)).toEqual({ allowed: false, reason: 'locked', retryAfterMs: 40_000 });
    // A success on one forgets the streak on both.
    expect(await attempt(one, 'success', 60_000)).toEqual({ allowed: true });
    expect(await two.failures('dealer1', 60_000)).toBe(0);
  });
});
