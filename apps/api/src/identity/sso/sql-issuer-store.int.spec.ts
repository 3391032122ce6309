/**
 * The SQL issuer store beyond the contract it shares with the memory store (issuer-store.unit.spec.ts): two stores on
 * one database (two API instances) see each other's rows, a flood beyond the bounds evicts only anonymous rows, and
 * expired rows are swept. PGlite in memory; PostgreSQL too when DATABASE_URL is set (there, two connections).
 */
import { describe, expect, it } from '@jest/globals';
import type { ReadModelDb } from '@auction/read-models';
import { READ_MODEL_MODES, withFreshReadModelDb } from '../../testing/read-model-db.test-support.js';
import { SqlIssuerStore } from './sql-issuer-store.js';

describe.each(READ_MODEL_MODES)('SqlIssuerStore on %s (#24 item 1)', (mode) => {
  let a: ReadModelDb;
  let b: ReadModelDb;
  withFreshReadModelDb(mode, ([first, second]) => { a = first!; b = second!; }, 2);

  const empty = async (db: ReadModelDb) => {
    await new SqlIssuerStore(db).sweep();
    await db.query('DELETE FROM public.oidc_payload');
  };

  it('a session, its uid, a consumed code and a revoked grant are seen alike by a second instance', async () => {
    await empty(a);
    const one = new SqlIssuerStore(a);
    const two = new SqlIssuerStore(b);
    await one.adapter('Session').upsert('s1', { accountId: 'u1', uid: 'uid-1', loginTs: 1000, authorizations: { web: { grantId: 'g1' } } }, 3600);
    await one.adapter('AuthorizationCode').upsert('c1', { grantId: 'g1', accountId: 'u1' }, 60);
    expect(await two.adapter('Session').findByUid('uid-1')).toMatchObject({ accountId: 'u1', loginTs: 1000 });
    await two.adapter('AuthorizationCode').consume('c1');
    expect((await one.adapter('AuthorizationCode').find('c1'))?.consumed).toEqual(expect.any(Number));
    await one.adapter('AuthorizationCode').revokeByGrantId('g1');
    expect(await two.adapter('AuthorizationCode').find('c1')).toBeUndefined();
    await two.adapter('Session').destroy('s1');
    expect(await one.adapter('Session').find('s1')).toBeUndefined();
    // Outside the read-model schema, which a rebuild drops.
    const [row] = await a.query<{ schema: string }>("SELECT table_schema AS schema FROM information_schema.tables WHERE table_name = 'oidc_payload'");
    expect(row?.schema).toBe('public');
  });

  it('6,000 anonymous sign-in starts over two instances, beyond bounds of 1,000, evict no signed-in session', async () => {
    await empty(a);
    const bounds = { Interaction: 1_000, AnonymousSession: 1_000, Session: 1_000, Grant: 1_000, default: 1_000 };
    const stores = [new SqlIssuerStore(a, bounds), new SqlIssuerStore(b, bounds)];
    await stores[0]!.adapter('Session').upsert('signed-in', { accountId: 'u1', uid: 'uid-signed-in', loginTs: 1000 }, 43_200);
    await stores[0]!.adapter('Grant').upsert('g-signed-in', { accountId: 'u1', iat: 1000 }, 43_200);
    const started = Date.now();
    for (let i = 0; i < 6_000; i++) {
      const store = stores[i % 2]!;
      await store.adapter('Interaction').upsert(`i${i}`, { uid: `i${i}` }, 600);
      await store.adapter('Session').upsert(`a${i}`, { uid: `a${i}` }, 43_200);
    }
    const ms = Date.now() - started;
    const [interactions, anonymous, signedIn] = await Promise.all(['Interaction', 'AnonymousSession', 'Session'].map((m) => stores[1]!.size(m)));
    console.log(`SqlIssuerStore on ${mode}: 12,000 saves (6,000 starts) over two instances in ${ms} ms (${(ms / 12_000).toFixed(2)} ms a save); `
      + `kept ${interactions} interactions, ${anonymous} anonymous sessions (bound 1,000 each), ${signedIn} signed-in session`);
    expect(await stores[1]!.adapter('Session').findByUid('uid-signed-in')).toMatchObject({ accountId: 'u1' });
    expect(await stores[1]!.adapter('Grant').find('g-signed-in')).toBeDefined();
    expect(await stores[1]!.adapter('Interaction').find('i5999')).toBeDefined();
    expect(await stores[1]!.adapter('Interaction').find('i0')).toBeUndefined();
    // Each instance trims every 50 saves of a model: at most 5% over the bound per instance.
    expect(interactions).toBeLessThanOrEqual(1_100);
    expect(anonymous).toBeLessThanOrEqual(1_100);
    expect(signedIn).toBe(1);
  }, 300_000);

  it('sweeps expired rows, and never answers one', async () => {
    await empty(a);
    let now = 1_000_000;
    const store = new SqlIssuerStore(a, undefined, () => now);
    for (let i = 0; i < 30; i++) await store.adapter('Interaction').upsert(`x${i}`, { uid: `x${i}` }, 60);
    await store.adapter('Grant').upsert('kept', { accountId: 'u1', iat: 1 }, 3600);
    now += 61_000;
    expect(await store.adapter('Interaction').find('x1')).toBeUndefined();
    await store.sweep();
    const [row] = await a.query<{ n: string | number }>('SELECT count(*) AS n FROM public.oidc_payload');
    expect(Number(row!.n)).toBe(1);
  });
});
