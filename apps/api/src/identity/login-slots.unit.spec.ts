/**
 * The logins in flight per client address and per account (login-slots.ts): in memory, and in the SQL table every
 * instance shares (PGlite in memory; PostgreSQL too when DATABASE_URL is set).
 */
import { describe, expect, it } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ReadModelDb } from '@auction/read-models';
import { READ_MODEL_MODES, withFreshReadModelDb } from '../testing/read-model-db.test-support.js';
import { ADMISSION_CONNECTIONS, ADMISSION_LOCK_TIMEOUT_MS, MemoryLoginSlots, SLOT_TTL_MS, SqlLoginSlots, type InFlight, type LoginSlots } from './login-slots.js';

/** Admits when `allow(inFlight)`; resolves with what the admission read and its slot. */
const admitIf = (slots: LoginSlots, address: string, account: string, allow: (inFlight: InFlight) => boolean = () => true) =>
  slots.admit(address, account, async (inFlight) => ({ inFlight, ok: allow(inFlight) }), (verdict) => verdict.ok);

type MakeSlots = () => Promise<LoginSlots>;
const KINDS: [string, (register: (make: MakeSlots) => void) => void][] = [
  ['memory', (register) => register(async () => new MemoryLoginSlots())],
  ...READ_MODEL_MODES.map((mode): [string, (register: (make: MakeSlots) => void) => void] => [`SQL on ${mode}`, (register) => {
    let db: ReadModelDb;
    withFreshReadModelDb(mode, ([opened]) => { db = opened!; });
    register(async () => {
      const slots = new SqlLoginSlots(db);
      await admitIf(slots, 'none', 'none', () => false); // creates the table
      await db.query('DELETE FROM public.login_slots');
      return slots;
    });
  }]),
];

describe.each(KINDS)('LoginSlots, %s', (_name, setUp) => {
  let fresh!: MakeSlots;
  setUp((make) => { fresh = make; });

  it('counts the slots taken per address and per account until released; a verdict not taken counts nothing', async () => {
    const slots = await fresh();
    const first = await admitIf(slots, '203.0.113.1', 'dealer1');
    expect(first.verdict.inFlight).toEqual({ address: 0, account: 0 });
    const second = await admitIf(slots, '203.0.113.1', 'dealer2');
    expect(second.verdict.inFlight).toEqual({ address: 1, account: 0 });
    expect((await admitIf(slots, '203.0.113.2', 'dealer1', () => false)).slot).toBeUndefined();
    expect((await admitIf(slots, '203.0.113.2', 'dealer1')).verdict.inFlight).toEqual({ address: 0, account: 1 });
    expect((await admitIf(slots, '203.0.113.1', 'dealer1', () => false)).verdict.inFlight).toEqual({ address: 2, account: 2 });
    await slots.release(first.slot!);
    await slots.release(second.slot!);
    expect((await admitIf(slots, '203.0.113.1', 'dealer1', () => false)).verdict.inFlight).toEqual({ address: 0, account: 1 });
  });

  it('decides one admission at a time: 30 at once, admitted while fewer than 4 are in flight, take 4', async () => {
    const slots = await fresh();
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => slots.admit('198.51.100.7', `dealer${i}`, async (inFlight) => {
      await sleep(i % 3); // the stored failures' read takes a while
      return inFlight.address < 4;
    }, (ok) => ok)));
    expect(all.filter((a) => a.slot).length).toBe(4);
  });

  it('decides one admission of an account at a time: 30 at once from 30 addresses, admitted while fewer than 3 are in flight, take 3', async () => {
    const slots = await fresh();
    const all = await Promise.all(Array.from({ length: 30 }, (_, i) => slots.admit(`198.51.100.${i + 100}`, 'dealer7', async (inFlight) => {
      await sleep(i % 3);
      return inFlight.account < 3;
    }, (ok) => ok)));
    expect(all.filter((a) => a.slot).length).toBe(3);
  });

  it('goes on after a decision that failed, taking nothing for it', async () => {
    const slots = await fresh();
    await expect(slots.admit('192.0.2.9', 'dealer1', async () => { throw new Error('read failed'); }, () => true)).rejects.toThrow('read failed');
    expect((await admitIf(slots, '192.0.2.9', 'dealer1')).verdict.inFlight).toEqual({ address: 0, account: 0 });
  });

  it('wakes the logins waiting on an address when one of it is released, not those of another', async () => {
    const slots = await fresh();
    const { slot } = await admitIf(slots, '192.0.2.1', 'dealer1');
    let woken = '';
    const waits = [slots.released('192.0.2.1', 10_000).then(() => { woken += 'a'; }), slots.released('192.0.2.2', 300).then(() => { woken += 'b'; })];
    await slots.release(slot!);
    await sleep(50);
    expect(woken).toBe('a');
    await Promise.all(waits);
    expect(woken).toBe('ab');
  });
});

/** Resolves with `promise`'s outcome, or with 'pending' if it has not settled within `ms`. */
const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise.then((value) => ({ value }), (error: unknown) => ({ error })), sleep(ms, 'pending' as const, { ref: false })]);

// PGlite is one session: a transaction that waits holds every other query of the process anyway.
const WAITING_KINDS = KINDS.filter(([name]) => name !== 'SQL on pglite');

describe.each(WAITING_KINDS)('LoginSlots, %s: an admission that waits', (_name, setUp) => {
  let fresh!: MakeSlots;
  setUp((make) => { fresh = make; });

  it('holds back the admissions of its address only, not those of other addresses and accounts', async () => {
    // Before the fix every admission of the instance waited for the one before it (one queue).
    const slots = await fresh();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    const stuck = slots.admit('192.0.2.30', 'dealer30', async () => { await gate; return true; }, (ok) => ok);
    const sameAddress = admitIf(slots, '192.0.2.30', 'dealer31');
    expect(await within(admitIf(slots, '192.0.2.31', 'dealer32'), 2000)).toEqual({ value: expect.objectContaining({ slot: expect.anything() }) });
    expect(await within(sameAddress, 100)).toBe('pending');
    open();
    expect((await stuck).slot).toBeDefined();
    expect((await sameAddress).verdict.inFlight).toEqual({ address: 1, account: 0 });
  });
});

describe.each(READ_MODEL_MODES.filter((mode) => mode === 'postgres'))('SqlLoginSlots on %s: the locks and connections of admissions', (mode) => {
  let db: ReadModelDb;
  withFreshReadModelDb(mode, ([opened]) => { db = opened!; });

  it(`holds at most ${ADMISSION_CONNECTIONS} connections for admissions at once, however many addresses arrive`, async () => {
    const slots = new SqlLoginSlots(db);
    let deciding = 0;
    let most = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    const all = Array.from({ length: 12 }, (_, i) => slots.admit(`192.0.2.${i + 50}`, `dealer${i}`, async () => {
      most = Math.max(most, ++deciding);
      await gate;
      deciding--;
      return true;
    }, (ok) => ok));
    await sleep(500);
    expect(most).toBe(ADMISSION_CONNECTIONS);
    open();
    expect((await Promise.all(all)).filter((a) => a.slot)).toHaveLength(12);
  });

  it(`fails an admission whose address's lock another session holds longer than ${ADMISSION_LOCK_TIMEOUT_MS} ms, taking nothing, while other addresses are admitted`, async () => {
    const slots = new SqlLoginSlots(db);
    await admitIf(slots, 'none', 'none', () => false); // creates the table
    const holder = await db.dataSource.createQueryRunner('master');
    try {
      await holder.query(`SELECT pg_advisory_lock(hashtext('login-slots:address'), hashtext('192.0.2.40'))`);
      const started = Date.now();
      const held = within(admitIf(slots, '192.0.2.40', 'dealer40'), ADMISSION_LOCK_TIMEOUT_MS + 3000);
      expect(await within(admitIf(slots, '192.0.2.41', 'dealer41'), 2000)).toEqual({ value: expect.objectContaining({ slot: expect.anything() }) });
      expect(await held).toEqual({ error: expect.objectContaining({ message: expect.stringMatching(/lock timeout/) }) });
      expect(Date.now() - started).toBeGreaterThanOrEqual(ADMISSION_LOCK_TIMEOUT_MS - 100);
    } finally {
      await holder.query(`SELECT pg_advisory_unlock_all()`);
      await holder.release();
    }
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.login_slots WHERE address = '192.0.2.40'`);
    expect(row?.n).toBe(0);
  }, 15_000);
});

describe.each(READ_MODEL_MODES)('SqlLoginSlots shared by two instances on %s', (mode) => {
  let a: ReadModelDb;
  let b: ReadModelDb;
  withFreshReadModelDb(mode, ([first, second]) => { a = first!; b = second!; }, 2);

  it('admits no more than the allowance of one address and of one account over both', async () => {
    const one = new SqlLoginSlots(a);
    const two = new SqlLoginSlots(b);
    const burst = (address: (i: number) => string, account: (i: number) => string, allowance: (inFlight: InFlight) => boolean) =>
      Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? one : two).admit(address(i), account(i), async (inFlight) => {
        await sleep(i % 4);
        return allowance(inFlight);
      }, (ok) => ok)));
    const byAddress = await burst(() => '203.0.113.45', (i) => `guess${i}`, (inFlight) => inFlight.address < 6);
    expect(byAddress.filter((r) => r.slot).length).toBe(6);
    const byAccount = await burst((i) => `198.51.105.${i}`, () => 'dealer2', (inFlight) => inFlight.account < 3);
    expect(byAccount.filter((r) => r.slot).length).toBe(3);
    // Slots released on one instance, whichever took them, are gone on the other.
    for (const { slot } of byAddress) if (slot) await one.release(slot);
    expect((await admitIf(two, '203.0.113.45', 'x', () => false)).verdict.inFlight.address).toBe(0);
  });

  it('stops counting a slot after SLOT_TTL_MS (an instance that crashed holding it)', async () => {
    let now = 1_000_000;
    const slots = new SqlLoginSlots(a, async () => {}, () => now);
    await admitIf(slots, '192.0.2.77', 'dealer9');
    expect((await admitIf(slots, '192.0.2.77', 'dealer9', () => false)).verdict.inFlight).toEqual({ address: 1, account: 1 });
    now += SLOT_TTL_MS;
    expect((await admitIf(slots, '192.0.2.77', 'dealer9', () => false)).verdict.inFlight).toEqual({ address: 0, account: 0 });
  });
});
