import { createHash } from 'node:crypto';
import type { ReadModelDb } from '@auction/read-models';
import { sideTable } from '../platform/engine/side-table.js';
import { FORGET_AFTER_MS, type LockoutLimits, type LockoutStore, type Streak } from './account-lockout.js';

const TABLE = 'public.login_lockout';
/**
 * The row's key: a digest of the account's name (its e-mail address), not the name: failed logins are counted for any
 * name tried, existing or not, and before or after the account's erasure, so the table must hold no personal data.
 */
export const accountDigest = (account: string) => createHash('sha256').update(`login-lockout:${account}`).digest('hex');
/** Every this many failures an instance deletes the streaks that are over (not locked, forgotten). */
const SWEEP_EVERY = 1_000;

/**
 * The streaks of failed logins per account as one SQL table on the read models' connection (PostgreSQL in server
 * mode, PGlite in embedded mode), outside the read-model schema: every API instance counts the same failures and
 * sees the same locks. A failure is one upsert that counts it and computes the lock in the same statement, so
 * failures on several instances at once all count; a success is one delete; an admission one primary-key read.
 */
export class SqlLockoutStore implements LockoutStore {
  private readonly ensure: () => Promise<void>;
  private failuresSinceSweep = 0;

  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>) {
    this.ensure = sideTable(db as ReadModelDb, 'login_lockout', [
      `CREATE TABLE IF NOT EXISTS ${TABLE} (
        account text PRIMARY KEY, failures integer NOT NULL, locked_until bigint NOT NULL, last_failure bigint NOT NULL)`,
      `CREATE INDEX IF NOT EXISTS login_lockout_last_failure ON ${TABLE} (last_failure)`,
    ]);
  }

  /** Creates the table if absent (before a transaction that reads it: login-slots.ts). */
  ready(): Promise<void> {
    return this.ensure();
  }

  async get(account: string): Promise<Streak | undefined> {
    await this.ensure();
    const [row] = await this.db.query<{ failures: number; locked_until: string | number; last_failure: string | number }>(
      `SELECT failures, locked_until, last_failure FROM ${TABLE} WHERE account = $1`, [accountDigest(account)]);
    return row ? { failures: Number(row.failures), lockedUntil: Number(row.locked_until), lastFailure: Number(row.last_failure) } : undefined;
  }

  async fail(account: string, now: number, limits: LockoutLimits): Promise<void> {
    await this.ensure();
    // The new count: 1 when the streak was over (as isForgotten says), else one more.
    const failures = `(CASE WHEN t.locked_until <= $2 AND $2 - t.last_failure > $3 THEN 1 ELSE t.failures + 1 END)`;
    // As lockUntil(): none below the limit, then lockMs doubling per failure beyond it, capped at maxLockMs.
    const lock = (count: string, previous: string) =>
      `(CASE WHEN ${count} >= $4 THEN $2 + LEAST($6::bigint, ($5::bigint * power(2, LEAST(${count} - $4, 30)))::bigint) ELSE ${previous} END)`;
    await this.db.query(
      `INSERT INTO ${TABLE} AS t (account, failures, locked_until, last_failure) VALUES ($1, 1, ${lock('1', '0')}, $2)
       ON CONFLICT (account) DO UPDATE SET failures = ${failures}, locked_until = ${lock(failures, 't.locked_until')}, last_failure = $2`,
      [accountDigest(account), now, FORGET_AFTER_MS, limits.maxFailures, limits.lockMs, limits.maxLockMs],
    );
    if (++this.failuresSinceSweep >= SWEEP_EVERY) {
      this.failuresSinceSweep = 0;
      await this.db.query(`DELETE FROM ${TABLE} WHERE locked_until <= $1 AND last_failure < $2`, [now, now - FORGET_AFTER_MS]);
    }
  }

  /**
   * The right to erasure: forgets the streak of the account named by this e-mail address (accounts are signed in with
   * it), compared without case; the rows deleted.
   */
  async forgetEmail(email: string): Promise<number> {
    await this.ensure();
    const rows = await this.db.query<{ account: string }>(`DELETE FROM ${TABLE} WHERE account = $1 RETURNING account`, [accountDigest(email.normalize('NFKC').trim().toLowerCase())]);
    return rows.length;
  }

  async clear(account: string): Promise<void> {
    await this.ensure();
    await this.db.query(`DELETE FROM ${TABLE} WHERE account = $1`, [accountDigest(account)]);
  }
}
