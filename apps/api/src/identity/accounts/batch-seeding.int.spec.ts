/**
 * The demo data's batch writes beside the log (demo-data.ts): `UsernameClaims.claimMany` and
 * `SqlPersonalDataStore.createMissing` give many users their names and data in a few statements, with the rules of
 * their one-at-a-time forms: a name another user holds stays theirs, data a subject has is kept, a user's e-mail another
 * user holds is 409111 and creates nothing.
 */
import { describe, expect, it } from '@jest/globals';
import type { ReadModelDb } from '@auction/read-models';
import { LiveReadModel } from '../../platform/engine/live-read-model.js';
import { READ_MODEL_MODES, withFreshReadModelDb } from '../../testing/read-model-db.test-support.js';
import { SqlPersonalDataStore } from './personal-data.js';
import { UsernameClaims } from './username-claims.js';

describe.each(READ_MODEL_MODES)('batch seeding beside the log on %s', (mode) => {
  let db: ReadModelDb;
  withFreshReadModelDb(mode, (opened) => { db = opened[0]!; });

  it('claimMany: new names are claimed (lower-cased key, name as written); a name held by another user stays theirs; again changes nothing', async () => {
    const index = new LiveReadModel();
    const told: string[] = [];
    const nameClaimed = index.nameClaimed.bind(index);
    index.nameClaimed = (idUser, claim) => { told.push(`${idUser}=${claim.key}/${claim.display}`); nameClaimed(idUser, claim); };
    const claims = new UsernameClaims(db, index);
    expect(await claims.claim('Taken', 'u-other')).toBe(true);
    const mine = await claims.claimMany([{ username: 'Alice', idUser: 'u-1' }, { username: 'bob', idUser: 'u-2' }, { username: 'taken', idUser: 'u-3' }]);
    expect([...mine].sort()).toEqual(['u-1', 'u-2']);
    expect(await claims.claimOf('u-1')).toEqual({ key: 'alice', display: 'Alice' });
    expect(await claims.claimOf('u-3')).toBeNull();
    // The engine's index hears of this instance's claims, never of a name another user holds.
    expect(told).toEqual(['u-other=taken/Taken', 'u-1=alice/Alice', 'u-2=bob/bob']);
    expect([...(await claims.claimMany([{ username: 'ALICE', idUser: 'u-1' }]))]).toEqual(['u-1']);
    expect(await claims.claimOf('u-1')).toEqual({ key: 'alice', display: 'Alice' });
    expect(await claims.claimMany([])).toEqual(new Set());
  });

  it('createMissing: subjects without data get theirs, those with data keep it; a taken user e-mail is 409111 and creates nothing', async () => {
    const store = new SqlPersonalDataStore(db);
    await store.merge('USER', 'u-1', { name: 'Kept', email: 'kept@example.com' });
    const created = await store.createMissing('USER', [
      { id: 'u-1', data: { name: 'Overwritten?' } },
      { id: 'u-2', data: { name: 'Bea', email: 'Bea@Example.com' } },
      { id: 'u-3', data: { name: 'Cy', email: null } },
    ]);
    expect(created.sort()).toEqual(['u-2', 'u-3']);
    expect(await store.get('USER', 'u-1')).toEqual({ name: 'Kept', email: 'kept@example.com' });
    expect(await store.get('USER', 'u-2')).toEqual({ name: 'Bea', email: 'Bea@Example.com' });
    expect(await store.idsByEmail('USER', 'bea@example.com')).toEqual(['u-2']);
    await expect(store.createMissing('USER', [{ id: 'u-4', data: { email: 'x@example.com' } }, { id: 'u-5', data: { email: 'KEPT@example.com' } }]))
      .rejects.toMatchObject({ httpStatus: 409, code: 409111 });
    expect(await store.get('USER', 'u-4')).toBeNull();
    expect(await store.createMissing('DEALER', [{ id: 'd-1', data: { businessName: 'Demo Motors 1' } }])).toEqual(['d-1']);
    expect(await store.createMissing('DEALER', [])).toEqual([]);
  });

  it('createMissing: a subject that has data keeps it even when its entry\'s e-mail is now another user\'s (a restart after an e-mail change)', async () => {
    const store = new SqlPersonalDataStore(db);
    await store.merge('USER', 'dealer1', { name: 'Demo', email: 'moved@example.com' });
    await store.merge('USER', 'u-real', { email: 'dealer1@demo.example' });
    expect(await store.createMissing('USER', [{ id: 'dealer1', data: { name: 'Demo', email: 'dealer1@demo.example' } }])).toEqual([]);
    expect(await store.get('USER', 'dealer1')).toEqual({ name: 'Demo', email: 'moved@example.com' });
  });
});
