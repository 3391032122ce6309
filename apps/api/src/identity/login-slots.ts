import { randomUUID } from 'node:crypto';
import type { ReadModelDb } from '@auction/read-models';
import { concurrencyLimit } from '../platform/engine/bounded.js';
import { KeyedSerial } from '../platform/engine/keyed-serial.js';
import { sideTable } from '../platform/engine/side-table.js';
import { tableKey } from '../platform/limits/sql-rate-limit-store.js';
import { accountDigest } from './sql-lockout-store.js';

/** The logins in flight (admitted, not settled) of one client address and of one account, as an admission read them. */
export interface InFlight {
  readonly address: number;
  readonly account: number;
}

/** An admitted login: in flight until {@link LoginSlots.release}. */
export interface Slot {
  readonly id: string;
  readonly address: string;
  readonly account: string;
}

/**
 * The logins admitted and not answered yet, per client address and per account, and the admissions that count them
 * (login-protection.ts). An admission reads the logins in flight first and only then, in `decide`, the stored
 * failures: a login settles by storing its failure and then releasing its slot, so a slot found gone means its
 * failure is in what `decide` reads (a slot still there and its failure both seen count it twice, on the safe side).
 * No other admission of the same address or account runs between the read and the slot's taking.
 */
export interface LoginSlots {
  /** Decides on a login of `account` from `address`; takes a slot when `take(verdict)` says so. */
  admit<T>(address: string, account: string, decide: (inFlight: InFlight) => Promise<T>, take: (verdict: T) => boolean): Promise<{ verdict: T; slot?: Slot }>;
  /** Ends an admitted login (its failure, if it failed, stored already). */
  release(slot: Slot): Promise<void>;
  /** Resolves when a login of `address` is released here, when {@link wake} is called, or after `timeoutMs`. */
  released(address: string, timeoutMs: number): Promise<void>;
  /** Lets the logins waiting on `address` here look again. */
  wake(address: string): void;
}

/**
 * What both kinds share: the admissions of one address, and those of one account, decided one at a time on this
 * instance (in memory that is the whole guarantee), those of other addresses and accounts beside them; on SQL at most
 * {@link ADMISSION_CONNECTIONS} at once, so admissions hold a few pool connections however many logins arrive; and the
 * local waits for a release. One queue for every admission let one slow admission (its address's lock held by another
 * instance's admission, or the hundreds of polls of a burst from one address) hold back every login of the instance.
 */
abstract class LocalTurns implements LoginSlots {
  // Two keyed queues taken in this order, the address's then the account's, so that no two admissions wait on each
  // other in turn (as the advisory locks: SqlLoginSlots).
  private readonly addressTurns = new KeyedSerial();
  private readonly accountTurns = new KeyedSerial();
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly bounded: <R>(work: () => Promise<R>) => Promise<R>;

  constructor(concurrency: number) {
    this.bounded = concurrencyLimit(concurrency);
  }

  admit<T>(address: string, account: string, decide: (inFlight: InFlight) => Promise<T>, take: (verdict: T) => boolean): Promise<{ verdict: T; slot?: Slot }> {
    return this.addressTurns.run(address, () => this.accountTurns.run(account, () => this.bounded(() => this.decideAndTake(address, account, decide, take))));
  }

  async release(slot: Slot): Promise<void> {
    try {
      await this.free(slot);
    } finally {
      this.wake(slot.address);
    }
  }

  released(address: string, timeoutMs: number): Promise<void> {
    let waiters = this.waiters.get(address);
    if (!waiters) this.waiters.set(address, (waiters = new Set()));
    const set = waiters;
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && this.waiters.get(address) === set) this.waiters.delete(address);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, timeoutMs));
      set.add(done);
    });
  }

  wake(address: string): void {
    for (const waiter of [...(this.waiters.get(address) ?? [])]) waiter();
  }

  protected abstract decideAndTake<T>(address: string, account: string, decide: (inFlight: InFlight) => Promise<T>, take: (verdict: T) => boolean): Promise<{ verdict: T; slot?: Slot }>;
  protected abstract free(slot: Slot): Promise<void>;
}

/** The slots of one instance, in memory (no database: the tests' and tools' servers). */
export class MemoryLoginSlots extends LocalTurns {
  private readonly addresses = new Map<string, number>();
  private readonly accounts = new Map<string, number>();

  constructor() {
    super(Number.POSITIVE_INFINITY);
  }

  protected async decideAndTake<T>(address: string, account: string, decide: (inFlight: InFlight) => Promise<T>, take: (verdict: T) => boolean): Promise<{ verdict: T; slot?: Slot }> {
    const verdict = await decide({ address: this.addresses.get(address) ?? 0, account: this.accounts.get(account) ?? 0 });
    if (!take(verdict)) return { verdict };
    bump(this.addresses, address, 1);
    bump(this.accounts, account, 1);
    return { verdict, slot: { id: randomUUID(), address, account } };
  }

  protected async free(slot: Slot): Promise<void> {
    bump(this.addresses, slot.address, -1);
    bump(this.accounts, slot.account, -1);
  }
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const count = (counts.get(key) ?? 0) + by;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

const TABLE = 'public.login_slots';
/**
 * A slot counts this long at most: the slots of an instance that stopped without releasing them (a crash) stop
 * counting then. A login's password check takes well under a second; one still running this long counts no more.
 */
export const SLOT_TTL_MS = 120_000;
/** Every this many admissions taken an instance deletes the slots that expired. */
const SWEEP_EVERY = 1_000;
/** Admissions in their transaction at once on one instance: the pool's other connections serve everything else. */
export const ADMISSION_CONNECTIONS = 4;
/**
 * How long an admission waits for its address's or account's lock: held longer, it is another instance's admission
 * that hangs (its connection lost), and the login fails cleanly instead of waiting with it.
 */
export const ADMISSION_LOCK_TIMEOUT_MS = 5_000;

/**
 * The slots of every instance, one SQL table on the read models' connection (PostgreSQL in server mode, PGlite in
 * embedded mode), outside the read-model schema: a burst of logins spread over several instances is counted as on
 * one. An admission is one transaction holding the transaction-scoped advisory locks of its address and its account
 * (in the two-key space, the address's before the account's in every admission, so two never wait on each other in
 * turn); `decide`'s own queries on the same connection object run in it (ReadModelDb routes them there), after the
 * count of the slots. The account is kept as its digest, as in the lockout table, and an address too long for the
 * index as its digest ({@link tableKey}).
 */
export class SqlLoginSlots extends LocalTurns {
  private readonly ensure: () => Promise<void>;
  private takenSinceSweep = 0;

  /** `prepare` runs before each admission's transaction: the side tables `decide` reads must not be created inside it. */
  constructor(private readonly db: Pick<ReadModelDb, 'query' | 'transaction'>, private readonly prepare: () => Promise<void> = async () => {}, private readonly clock: () => number = Date.now) {
    super(ADMISSION_CONNECTIONS);
    this.ensure = sideTable(db, 'login_slots', [
      `CREATE TABLE IF NOT EXISTS ${TABLE} (id text PRIMARY KEY, address text NOT NULL, account text NOT NULL, expires_at bigint NOT NULL)`,
      `CREATE INDEX IF NOT EXISTS login_slots_address ON ${TABLE} (address)`,
      `CREATE INDEX IF NOT EXISTS login_slots_account ON ${TABLE} (account)`,
    ]);
  }

  protected async decideAndTake<T>(address: string, account: string, decide: (inFlight: InFlight) => Promise<T>, take: (verdict: T) => boolean): Promise<{ verdict: T; slot?: Slot }> {
    await this.ensure();
    await this.prepare();
    const digest = accountDigest(account);
    const key = tableKey(address);
    return this.db.transaction(async (tx) => {
      await tx.query(`SET LOCAL lock_timeout = ${ADMISSION_LOCK_TIMEOUT_MS}`);
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('login-slots:address'), hashtext($1))`, [address]);
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('login-slots:account'), hashtext($1))`, [digest]);
      const now = this.clock();
      const [counts] = await tx.query<{ address: number; account: number }>(
        `SELECT (SELECT count(*) FROM ${TABLE} WHERE address = $1 AND expires_at > $3)::int AS address,
                (SELECT count(*) FROM ${TABLE} WHERE account = $2 AND expires_at > $3)::int AS account`,
        [key, digest, now]);
      const verdict = await decide({ address: Number(counts!.address), account: Number(counts!.account) });
      if (!take(verdict)) return { verdict };
      const slot: Slot = { id: randomUUID(), address, account };
      await tx.query(`INSERT INTO ${TABLE} (id, address, account, expires_at) VALUES ($1, $2, $3, $4)`, [slot.id, key, digest, now + SLOT_TTL_MS]);
      if (++this.takenSinceSweep >= SWEEP_EVERY) {
        this.takenSinceSweep = 0;
        await tx.query(`DELETE FROM ${TABLE} WHERE expires_at <= $1`, [now]);
      }
      return { verdict, slot };
    });
  }

  protected async free(slot: Slot): Promise<void> {
    await this.db.query(`DELETE FROM ${TABLE} WHERE id = $1`, [slot.id]);
  }
}
