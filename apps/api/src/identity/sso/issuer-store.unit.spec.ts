/**
 * The issuer's store, bounded per model and per account: the memory store, and the SQL store every instance shares
 * (PGlite in memory; PostgreSQL too when DATABASE_URL is set).
 */
import { describe, expect, it } from '@jest/globals';
import type { ReadModelDb } from '@auction/read-models';
import { READ_MODEL_MODES, withFreshReadModelDb } from '../../testing/read-model-db.test-support.js';
import { BoundedIssuerStore, DEFAULT_SESSIONS_PER_ACCOUNT, DEFAULT_STORE_BOUNDS, type IssuerStore, type StoreBounds } from './issuer-store.js';
import { SqlIssuerStore } from './sql-issuer-store.js';

const sessionOf = (accountId: string, loginTs: number, grantId = `grant-${accountId}`) =>
  ({ accountId, loginTs, uid: `uid-${accountId}`, authorizations: { web: { grantId } } });

type Store = IssuerStore & { size(model: string): number | Promise<number> };
type MakeStore = (bounds?: StoreBounds, now?: () => number, perAccount?: number) => Promise<Store>;

/** Each kind of store, with the hooks that give it a database: `register` receives the factory of a fresh store. */
const STORES: [string, (register: (make: MakeStore) => void) => void][] = [
  ['BoundedIssuerStore (memory)', (register) => register(async (bounds, now, perAccount) => new BoundedIssuerStore(bounds, now, perAccount))],
  ...READ_MODEL_MODES.map((mode): [string, (register: (make: MakeStore) => void) => void] => [`SqlIssuerStore on ${mode}`, (register) => {
    let db: ReadModelDb;
    withFreshReadModelDb(mode, ([opened]) => { db = opened!; });
    // The tests share one database: each starts from an empty table.
    register(async (bounds, now, perAccount) => {
      const store = new SqlIssuerStore(db, bounds, now, perAccount ?? DEFAULT_SESSIONS_PER_ACCOUNT);
      await store.sweep();
      await db.query('DELETE FROM public.oidc_payload');
      return store;
    });
  }]),
];

describe.each(STORES)('%s (#21 item 6, #24 item 1)', (name, setUp) => {
  let fresh!: MakeStore;
  setUp((make) => { fresh = make; });

  it('keeps signed-in sessions and their grants through 6,000 anonymous sign-in starts', async () => {
    const store = await fresh();
    const started = Date.now();
    const sessions = store.adapter('Session');
    const grants = store.adapter('Grant');
    await sessions.upsert('s1', sessionOf('user-1', 1000), 43_200);
    await grants.upsert('grant-user-1', { accountId: 'user-1', clientId: 'web', iat: 1000 }, 43_200);
    const interactions = store.adapter('Interaction');
    const anonymous = store.adapter('Session');
    for (let i = 0; i < 6_000; i++) {
      await interactions.upsert(`i${i}`, { uid: `i${i}` }, 600);
      await anonymous.upsert(`a${i}`, { uid: `a${i}` }, 43_200);
    }
    expect(await sessions.find('s1')).toMatchObject({ accountId: 'user-1' });
    expect(await sessions.findByUid('uid-user-1')).toMatchObject({ accountId: 'user-1' });
    expect(await grants.find('grant-user-1')).toBeDefined();
    // The newest sign-ins in progress are kept; the store stays within its bounds.
    expect(await interactions.find('i5999')).toBeDefined();
    expect(await store.size('Interaction')).toBeLessThanOrEqual(DEFAULT_STORE_BOUNDS.Interaction!);
    console.log(`${name}: 6,000 interactions and 6,000 anonymous sessions saved in ${Date.now() - started} ms; `
      + `kept ${await store.size('Interaction')} interactions, ${await store.size('AnonymousSession')} anonymous sessions, ${await store.size('Session')} signed-in session`);
  }, 300_000);

  it('drops the oldest entry of a full model only, and expired entries first', async () => {
    let now = 0;
    const store = await fresh({ Interaction: 3, Session: 2, default: 5 }, () => now);
    const interactions = store.adapter('Interaction');
    for (const id of ['a', 'b', 'c']) await interactions.upsert(id, { uid: id }, 600);
    await interactions.upsert('d', { uid: 'd' }, 600);
    expect(await interactions.find('a')).toBeUndefined();
    expect(await interactions.find('b')).toBeDefined();
    now = 601_000;
    expect(await interactions.find('b')).toBeUndefined();
    expect(await store.size('Interaction')).toBeLessThan(3);
    expect(await store.size('Session')).toBe(0);
  });

  it('ends the sessions and grants of a user signed in before a password change, with their tokens', async () => {
    const store = await fresh();
    const sessions = store.adapter('Session');
    const grants = store.adapter('Grant');
    const codes = store.adapter('AuthorizationCode');
    await sessions.upsert('old', sessionOf('user-1', 1000, 'g-old'), 43_200);
    await grants.upsert('g-old', { accountId: 'user-1', iat: 1000 }, 43_200);
    await codes.upsert('code-old', { grantId: 'g-old', accountId: 'user-1' }, 60);
    await sessions.upsert('other', sessionOf('user-2', 1000, 'g-2'), 43_200);
    await grants.upsert('g-2', { accountId: 'user-2', iat: 1000 }, 43_200);

    await store.endAccount('user-1', 1500);
    expect(await sessions.find('old')).toBeUndefined();
    expect(await sessions.findByUid('uid-user-1')).toBeUndefined();
    expect(await grants.find('g-old')).toBeUndefined();
    expect(await codes.find('code-old')).toBeUndefined();
    expect(await sessions.find('other')).toBeDefined();
    expect(await grants.find('g-2')).toBeDefined();

    // A sign-in after the change stays.
    await sessions.upsert('new', sessionOf('user-1', 2000, 'g-new'), 43_200);
    await grants.upsert('g-new', { accountId: 'user-1', iat: 2000 }, 43_200);
    await store.endAccount('user-1', 1500);
    expect(await sessions.find('new')).toBeDefined();
    expect(await grants.find('g-new')).toBeDefined();
  });

  it('one account signing in again and again evicts its own oldest sessions and grants, never another user\'s (attack review)', async () => {
    const store = await fresh({ Session: 10, Grant: 10, default: 10 }, Date.now, 3);
    const sessions = store.adapter('Session');
    const grants = store.adapter('Grant');
    await sessions.upsert('victim', sessionOf('user-1', 1000, 'g-victim'), 43_200);
    await grants.upsert('g-victim', { accountId: 'user-1', iat: 1000 }, 43_200);
    for (let i = 0; i < 50; i++) {
      await sessions.upsert(`s${i}`, { ...sessionOf('attacker', 1000 + i, `g${i}`), uid: `u${i}` }, 43_200);
      await grants.upsert(`g${i}`, { accountId: 'attacker', iat: 1000 + i }, 43_200);
    }
    expect(await sessions.find('victim')).toMatchObject({ accountId: 'user-1' });
    expect(await grants.find('g-victim')).toBeDefined();
    expect(await sessions.find('s49')).toBeDefined();
    expect(await sessions.find('s46')).toBeUndefined();
    expect(await sessions.findByUid('u46')).toBeUndefined();
    expect(await store.size('Session')).toBe(4);
    expect(await store.size('Grant')).toBe(4);
  });
});
